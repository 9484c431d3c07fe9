import { randomBytes, randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { LeadWebhookPayloadSchema, WEBHOOK_HEADERS } from '@hap/contracts';
import { createQueue, createWorker, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { createClient } from '@hap/test-kit/factories/tenant';
import { createTenantClient } from '../../src/clients/tenant.client';
import { clinicAwareNotConfigured, NOT_CONFIGURED, notConfiguredIn } from '../../src/modules/delivery/channels';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { relayOnce } from '../../src/modules/delivery/relay';
import { createWebhookSender, signWebhook, type WebhookSender } from '../../src/modules/delivery/webhook';
import { ANONYMOUS, START_TIMEOUT_MS, relayOnly, startLeads, type TestLeads } from '../helpers/app';
import { startWebhookReceiver, type HookAnswer } from '@hap/test-kit/webhook-receiver';

interface Delivery {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe('lead delivery: the clinic’s signed webhook', () => {
  let t: TestLeads;
  const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}` };
  let queue: JobQueue<'leads.deliver'>;
  const receivers: Array<{ close: () => Promise<void> }> = [];

  // Tenant's own rows: a loopback receiver is no URL an admin can save (public hosts only), so the test writes it.
  const tenantData = () => t.templates!.tenant.dataSource;

  beforeAll(async () => {
    t = await startLeads();
    queue = createQueue('leads.deliver', redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await queue.close();
    await t.close();
  });

  const tenantClient = () => createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
  const loopbackSender = createWebhookSender({ timeoutMs: 2000, allowPrivate: true });
  const handlerWith = (webhooks: WebhookSender) => createDeliveryHandler({ dataSource: t.dataSource, mailer: null, webhooks, crm: null, tenant: tenantClient() });
  const job = (made: number, attempts = 5) => ({ attemptsMade: made, opts: { attempts } }) as Job<{ deliveryId: number }>;

  /** A clinic with an active service and, unless `webhook` is null, a webhook to a loopback receiver answering `answers`. */
  async function clinicWithReceiver(answers: HookAnswer[] = [200]) {
    const receiver = await startWebhookReceiver(answers);
    receivers.push(receiver);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const clinic = await createClient(tenantData(), { name: `Summit Vitality ${randomUUID().slice(0, 6)}`, email: null, webhookUrl: receiver.url, webhookSecret: secret });
    const template = await createTemplate(t.templates!.dataSource);
    const serviceId = (await createClientService(t.templates!.dataSource, clinic.id, template.id, { isActive: true })).id;
    return { receiver, clientId: clinic.id, serviceId, secret };
  }

  /** A lead as today's form sends it (consent version lead-form-v1), or with `consent` instead ({}: the spec's body, no consent). */
  async function submitLead(clientId: number, serviceId: number, name: string, consent: Record<string, unknown> = { consentVersion: 'lead-form-v1' }) {
    const res = await t.api.post('/api/leads', ANONYMOUS).send({
      name,
      email: `${randomUUID()}@example.com`,
      phone: '(720) 555-0188',
      message: 'Mornings are best.',
      clientId,
      serviceId,
      ...consent,
      attribution: { styleVariant: 'b', last: { utmSource: 'google', utmCampaign: 'spring', gclid: 'Cj0KCQ' } },
    });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(
      `SELECT d."id", d."status", d."attempts", d."last_error" FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
        WHERE l."reference" = $1 AND d."channel" = 'webhook'`,
      [res.body.data.reference],
    )) as Delivery[];
    return { reference: res.body.data.reference as string, webhook: row };
  }
  const deliveryRow = async (id: string) =>
    ((await t.dataSource.query(`SELECT "id", "status", "attempts", "last_error" FROM "leads"."lead_deliveries" WHERE "id" = $1`, [id])) as Delivery[])[0];

  it('POSTs the lead to the clinic’s URL, signed with its secret, and records it delivered', async () => {
    const { receiver, clientId, serviceId, secret } = await clinicWithReceiver();
    const { reference, webhook } = await submitLead(clientId, serviceId, 'Priya Natarajan');

    await handlerWith(loopbackSender)({ deliveryId: Number(webhook.id) }, job(0));

    expect(await deliveryRow(webhook.id)).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers[WEBHOOK_HEADERS.event]).toBe('lead.created');
    expect(hook.headers[WEBHOOK_HEADERS.delivery]).toBe(webhook.id);
    // The receiver's check: recompute the HMAC over the raw body with the clinic's secret.
    const signature = String(hook.headers[WEBHOOK_HEADERS.signature]);
    const t0 = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(signature)?.[1]);
    expect(Math.abs(t0 - Date.now() / 1000)).toBeLessThan(30);
    expect(signature).toBe(signWebhook(secret, t0, hook.body));
    expect(signature).not.toBe(signWebhook('whsec_someone-else', t0, hook.body));

    const payload = LeadWebhookPayloadSchema.parse(JSON.parse(hook.body));
    expect(payload).toMatchObject({
      event: 'lead.created',
      deliveryId: webhook.id,
      lead: { reference, clientId, serviceId, name: 'Priya Natarajan', phone: '(720) 555-0188', message: 'Mornings are best.', styleVariant: 'b', utmSource: 'google', utmCampaign: 'spring', gclid: 'Cj0KCQ' },
    });
    // The consent the patient gave, in the server's sentence naming the clinic; its evidence (IP, user agent) stays with us.
    expect(payload.lead.consent).toEqual({
      status: 'captured',
      version: 'lead-form-v1',
      text: expect.stringMatching(/^By submitting, you agree that Summit Vitality \w+ may contact you by phone, text or e-mail about your enquiry\.$/),
      at: expect.any(String),
    });
    expect(hook.body).not.toMatch(/user_?agent|"ip"/i);
  });

  it('says "not captured" for a lead sent without consent (the spec’s body), with no sentence', async () => {
    const { receiver, clientId, serviceId } = await clinicWithReceiver();
    const { webhook } = await submitLead(clientId, serviceId, 'Noor Haddad', {});

    await handlerWith(loopbackSender)({ deliveryId: Number(webhook.id) }, job(0));

    const payload = LeadWebhookPayloadSchema.parse(JSON.parse(receiver.received[0].body));
    expect(payload.lead.consent).toEqual({ status: 'not_captured', version: null, text: null, at: null });
    expect(receiver.received[0].body).not.toContain('By submitting');
  });

  it('retries a receiver that failed, with the same delivery id, and keeps the error it gave on the row meanwhile', async () => {
    const { receiver, clientId, serviceId } = await clinicWithReceiver([{ status: 500, body: 'database locked' }, 200]);
    const { webhook } = await submitLead(clientId, serviceId, 'Tomás Rivera');
    const handler = handlerWith(loopbackSender);

    await expect(handler({ deliveryId: Number(webhook.id) }, job(0))).rejects.toThrow('The webhook answered 500 Internal Server Error: database locked');
    expect(await deliveryRow(webhook.id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'The webhook answered 500 Internal Server Error: database locked' });

    await handler({ deliveryId: Number(webhook.id) }, job(1));
    expect(await deliveryRow(webhook.id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.delivery])).toEqual([webhook.id, webhook.id]);
  });

  it('leaves the delivery failed with the last error when every attempt fails (a redirect is not followed; a silent receiver times out)', async () => {
    const { clientId, serviceId } = await clinicWithReceiver([{ status: 302, headers: { location: 'https://elsewhere.example/' } }, 'hang']);
    const { webhook } = await submitLead(clientId, serviceId, 'Grace Liu');
    const handler = handlerWith(createWebhookSender({ timeoutMs: 300, allowPrivate: true }));

    await expect(handler({ deliveryId: Number(webhook.id) }, job(0, 2))).rejects.toThrow(/answered 302 Found \(redirects are not followed; set the final URL\)/);
    await expect(handler({ deliveryId: Number(webhook.id) }, job(1, 2))).rejects.toThrow('The webhook did not answer within 300 ms.');
    expect(await deliveryRow(webhook.id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'The webhook did not answer within 300 ms.' });
  });

  it('refuses to call a private or loopback address unless allowed, and sends nothing there', async () => {
    const { receiver, clientId, serviceId } = await clinicWithReceiver();
    const { webhook } = await submitLead(clientId, serviceId, 'Ada Obi');
    const guarded = createWebhookSender({ timeoutMs: 1000, allowPrivate: false });

    await expect(handlerWith(guarded)({ deliveryId: Number(webhook.id) }, job(0))).rejects.toThrow(
      "The webhook's host 127.0.0.1 is not a public address (127.0.0.1); webhooks only reach public hosts.",
    );
    // A name that resolves to loopback is refused at connect time, after the DNS answer.
    const payload = { event: 'lead.created', deliveryId: '1', lead: {} } as never;
    await expect(guarded.send({ url: `http://localhost:${receiver.port}/hooks/leads`, secret: 's', deliveryId: '1', payload })).rejects.toThrow(
      /The webhook's host localhost is not a public address \((127\.0\.0\.1|::1)\)/,
    );
    // Loopback in IPv6 forms that reach 127.0.0.1 (a URL stored before the save-time check, say).
    await expect(guarded.send({ url: `http://[::ffff:127.0.0.1]:${receiver.port}/hooks/leads`, secret: 's', deliveryId: '1', payload })).rejects.toThrow(
      "The webhook's host ::ffff:7f00:1 is not a public address (::ffff:7f00:1)",
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('records the channel as not configured for a clinic without a webhook', async () => {
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: 'Quiet Clinic', address: '1 Main St, Austin', phone: '(512) 555-0100' });
    const template = await createTemplate(t.templates!.dataSource);
    const serviceId = (await createClientService(t.templates!.dataSource, created.body.data.id, template.id, { isActive: true })).id;
    const { webhook } = await submitLead(created.body.data.id, serviceId, 'Noah Kim');

    await handlerWith(loopbackSender)({ deliveryId: Number(webhook.id) }, job(0));
    expect(await deliveryRow(webhook.id)).toMatchObject({ status: 'not_configured', last_error: NOT_CONFIGURED.webhook });
  });

  it('goes outbox → relay → BullMQ → receiver, retrying with backoff until the receiver takes it', async () => {
    const { receiver, clientId, serviceId } = await clinicWithReceiver([503, 200]);
    const { webhook } = await submitLead(clientId, serviceId, 'Lucia Romano');
    // Only this delivery: other suites' leads wait pending in the same database.
    await relayOnly(t.dataSource, { deliveryId: webhook.id }, () => relayOnce({ dataSource: t.dataSource, queue, notConfigured: notConfiguredIn(null) }));
    expect((await deliveryRow(webhook.id)).status).toBe('queued');

    const worker = createWorker('leads.deliver', handlerWith(loopbackSender), redis);
    try {
      const until = Date.now() + 20_000;
      while ((await deliveryRow(webhook.id)).status !== 'delivered') {
        if (Date.now() > until) throw new Error(`still ${JSON.stringify(await deliveryRow(webhook.id))}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.close();
    }
    expect(await deliveryRow(webhook.id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received).toHaveLength(2);
  }, 30_000);

  it('reuses a clinic’s answer for the cache time, then sees a changed webhook', async () => {
    const { clientId, receiver } = await clinicWithReceiver();
    // The cache's clock is the test's: a busy machine's slow PATCH does not outlast the reuse.
    let clock = 1_000_000;
    const cachedTenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000, cacheMs: 400, now: () => clock });
    expect((await cachedTenant.clinic(clientId)).webhook?.url).toBe(receiver.url);

    const moved = 'https://crm.example.com/hooks/moved';
    expect((await t.templates!.tenant!.api.patch(`/api/clients/${clientId}`, ADMIN).send({ webhookUrl: moved })).status).toBe(200);
    expect((await cachedTenant.clinic(clientId)).webhook?.url).toBe(receiver.url);
    expect((await tenantClient().clinic(clientId)).webhook?.url).toBe(moved);
    clock += 450;
    expect((await cachedTenant.clinic(clientId)).webhook?.url).toBe(moved);

  });

  it('lets the relay settle the webhook row of a clinic without a webhook, without a job; a clinic with one gets its job', async () => {
    const withHook = await clinicWithReceiver();
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: 'No Hook Clinic', address: '3 Plain St, Austin', phone: '(512) 555-0102' });

    // What the worker's relay is given (worker.ts); the relay settles a row with a reason and queues the others.
    const decide = clinicAwareNotConfigured(notConfiguredIn(null), tenantClient());
    expect(await decide('webhook', created.body.data.id)).toBe(NOT_CONFIGURED.webhook);
    expect(await decide('webhook', withHook.clientId)).toBeNull();
    expect(await decide('email', withHook.clientId)).toBe(NOT_CONFIGURED.smtp);
    // No CRM credentials in this process: settled for every clinic, whatever tenant says.
    expect(await decide('crm', withHook.clientId)).toBe(NOT_CONFIGURED.crmProvider);
    // Tenant cannot answer: the job decides.
    const unreachable = clinicAwareNotConfigured(notConfiguredIn(null), createTenantClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: 'x', timeoutMs: 300 }));
    expect(await unreachable('webhook', withHook.clientId)).toBeNull();
  });
});
