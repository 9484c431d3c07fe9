import { createQueue, createWorker, type JobQueue } from '@hap/service-kit';
import { createWebPush } from '@hap/service-kit/push';
import { createClinicUser, createPushSubscription } from '@hap/test-kit/factories/tenant';
import { startFakeWebPush, type FakeWebPush } from '@hap/test-kit/fakes/web-push';
import { suiteQueueRedis } from '@hap/test-kit/test-env';
import { createTenantClient } from '../../src/clients/tenant.client';
import { clinicAwareNotConfigured, NOT_CONFIGURED, notConfiguredIn } from '../../src/modules/delivery/channels';
import { createDeliveryHandler, type DeliveryDependencies } from '../../src/modules/delivery/deliver.job';
import { relayOnce } from '../../src/modules/delivery/relay';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { clinicWithService, submittedLeadId } from '../helpers/leads';

interface Delivery {
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

const PORTAL = 'https://app.agency.test';
/** A VAPID key pair made for these tests (`npx web-push generate-vapid-keys`). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk',
  VAPID_PRIVATE_KEY: '9Nc6fkgUYxI-PwBluBij5h3lchemsDeWqgJnPlFy4I4',
  VAPID_SUBJECT: 'mailto:alerts@agency.test',
  PUSH_TIMEOUT_MS: 2000,
};

describe('web pushes of a new lead to the clinic’s users (docs/leads.md#delivery)', () => {
  let t: TestLeads;
  let service: FakeWebPush;
  let queue: JobQueue<'leads.deliver'>;
  const redis = suiteQueueRedis();
  let clientId: number;
  let serviceId: number;

  beforeAll(async () => {
    t = await startLeads();
    service = await startFakeWebPush();
    ({ clientId, serviceId } = await clinicWithService(t, { name: 'Cedar Point Clinic', address: '5 Cedar Rd, Boise', phone: '(208) 555-0190' }));
    queue = createQueue('leads.deliver', redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await queue.close();
    await service.close();
    await t.close();
  });

  const tenantDb = () => t.templates!.tenant!.dataSource;
  /** Users of a test done with: the next test's leads leave them out. */
  const disable = (...ids: number[]) => tenantDb().query(`UPDATE "tenant"."users" SET "disabled_at" = now() WHERE "id" = ANY($1::int[])`, [ids]);
  const deliveriesOf = async (leadId: string) =>
    (await t.dataSource.query(
      `SELECT "channel", "recipient", "status", "attempts", "last_error" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 ORDER BY "channel", "recipient"`,
      [leadId],
    )) as Delivery[];

  /** The worker's relay and handler (no SMTP here: pushes only), until every delivery of the lead is settled; `watch` sees each scan. */
  async function deliverAll(leadId: string, extra: Partial<DeliveryDependencies> = {}, watch: (rows: Delivery[]) => void = () => {}) {
    const push = createWebPush(VAPID);
    const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const handler = createDeliveryHandler({ dataSource: t.dataSource, mailer: null, webhooks: createWebhookSender({ timeoutMs: 2000, allowPrivate: false }), crm: null, push, tenant, portalOrigin: PORTAL, ...extra });
    const worker = createWorker('leads.deliver', handler, redis);
    try {
      const until = Date.now() + 20_000;
      for (;;) {
        await relayOnce({ dataSource: t.dataSource, queue, notConfigured: clinicAwareNotConfigured(notConfiguredIn(null, null, push), tenant) });
        const rows = await deliveriesOf(leadId);
        watch(rows);
        if (rows.every((d) => !['pending', 'queued'].includes(d.status))) break;
        if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(rows)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.close();
    }
  }

  it('pushes each device of each user who chose pushes, deletes a device the push service dropped, and says how it went', async () => {
    const owner = await createClinicUser(tenantDb(), clientId, { role: 'owner' });
    const staffOff = await createClinicUser(tenantDb(), clientId, { role: 'front_desk' });
    const phone = service.subscribe();
    const laptop = service.subscribe();
    const staffPhone = service.subscribe();
    await createPushSubscription(tenantDb(), owner.id, phone);
    await createPushSubscription(tenantDb(), owner.id, laptop);
    await createPushSubscription(tenantDb(), staffOff.id, staffPhone);
    service.gone(laptop.endpoint);

    const leadId = await submittedLeadId(t, { name: 'Ada Brightwater', phone: '(208) 555-0111', clientId, serviceId });
    await deliverAll(leadId);

    const rows = await deliveriesOf(leadId);
    // No SMTP in this worker: the owner's e-mail row says so; the push went.
    expect(rows.find((d) => d.channel === 'notify_users')).toMatchObject({ status: 'delivered', last_error: '1 user to e-mail, 1 user to push.' });
    expect(rows.find((d) => d.channel === 'user_email')).toMatchObject({ status: 'not_configured', last_error: NOT_CONFIGURED.smtp });
    expect(rows.filter((d) => d.channel === 'user_push')).toEqual([
      { channel: 'user_push', recipient: `push:${owner.id}`, status: 'delivered', attempts: 1, last_error: '1 device of 2; 1 gone device removed.' },
    ]);

    const toPhone = service.received.filter((m) => m.endpoint === phone.endpoint);
    expect(toPhone).toHaveLength(1);
    expect(JSON.parse(toPhone[0].payload)).toEqual({
      title: 'New enquiry for Cedar Point Clinic',
      body: 'Open the portal to see it.',
      tag: `lead-${leadId}`,
      data: { url: `${PORTAL}/portal/leads?lead=${leadId}` },
    });
    // Staff who did not choose pushes get none, even with a device subscribed.
    expect(service.received.filter((m) => m.endpoint === staffPhone.endpoint)).toEqual([]);
    const kept = (await tenantDb().query(`SELECT "endpoint" FROM "tenant"."push_subscriptions" WHERE "user_id" = $1`, [owner.id])) as Array<{ endpoint: string }>;
    expect(kept.map((k) => k.endpoint)).toEqual([phone.endpoint]);
    await disable(owner.id, staffOff.id);
  });

  it('holds a push for the user’s quiet hours (the clinic’s zone) and sends it when they end, without spending a try', async () => {
    const night = await createClinicUser(tenantDb(), clientId, { role: 'owner', newLeadEmail: 'off', quietHours: { start: '20:00', end: '07:00' } });
    const phone = service.subscribe();
    await createPushSubscription(tenantDb(), night.id, phone);
    // A clock that reads 06:59:58 in Denver now and runs on: the quiet hours end two seconds from now.
    const startedAt = Date.now();
    const clinicNow = Date.parse('2026-12-03T13:59:58Z');
    const now = () => new Date(clinicNow + (Date.now() - startedAt));

    const leadId = await submittedLeadId(t, { name: 'Bo Latenight', phone: '(208) 555-0112', clientId, serviceId });
    const notes = new Set<string | null>();
    await deliverAll(leadId, { now, clinicZone: () => Promise.resolve('America/Denver') }, (rows) => notes.add(rows.find((d) => d.channel === 'user_push')?.last_error ?? null));

    expect(notes).toContain('Held for the user’s quiet hours, until 07:00 (America/Denver).');
    const [sent] = service.received.filter((m) => m.endpoint === phone.endpoint);
    expect(sent).toBeDefined();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
    expect((await deliveriesOf(leadId)).find((d) => d.channel === 'user_push')).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    await disable(night.id);
  }, 30_000);

  it('retries a push service that is down, and lets the relay settle pushes in a worker without VAPID keys', async () => {
    const user = await createClinicUser(tenantDb(), clientId, { role: 'owner', newLeadEmail: 'off' });
    const phone = service.subscribe();
    await createPushSubscription(tenantDb(), user.id, phone);
    service.failNext(503);

    const leadId = await submittedLeadId(t, { name: 'Cy Retry', phone: '(208) 555-0113', clientId, serviceId });
    await deliverAll(leadId);
    expect((await deliveriesOf(leadId)).find((d) => d.channel === 'user_push')).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(service.refused.some((r) => r.endpoint === phone.endpoint && r.status === 503)).toBe(true);

    expect(notConfiguredIn(null)('user_push')).toBe(NOT_CONFIGURED.push);
    expect(notConfiguredIn(null)('notify_users')).toBe(NOT_CONFIGURED.noAlertProvider);
  }, 30_000);
});
