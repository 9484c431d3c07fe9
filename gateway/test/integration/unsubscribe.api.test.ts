import request from 'supertest';
import type { LeadRecipient } from '@hap/contracts';
import { createClient, createClinicUser } from '@hap/test-kit/factories/tenant';
import { buildGateway } from '../helpers/gateway';
import { startTenant, TENANT_START_TIMEOUT_MS } from '../helpers/services';

/**
 * The one-click unsubscribe link of a clinic user's new-lead e-mail (docs/portal.md docs/public-site.md#what-a-page-shows, RFC 8058) through the real gateway: public, no session; the mail
 * provider's POST carries no Origin; a foreign page cannot post it.
 */
describe('POST /api/portal/unsubscribe through the gateway', () => {
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  let gateway: ReturnType<typeof buildGateway>['app'];

  beforeAll(async () => {
    tenant = await startTenant();
    gateway = buildGateway({ TENANT_URL: tenant.url }).app;
    await gateway.ready();
  }, TENANT_START_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.close();
    await tenant?.close();
  });

  /** The link's token as the leads worker gets it for its e-mail: tenant's list of the clinic's lead recipients. */
  async function unsubscribeTokenOf(clientId: number, userId: number): Promise<string> {
    const res = await tenant.api.get(`/internal/clients/${clientId}/lead-recipients`, { kind: 'service', service: 'leads' });
    expect(res.status).toBe(200);
    const recipient = (res.body.data as LeadRecipient[]).find((r) => r.userId === userId);
    if (!recipient) throw new Error(`user ${userId} is not among clinic ${clientId}'s lead recipients: ${res.text}`);
    return recipient.unsubscribeToken;
  }

  it('shows the button on GET, turns the e-mails off on the one-click POST once, and refuses a foreign page’s post', async () => {
    const clinic = await createClient(tenant.dataSource);
    const owner = await createClinicUser(tenant.dataSource, clinic.id);
    const link = `/api/portal/unsubscribe?token=${encodeURIComponent(await unsubscribeTokenOf(clinic.id, owner.id))}`;

    const page = await request(gateway.server).get(link);
    const foreign = await request(gateway.server).post(link).set('origin', 'https://evil.example').type('form').send('List-Unsubscribe=One-Click');
    const first = await request(gateway.server).post(link).type('form').send('List-Unsubscribe=One-Click');
    const again = await request(gateway.server).post(link).type('form').send('List-Unsubscribe=One-Click');

    expect(page.status).toBe(200);
    expect(page.text).toContain('Stop these e-mails');
    expect(foreign.status).toBe(403);
    expect(first.status).toBe(200);
    expect(first.text).toContain('You are unsubscribed');
    expect(again.status).toBe(410);
    const [row] = await tenant.dataSource.query<Array<{ new_lead_email: string }>>('SELECT "new_lead_email" FROM "tenant"."users" WHERE "id" = $1', [owner.id]);
    expect(row.new_lead_email).toBe('off');
  });
});
