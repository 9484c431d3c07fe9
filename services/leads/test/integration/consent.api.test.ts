import { randomUUID } from 'node:crypto';
import { LEAD_CONSENT_VERSION_MESSAGE, LEAD_FORM_PATH, LeadDetailSchema, leadConsentSentence } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { ANONYMOUS, START_TIMEOUT_MS, TEST_CONSENT, clinicWithServices, startLeads, type TestLeads } from '../helpers/app';

/**
 * A lead's consent (docs/consent.md): a caller that follows the public
 * spec's call table sends no consent and its lead is kept, consent not
 * captured; a form sends the version it showed and the server records its own
 * sentence of it, naming the clinic as tenant knows it. Real PostgreSQL, the
 * real templates service and the real tenant it asks.
 */
interface ConsentRow {
  id: string;
  consent_status: string;
  consent_text: string | null;
  consent_version: string | null;
  consent_at: Date | null;
  consent_ip: string | null;
  consent_user_agent: string | null;
}

describe('POST /api/leads: consent', () => {
  let t: TestLeads;
  let clientId: number;
  let serviceId: number;

  beforeAll(async () => {
    t = await startLeads();
    ({ clientId, serviceId } = await clinicWithServices(t.templates!));
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  /** Exactly the public spec's body (docs/public-site.md#calls: name, email, phone, message, serviceId, clientId). */
  const specBody = () => ({ name: 'Jane Smith', email: `${randomUUID()}@example.com`, phone: '(303) 555-0142', message: 'Mornings are best.', serviceId, clientId });
  const submit = (body: object, app: TestLeads = t) =>
    app.api.post('/api/leads', ANONYMOUS).set({ 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Consent test)' }).send(body);
  const consentOf = async (reference: string) =>
    ((await t.dataSource.query(
      `SELECT "id", "consent_status", "consent_text", "consent_version", "consent_at", "consent_ip", "consent_user_agent" FROM "leads"."leads" WHERE "reference" = $1`,
      [reference],
    )) as ConsentRow[])[0];
  const countFor = async (email: string) =>
    Number(((await t.dataSource.query(`SELECT count(*) FROM "leads"."leads" WHERE "email" = $1`, [email])) as Array<{ count: string }>)[0].count);
  const NOT_CAPTURED = { consent_status: 'not_captured', consent_text: null, consent_version: null, consent_at: null, consent_ip: null, consent_user_agent: null };

  it('takes the spec’s exact body (201) and stores the lead with its consent recorded as not captured', async () => {
    const res = await submit(specBody());
    expect(res.status).toBe(201);
    expect(await consentOf(res.body.data.reference)).toMatchObject(NOT_CAPTURED);
  });

  it('records the version a form showed with the server’s own sentence, naming the clinic as tenant knows it', async () => {
    const res = await submit({ ...specBody(), consentVersion: 'lead-form-v1' });
    expect(res.status).toBe(201);
    const row = await consentOf(res.body.data.reference);
    expect(row).toMatchObject({
      consent_status: 'captured',
      consent_version: 'lead-form-v1',
      consent_text: 'By submitting, you agree that Test Clinic may contact you by phone, text or e-mail about your enquiry.',
      consent_ip: '203.0.113.7',
      consent_user_agent: 'Mozilla/5.0 (Consent test)',
    });
    expect(row.consent_at).toBeInstanceOf(Date);
  });

  it('refuses a version no form shows with 400 and a clear message, and stores nothing', async () => {
    const body = { ...specBody(), consentVersion: 'lead-form-v9' };
    const res = await submit(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.body.issues).toEqual([{ path: 'consentVersion', message: LEAD_CONSENT_VERSION_MESSAGE }]);
    expect(LEAD_CONSENT_VERSION_MESSAGE).toBe('The consent version is not one our forms show. Send one of: lead-form-v1 (or no consent at all).');
    expect(await countFor(body.email)).toBe(0);
  });

  it('reads an older page’s sentence as its version and records the server’s sentence, not the caller’s', async () => {
    // Rendered before the clinic was renamed: the sentence is a form's, the name in it is not what is recorded.
    const res = await submit({ ...specBody(), consentText: leadConsentSentence('lead-form-v1', 'Old Clinic Name') });
    expect(res.status).toBe(201);
    expect(await consentOf(res.body.data.reference)).toMatchObject({ consent_status: 'captured', consent_version: 'lead-form-v1', consent_text: TEST_CONSENT });
  });

  it('keeps a lead whose consent text no form of ours shows, consent not captured and the text not stored', async () => {
    const res = await submit({ ...specBody(), consentText: 'I agree to receive marketing from anyone.' });
    expect(res.status).toBe(201);
    expect(await consentOf(res.body.data.reference)).toMatchObject(NOT_CAPTURED);
    const [stored] = (await t.dataSource.query(`SELECT row_to_json(l)::text AS "json" FROM "leads"."leads" l WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ json: string }>;
    expect(stored.json).not.toContain('marketing from anyone');
  });

  it('shows the admin "not captured" for such a lead, with no sentence, address or browser', async () => {
    const res = await submit(specBody());
    const row = await consentOf(res.body.data.reference);
    const detail = await t.api.get(`/api/leads/${row.id}`, ADMIN);
    expect(detail.status).toBe(200);
    expect(LeadDetailSchema.parse(detail.body.data).consent).toEqual({ status: 'not_captured', version: null, text: null, at: null, ip: null, userAgent: null });
  });

  it('records the version a form posted by itself (no script) carries, and a post without one as not captured', async () => {
    const form = (fields: Record<string, string>) =>
      t.api
        .post(LEAD_FORM_PATH, ANONYMOUS)
        .set({ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://clinic.example' })
        .send(new URLSearchParams({ name: 'Jane Smith', phone: '(303) 555-0142', clientId: String(clientId), serviceId: String(serviceId), ...fields }).toString());
    const withVersion = `post-v1-${randomUUID()}@example.com`;
    const without = `post-none-${randomUUID()}@example.com`;
    expect((await form({ email: withVersion, consentVersion: 'lead-form-v1' })).status).toBe(303);
    expect((await form({ email: without })).status).toBe(303);
    const rows = (await t.dataSource.query(`SELECT "email", "consent_status", "consent_text" FROM "leads"."leads" WHERE "email" IN ($1, $2)`, [withVersion, without])) as Array<{
      email: string;
      consent_status: string;
      consent_text: string | null;
    }>;
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: withVersion, consent_status: 'captured', consent_text: TEST_CONSENT },
        { email: without, consent_status: 'not_captured', consent_text: null },
      ]),
    );
    const refused = await form({ email: `post-bad-${randomUUID()}@example.com`, consentVersion: 'v0' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(LEAD_CONSENT_VERSION_MESSAGE);
  });

  it('keeps the lead, consent captured, when tenant cannot name the clinic: the sentence names it by id', async () => {
    // The same catalogue, and a tenant nobody answers at (startLeads points at a closed port without its own templates).
    const tenantDown = await startLeads({ templatesUrl: t.config.TEMPLATES_URL });
    try {
      const res = await submit({ ...specBody(), consentVersion: 'lead-form-v1' }, tenantDown);
      expect(res.status).toBe(201);
      expect(await consentOf(res.body.data.reference)).toMatchObject({
        consent_status: 'captured',
        consent_version: 'lead-form-v1',
        consent_text: `By submitting, you agree that client ${clientId} may contact you by phone, text or e-mail about your enquiry.`,
      });
    } finally {
      await tenantDown.close();
    }
  });
});
