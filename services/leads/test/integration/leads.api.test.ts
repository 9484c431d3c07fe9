import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { LeadReceiptSchema, Messages } from '@hap/contracts';
import { uniqueClientId } from '@hap/test-kit/factories/templates';
import { ANONYMOUS, START_TIMEOUT_MS, TEST_CONSENT, clinicWithServices, startLeads, type TestLeads } from '../helpers/app';

/** A loopback port nobody listens on: templates down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface LeadRow {
  id: string;
  client_id: number;
  service_id: number;
  service_checked: boolean;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  status: string;
  style_variant: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  gclid: string | null;
  landing_path: string | null;
  first_touch: Record<string, unknown> | null;
  last_touch: Record<string, unknown> | null;
  consent_status: string;
  consent_text: string | null;
  consent_version: string | null;
  consent_ip: string | null;
  consent_user_agent: string | null;
}

const CONSENT = TEST_CONSENT;

describe('POST /api/leads', () => {
  let t: TestLeads;
  let clientId: number;
  let serviceId: number;
  let inactiveServiceId: number;

  beforeAll(async () => {
    t = await startLeads();
    ({ clientId, serviceId, inactiveServiceId } = await clinicWithServices(t.templates!));
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  const lead = (overrides: Record<string, unknown> = {}) => ({
    name: 'Jane Smith',
    email: 'jane@example.com',
    phone: '(303) 555-0142',
    message: 'Mornings are best.',
    clientId,
    serviceId,
    consentVersion: 'lead-form-v1',
    ...overrides,
  });
  const submit = (body: object, headers: Record<string, string> = {}) =>
    t.api.post('/api/leads', ANONYMOUS).set({ 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Test)', ...headers }).send(body);
  const leadByReference = async (reference: string) =>
    (await t.dataSource.query(`SELECT * FROM "leads"."leads" WHERE "reference" = $1`, [reference])) as LeadRow[];
  const deliveriesOf = async (leadId: string) =>
    (await t.dataSource.query(`SELECT "channel", "status", "attempts" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 ORDER BY "channel"`, [leadId])) as Array<{
      channel: string;
      status: string;
      attempts: number;
    }>;
  const countFor = async (email: string) =>
    Number(((await t.dataSource.query(`SELECT count(*) FROM "leads"."leads" WHERE "email" = $1`, [email])) as Array<{ count: string }>)[0].count);

  it('stores the lead with its attribution, consent and outbox rows, and answers 201 with a reference', async () => {
    const attribution = {
      first: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'trt-denver', gclid: 'Cj0KCQ-first', landingPath: '/trt', at: '2026-11-20T10:00:00.000Z' },
      last: { utmSource: 'google', utmCampaign: 'trt-retarget', gclid: 'Cj0KCQ-last', campaignId: '20123456789', landingPath: '/trt', referrer: 'https://www.google.com/' },
      styleVariant: 'a',
    };
    const res = await submit(lead({ attribution }));
    expect(res.status).toBe(201);
    const { reference } = LeadReceiptSchema.parse(res.body.data);

    const [row] = await leadByReference(reference);
    expect(row).toMatchObject({
      client_id: clientId,
      service_id: serviceId,
      service_checked: true,
      name: 'Jane Smith',
      email: 'jane@example.com',
      phone: '(303) 555-0142',
      message: 'Mornings are best.',
      status: 'new',
      style_variant: 'a',
      // The columns keep the last touch's campaign; both touches are kept whole.
      utm_source: 'google',
      utm_campaign: 'trt-retarget',
      gclid: 'Cj0KCQ-last',
      landing_path: '/trt',
      // Results' dimensions: the last touch's source by the page views' rule, and its Google Ads campaign.
      traffic_source: 'paid_google',
      campaign_id: '20123456789',
      // The server's own sentence of the version the form showed, naming the clinic as tenant knows it.
      consent_status: 'captured',
      consent_text: CONSENT,
      consent_version: 'lead-form-v1',
      consent_ip: '203.0.113.7',
      consent_user_agent: 'Mozilla/5.0 (Test)',
    });
    expect(row.first_touch).toMatchObject({ utmCampaign: 'trt-denver', gclid: 'Cj0KCQ-first', at: '2026-11-20T10:00:00.000Z' });
    expect(row.last_touch).toMatchObject({ utmCampaign: 'trt-retarget' });
    // Pending until a relay takes them (another test file's relay may already have: queued, or settled as not configured).
    const pendingOrQueued = expect.stringMatching(/^(pending|queued|not_configured)$/);
    expect(await deliveriesOf(row.id)).toEqual([
      { channel: 'crm', status: pendingOrQueued, attempts: 0 },
      { channel: 'email', status: pendingOrQueued, attempts: 0 },
      // Which of the clinic's users get an e-mail of it: found by the worker.
      { channel: 'notify_users', status: pendingOrQueued, attempts: 0 },
      // The patient's receipt (with consent), in the clinic's name.
      { channel: 'patient_email', status: pendingOrQueued, attempts: 0 },
      // The patient's first text (with SMS consent): docs/speed-to-lead.md.
      { channel: 'patient_sms', status: pendingOrQueued, attempts: 0 },
      { channel: 'webhook', status: pendingOrQueued, attempts: 0 },
    ]);
  });

  it('records a lead without a campaign by its referrer’s source, and a campaign id that is not digits as none', async () => {
    const organic = await submit(lead({ attribution: { last: { landingPath: '/trt', referrer: 'https://www.bing.com/' } } }));
    expect(organic.status).toBe(201);
    expect((await leadByReference(organic.body.data.reference))[0]).toMatchObject({ traffic_source: 'organic_search', campaign_id: null });
    const forged = await submit(lead({ email: `f-${randomUUID()}@example.com`, attribution: { last: { gclid: 'x', campaignId: '1; DROP TABLE' } } }));
    expect(forged.status).toBe(201);
    expect((await leadByReference(forged.body.data.reference))[0]).toMatchObject({ traffic_source: 'paid_google', campaign_id: null });
    const none = await submit(lead({ email: `n-${randomUUID()}@example.com` }));
    expect((await leadByReference(none.body.data.reference))[0]).toMatchObject({ traffic_source: 'direct', campaign_id: null });
  });

  it("refuses an invalid form with docs/public-site.md's messages and stores nothing", async () => {
    const email = `bad-${randomUUID()}@example.com`;
    const res = await submit(lead({ name: 'J', email: 'jane@', phone: '555-0142' }));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const messages = JSON.stringify(res.body.issues);
    expect(messages).toContain('Name must be at least 2 characters');
    expect(messages).toContain('Please enter a valid email address');
    expect(messages).toContain('Phone number must be at least 10 digits');
    expect(await countFor(email)).toBe(0);
  });

  it("refuses a service that is not this clinic's (404) or is not active (422), with a message", async () => {
    const missing = await submit(lead({ serviceId: 2_000_000_000 }));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(Messages.leadServiceNotFound(2_000_000_000, clientId));

    const otherClinic = await submit(lead({ clientId: uniqueClientId() }));
    expect(otherClinic.status).toBe(404);

    const inactive = await submit(lead({ serviceId: inactiveServiceId }));
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toBe(Messages.leadServiceInactive);
  });

  it('answers a filled honeypot like a person but stores and delivers nothing', async () => {
    const email = `bot-${randomUUID()}@example.com`;
    const res = await submit(lead({ email, website: 'https://spam.example' }));
    expect(res.status).toBe(201);
    expect(LeadReceiptSchema.parse(res.body.data).reference).toBeTruthy();
    expect(await countFor(email)).toBe(0);
  });

  it('answers a retry with the same idempotency key with the first receipt, storing one lead', async () => {
    const email = `retry-${randomUUID()}@example.com`;
    const key = randomUUID();
    const first = await submit(lead({ email }), { 'idempotency-key': key });
    const again = await submit(lead({ email }), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.reference).toBe(first.body.data.reference);
    expect(await countFor(email)).toBe(1);
  });

  it('stores one lead when the same submission arrives ten times at once', async () => {
    const email = `burst-${randomUUID()}@example.com`;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(lead({ email }), { 'idempotency-key': key })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.data.reference)).size).toBe(1);
    expect(await countFor(email)).toBe(1);
    const [row] = await leadByReference(answers[0].body.data.reference);
    expect(await deliveriesOf(row.id)).toHaveLength(6);
  });

  it('refuses a different form sent with a used idempotency key (409) and a malformed key (400)', async () => {
    const key = randomUUID();
    expect((await submit(lead({ email: `a-${key}@example.com` }), { 'idempotency-key': key })).status).toBe(201);
    const changed = await submit(lead({ email: `b-${key}@example.com` }), { 'idempotency-key': key });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(Messages.leadIdempotencyMismatch);

    const malformed = await submit(lead(), { 'idempotency-key': 'short' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The idempotency key must be 8 to 100 characters');
  });

  it('writes the lead and its outbox rows together or not at all', async () => {
    const email = `atomic-${randomUUID()}@example.com`;
    // An outbox insert that fails: the lead row must not stay behind.
    await t.dataSource.query(`ALTER TABLE "leads"."lead_deliveries" ADD CONSTRAINT "test_no_crm" CHECK ("channel" <> 'crm') NOT VALID`);
    try {
      const res = await submit(lead({ email }));
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await t.dataSource.query(`ALTER TABLE "leads"."lead_deliveries" DROP CONSTRAINT "test_no_crm"`);
    }
    expect(await countFor(email)).toBe(0);
  });
});

describe('POST /api/leads while templates is down', () => {
  let t: TestLeads;
  beforeAll(async () => {
    t = await startLeads({ templatesUrl: `http://127.0.0.1:${await closedPort()}` });
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('keeps the lead, marked unchecked, rather than losing it', async () => {
    const email = `down-${randomUUID()}@example.com`;
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({ name: 'Jane Smith', email, phone: '3035550142', clientId: 1, serviceId: 1, consentText: CONSENT });
    expect(res.status).toBe(201);
    const rows = (await t.dataSource.query(`SELECT "service_checked" FROM "leads"."leads" WHERE "email" = $1`, [email])) as Array<{ service_checked: boolean }>;
    expect(rows).toEqual([{ service_checked: false }]);
  });
});
