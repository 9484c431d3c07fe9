import { randomUUID } from 'node:crypto';
import { LeadBulkStatusResultSchema, LeadListSchema, Messages } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';

/**
 * Lists that scale: the inbox's 'All clinics' view (no
 * clientId) and the status change of the selected leads, all or none.
 */
describe('admin Leads inbox across clinics: GET /api/leads without clientId, POST /api/leads/status', () => {
  let t: TestLeads;
  const token = `zx${randomUUID().slice(0, 8)}`;
  let north: { clientId: number; serviceId: number };
  let south: { clientId: number; serviceId: number };
  const lead = new Map<string, number>();

  async function clinic(name: string) {
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `${name} ${token}`, address: '7 Peak Rd, Boulder, CO 80302', phone: '(303) 555-0170', googleAdsAccountId: '345-678-9012' });
    expect(created.status).toBe(201);
    const clientId = created.body.data.id as number;
    const template = await createTemplate(t.templates!.dataSource, { name: `${name} Therapy` });
    const serviceId = (await createClientService(t.templates!.dataSource, clientId, template.id, { isActive: true })).id;
    return { clientId, serviceId };
  }
  async function submit(key: string, where: { clientId: number; serviceId: number }, gclid: string | null = null) {
    const res = await t.api.post('/api/leads', ANONYMOUS).send({
      name: `${key} ${token}`,
      email: `${key.toLowerCase()}.${token}@example.com`,
      phone: '(303) 555-0111',
      ...where,
      consentText: 'I agree to be contacted.',
      ...(gclid ? { attribution: { last: { utmSource: 'google', gclid } } } : {}),
    });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
    lead.set(key, Number(row!.id));
  }
  const statusOf = async (key: string) =>
    ((await t.dataSource.query(`SELECT "status" FROM "leads"."leads" WHERE "id" = $1`, [lead.get(key)])) as Array<{ status: string }>)[0]!.status;
  const auditOf = async (key: string) =>
    (await t.dataSource.query(`SELECT "actor_user_id", "changes" FROM "leads"."audit_log" WHERE "entity" = 'lead' AND "entity_id" = $1 ORDER BY "id"`, [
      String(lead.get(key)),
    ])) as Array<{ actor_user_id: number; changes: Record<string, unknown> }>;
  const bulk = (body: unknown) => t.api.post('/api/leads/status', ADMIN).send(body as object);

  beforeAll(async () => {
    t = await startLeads();
    north = await clinic('North Clinic');
    south = await clinic('South Clinic');
    await submit('Anna', north);
    await submit('Ben', south);
    await submit('Cleo', north);
    await submit('Dev', south, 'Cj0KCQiA-bulk-click');
    await submit('Eve', north);
  }, START_TIMEOUT_MS);
  afterAll(() => t?.close());

  describe('GET /api/leads (All clinics)', () => {
    it("lists every clinic's leads, newest first, each with its clinic and its service's name", async () => {
      const res = await t.api.get(`/api/leads?q=${token}`, ADMIN);
      expect(res.status).toBe(200);
      const page = LeadListSchema.parse(res.body.data);
      expect(page.total).toBe(5);
      expect(page.items.map((i) => [i.name.split(' ')[0], i.clientId])).toEqual([
        ['Eve', north.clientId],
        ['Dev', south.clientId],
        ['Cleo', north.clientId],
        ['Ben', south.clientId],
        ['Anna', north.clientId],
      ]);
      expect(page.items.find((i) => i.clientId === south.clientId)?.serviceName).toBe('South Clinic Therapy');
      expect(page.items.find((i) => i.clientId === north.clientId)?.serviceName).toBe('North Clinic Therapy');
    });

    it('narrows to one clinic with clientId, and refuses a bad one with a clear message', async () => {
      const one = LeadListSchema.parse((await t.api.get(`/api/leads?q=${token}&clientId=${south.clientId}`, ADMIN)).body.data);
      expect(one.items.map((i) => i.name.split(' ')[0])).toEqual(['Dev', 'Ben']);
      const blank = LeadListSchema.parse((await t.api.get(`/api/leads?q=${token}&clientId=`, ADMIN)).body.data);
      expect(blank.total).toBe(5);
      const bad = await t.api.get('/api/leads?clientId=all', ADMIN);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Client id must be a number' });
    });
  });

  describe('POST /api/leads/status', () => {
    it('moves the selected leads of several clinics in one go, each move audited, a lead already there left alone', async () => {
      await t.api.patch(`/api/leads/${lead.get('Cleo')}/status`, ADMIN).send({ status: 'contacted' });
      const res = await bulk({ ids: [lead.get('Anna'), lead.get('Ben'), lead.get('Cleo')], status: 'contacted' });
      expect(res.status).toBe(200);
      expect(LeadBulkStatusResultSchema.strict().parse(res.body.data)).toEqual({
        status: 'contacted',
        changed: [lead.get('Anna'), lead.get('Ben')].sort((a, b) => a! - b!),
        unchanged: [lead.get('Cleo')],
      });
      expect(await statusOf('Anna')).toBe('contacted');
      expect(await statusOf('Ben')).toBe('contacted');
      expect(await auditOf('Anna')).toMatchObject([
        { actor_user_id: ADMIN.userId, changes: { before: { status: 'new' }, after: { status: 'contacted' }, move: 'forward', by: ADMIN.email, bulk: true } },
      ]);
      // Cleo: only her single change is recorded.
      expect(await auditOf('Cleo')).toHaveLength(1);
      // The detail's history shows the bulk move like any other.
      const detail = await t.api.get(`/api/leads/${lead.get('Ben')}`, ADMIN);
      expect(detail.body.data.statusHistory).toEqual([expect.objectContaining({ from: 'new', to: 'contacted', by: ADMIN.email })]);
    });

    it('queues the Google Ads conversion of a lead from an ad that reaches its clinic’s conversion status', async () => {
      const res = await bulk({ ids: [lead.get('Dev'), lead.get('Eve')], status: 'booked' });
      expect(res.status).toBe(200);
      const deliveries = (await t.dataSource.query(`SELECT "lead_id" FROM "leads"."lead_deliveries" WHERE "channel" = 'google_ads' AND "lead_id" = ANY($1::bigint[])`, [
        [lead.get('Dev'), lead.get('Eve')],
      ])) as Array<{ lead_id: string }>;
      expect(deliveries.map((d) => Number(d.lead_id))).toEqual([lead.get('Dev')]);
      expect((await auditOf('Dev'))[0]!.changes).toMatchObject({ googleAdsConversion: 'queued', bulk: true });
    });

    it('changes nothing when one of the leads does not exist (404 naming it)', async () => {
      const res = await bulk({ ids: [lead.get('Anna'), 2_000_000_000, lead.get('Eve')], status: 'lost' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: Messages.leadsNotFound([2_000_000_000]) });
      expect(res.body.message).toBe('Lead 2000000000 was not found; no status was changed.');
      expect(await statusOf('Anna')).toBe('contacted');
      expect(await statusOf('Eve')).toBe('booked');
      expect(await auditOf('Anna')).toHaveLength(1);
    });

    it.each([
      [{ ids: [], status: 'won' }, 'ids', 'Select at least one lead'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1), status: 'won' }, 'ids', 'Select at most 100 leads at a time'],
      [{ ids: [1, 1], status: 'won' }, 'ids', 'Each lead may be listed once'],
      [{ ids: [1], status: 'archived' }, 'status', 'Status must be one of new, contacted, booked, won or lost'],
      [{ ids: ['x'], status: 'won' }, 'ids.0', 'Lead id must be a number'],
      [{ status: 'won' }, 'ids', 'Select the leads to change'],
    ])('answers 400 with a clear message for %j', async (body, path, message) => {
      const res = await bulk(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
      expect(res.body.issues).toEqual([{ path, message }]);
    });

    it('refuses a caller without an admin identity', async () => {
      const res = await t.api.post('/api/leads/status', ANONYMOUS).send({ ids: [lead.get('Anna')], status: 'won' });
      expect(res.status).toBe(401);
      expect(await statusOf('Anna')).toBe('contacted');
    });
  });
});
