import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { createGoHighLevel } from '@hap/service-kit/gohighlevel';
import { ADMIN } from '@hap/service-kit/testing';
import { startFakeGoHighLevel } from '@hap/test-kit/fakes/gohighlevel';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { createTenantClient } from '../../src/clients/tenant.client';
import { NOT_CONFIGURED, notConfiguredIn } from '../../src/modules/delivery/channels';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';

interface Delivery {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe('lead delivery: a contact in the clinic’s GoHighLevel sub-account', () => {
  let t: TestLeads;
  let ghl: Awaited<ReturnType<typeof startFakeGoHighLevel>>;

  beforeAll(async () => {
    t = await startLeads();
    ghl = await startFakeGoHighLevel({ agencyToken: 'pit-agency', companyId: 'comp_9', locations: ['loc_clinic'] });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await ghl.close();
    await t.close();
  });

  const crm = () => createGoHighLevel({ GHL_AGENCY_TOKEN: 'pit-agency', GHL_COMPANY_ID: 'comp_9', GHL_BASE_URL: ghl.url, GHL_TIMEOUT_MS: 2000 });
  const handler = () =>
    createDeliveryHandler({
      dataSource: t.dataSource,
      mailer: null,
      webhooks: createWebhookSender({ timeoutMs: 1000, allowPrivate: false }),
      crm: crm(),
      tenant: createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 }),
    });
  const job = (made: number, attempts = 5) => ({ attemptsMade: made, opts: { attempts } }) as Job<{ deliveryId: number }>;

  /** A clinic with an active service; its CRM sub-account is what provisioning would have recorded. */
  async function clinic(subaccount: string | null) {
    const tenant = t.templates!.tenant!;
    const created = await tenant.api.post('/api/clients', ADMIN).send({ name: `Peak Wellness ${randomUUID().slice(0, 6)}`, address: '7 Peak Rd, Boulder', phone: '(303) 555-0170' });
    const clientId = created.body.data.id as number;
    if (subaccount) await t.dataSource.query(`UPDATE "tenant"."clients" SET "ghl_subaccount_id" = $2 WHERE "id" = $1`, [clientId, subaccount]);
    const template = await createTemplate(t.templates!.dataSource);
    const serviceId = (await createClientService(t.templates!.dataSource, clientId, template.id, { isActive: true })).id;
    return { clientId, serviceId };
  }

  /** A lead's CRM delivery; the spec's body (no consent) unless `extra` adds to it. */
  async function crmDeliveryOf(clientId: number, serviceId: number, name: string, email = `${randomUUID()}@example.com`, extra: Record<string, unknown> = {}) {
    const res = await t.api.post('/api/leads', ANONYMOUS).send({ name, email, phone: '(303) 555-0111', clientId, serviceId, ...extra });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(
      `SELECT d."id" FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id" WHERE l."reference" = $1 AND d."channel" = 'crm'`,
      [res.body.data.reference],
    )) as Array<{ id: string }>;
    return row.id;
  }
  const row = async (id: string) =>
    ((await t.dataSource.query(`SELECT "id", "status", "attempts", "last_error" FROM "leads"."lead_deliveries" WHERE "id" = $1`, [id])) as Delivery[])[0];

  it('upserts the patient as a contact in the clinic’s sub-account and records the delivery', async () => {
    const { clientId, serviceId } = await clinic('loc_clinic');
    const id = await crmDeliveryOf(clientId, serviceId, 'Elena Petrova Smith', 'elena@example.com');

    await handler()({ deliveryId: Number(id) }, job(0));

    expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(ghl.contactsOf('loc_clinic')).toContainEqual(
      expect.objectContaining({ firstName: 'Elena', lastName: 'Petrova Smith', email: 'elena@example.com', phone: '(303) 555-0111', source: 'Website form', tags: ['website lead', 'consent not captured'] }),
    );
  });

  it('tags a contact whose form recorded consent as such, and one without as not captured (ARCHITECTURE.md)', async () => {
    const { clientId, serviceId } = await clinic('loc_clinic');
    const given = await crmDeliveryOf(clientId, serviceId, 'Maya Brooks', 'maya.brooks@example.com', { phone: '(303) 555-0181', consentVersion: 'lead-form-v1' });
    // A sentence no form of ours shows is no consent we can vouch for.
    const claimed = await crmDeliveryOf(clientId, serviceId, 'Leo Brandt', 'leo.brandt@example.com', { phone: '(303) 555-0182', consentText: 'I agree to be contacted.' });

    await handler()({ deliveryId: Number(given) }, job(0));
    await handler()({ deliveryId: Number(claimed) }, job(0));

    const contacts = ghl.contactsOf('loc_clinic');
    expect(contacts.find((c) => c.email === 'maya.brooks@example.com')?.tags).toEqual(['website lead', 'consent captured']);
    expect(contacts.find((c) => c.email === 'leo.brandt@example.com')?.tags).toEqual(['website lead', 'consent not captured']);
  });

  it('retries when GoHighLevel asks us to slow down, without a second contact', async () => {
    const { clientId, serviceId } = await clinic('loc_clinic');
    const id = await crmDeliveryOf(clientId, serviceId, 'Sam Ortega', 'sam.ortega@example.com');
    const deliver = handler();
    ghl.failNext(429, 2, { message: 'Too many requests' });

    await expect(deliver({ deliveryId: Number(id) }, job(0))).rejects.toThrow('GoHighLevel answered 429 to /oauth/locationToken: Too many requests');
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
    await expect(deliver({ deliveryId: Number(id) }, job(1))).rejects.toThrow(/429/);
    await deliver({ deliveryId: Number(id) }, job(2));
    expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(ghl.contactsOf('loc_clinic').filter((c) => c.email === 'sam.ortega@example.com')).toHaveLength(1);
  });

  it('fails at once, with GoHighLevel’s reason, when no retry can help (an unknown sub-account)', async () => {
    const { clientId, serviceId } = await clinic('loc_deleted');
    const id = await crmDeliveryOf(clientId, serviceId, 'Ivy Chen');

    await expect(handler()({ deliveryId: Number(id) }, job(0))).rejects.toThrow('GoHighLevel answered 400 to /oauth/locationToken: Location not found');
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'GoHighLevel answered 400 to /oauth/locationToken: Location not found' });
  });

  it('records the channel as not configured for a clinic without a sub-account, and for a worker without credentials', async () => {
    const { clientId, serviceId } = await clinic(null);
    const id = await crmDeliveryOf(clientId, serviceId, 'Omar Haddad');
    await handler()({ deliveryId: Number(id) }, job(0));
    expect(await row(id)).toMatchObject({ status: 'not_configured', last_error: NOT_CONFIGURED.crm });

    expect(notConfiguredIn(null, null)('crm')).toBe('GoHighLevel is not configured (set GHL_AGENCY_TOKEN and GHL_COMPANY_ID).');
    expect(notConfiguredIn(null, crm())('crm')).toBeNull();
  });
});
