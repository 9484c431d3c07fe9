import { randomBytes, randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import {
  AuditPageSchema,
  buildPath,
  CURRENT_LEAD_CONSENT_VERSION,
  LeadDetailSchema,
  Messages,
  NewLeadsSchema,
  PORTAL_NO_ADS_FIGURES,
  PortalLeadDetailSchema,
  PortalLeadListSchema,
  PortalResultsSummarySchema,
  ResultsSummarySchema,
  routesOf,
} from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { startFakeGoogleAds, type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import type { SiblingProcess } from '@hap/test-kit/siblings';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { ANONYMOUS, GATEWAY, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { conversionsHandler, startAdsWithGoogle, stopAdsWithGoogle } from '../helpers/google-ads';

const TOKEN_KEY = randomBytes(32).toString('base64');
const TODAY = new Date().toISOString().slice(0, 10);

/**
 * The clinic portal's leads and results through the real
 * leads app, real PostgreSQL, tenant and templates: two clinics with leads,
 * their users signed as the gateway signs a clinic session. The clinic is the
 * identity's, never a parameter; another clinic's lead is 404; a clinic
 * user's booking reaches the fake Google Ads API once, through the real ads
 * service, as an admin's does.
 */
describe('clinic portal: /api/portal/leads, /api/portal/results/summary (clinic)', () => {
  let t: TestLeads;
  let ads: SiblingProcess;
  let adsUrl: string;
  let google: FakeGoogleAds;
  let a: { clientId: number; serviceId: number };
  let b: { clientId: number; serviceId: number };
  let ownerA: Identity;
  let staffA: Identity;
  let ownerB: Identity;
  /** Leads of each clinic by name. */
  const leadsOf = { a: new Map<string, number>(), b: new Map<string, number>() };

  async function clinic(name: string, fields: Record<string, unknown> = {}) {
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `${name} ${randomUUID().slice(0, 6)}`, address: '7 Peak Rd, Boulder, CO 80302', phone: '(303) 555-0170', ...fields });
    expect(created.status).toBe(201);
    const clientId = created.body.data.id as number;
    const serviceId = (await createClientService(t.templates!.dataSource, clientId, (await createTemplate(t.templates!.dataSource, { name: `${name} TRT` })).id, { isActive: true })).id;
    return { clientId, serviceId };
  }
  async function lead(of: { clientId: number; serviceId: number }, name: string, gclid: string | null = null) {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'x-forwarded-for': '198.51.100.77', 'user-agent': 'Mozilla/5.0 (Portal test)' })
      .send({
        name,
        email: `${randomUUID()}@example.com`,
        phone: '(303) 555-0111',
        clientId: of.clientId,
        serviceId: of.serviceId,
        consentVersion: CURRENT_LEAD_CONSENT_VERSION,
        ...(gclid ? { attribution: { last: { utmSource: 'google', gclid } } } : {}),
      });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
    return Number(row!.id);
  }
  const statusOf = async (id: number) =>
    ((await t.dataSource.query(`SELECT "status" FROM "leads"."leads" WHERE "id" = $1`, [id])) as Array<{ status: string }>)[0]!.status;
  const auditRowsOf = async (id: number) =>
    ((await t.dataSource.query(`SELECT count(*)::int AS "n" FROM "leads"."audit_log" WHERE "entity" = 'lead' AND "entity_id" = $1`, [String(id)])) as Array<{ n: number }>)[0]!.n;

  beforeAll(async () => {
    google = await startFakeGoogleAds();
    t = await startLeads();
    ({ ads, url: adsUrl } = await startAdsWithGoogle(t, google, TOKEN_KEY));

    a = await clinic('Alpine Vitality', { googleAdsAccountId: '678-901-2345' });
    b = await clinic('Boulder Men’s Health');
    ownerA = { kind: 'clinic', userId: 91_001, email: 'olivia@alpine.test', name: 'Olivia Owner', clientId: a.clientId, role: 'owner' };
    staffA = { kind: 'clinic', userId: 91_002, email: 'sam@alpine.test', name: 'Sam Staff', clientId: a.clientId, role: 'front_desk' };
    ownerB = { kind: 'clinic', userId: 91_003, email: 'bo@boulder.test', name: 'Bo Owner', clientId: b.clientId, role: 'owner' };
    for (const name of ['Ada Alvarez', 'Aaron Brooks', 'Amira Chen']) leadsOf.a.set(name, await lead(a, name));
    for (const name of ['Bea Dunn', 'Ben Evans']) leadsOf.b.set(name, await lead(b, name));
  }, START_TIMEOUT_MS * 2);
  afterAll(() => stopAdsWithGoogle(ads, t, google));

  it('GET /api/portal/leads lists only the caller’s clinic’s leads, whatever clientId the query names, without delivery details', async () => {
    const res = await t.api.get(`/api/portal/leads?clientId=${b.clientId}&delivery=failed`, ownerA);
    expect(res.status).toBe(200);
    const page = PortalLeadListSchema.parse(res.body.data);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.name).sort()).toEqual(['Aaron Brooks', 'Ada Alvarez', 'Amira Chen']);
    expect(page.items.every((item) => item.clientId === a.clientId)).toBe(true);
    expect(res.body.data.items[0]).not.toHaveProperty('failedDeliveries');
    expect(res.body.data.items[0].serviceName).toBe('Alpine Vitality TRT');

    // The admin's filters and paging, the same code.
    const filtered = PortalLeadListSchema.parse((await t.api.get('/api/portal/leads?q=amira&pageSize=1', staffA)).body.data);
    expect(filtered).toMatchObject({ total: 1, page: 1, pageSize: 1, pageCount: 1, items: [{ name: 'Amira Chen' }] });
    const paged = PortalLeadListSchema.parse((await t.api.get('/api/portal/leads?pageSize=2&page=2', ownerA)).body.data);
    expect(paged).toMatchObject({ total: 3, pageCount: 2 });
    expect(paged.items).toHaveLength(1);

    const bees = PortalLeadListSchema.parse((await t.api.get('/api/portal/leads', ownerB)).body.data);
    expect(bees.items.map((item) => item.name).sort()).toEqual(['Bea Dunn', 'Ben Evans']);

    const bad = await t.api.get('/api/portal/leads?pageSize=500&status=maybe', ownerA);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(bad.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: expect.stringContaining('pageSize'), message: 'Page size must be at most 100' }),
        expect.objectContaining({ path: expect.stringContaining('status'), message: 'Status must be one of new, contacted, booked, won or lost' }),
      ]),
    );
  });

  it('GET /api/portal/leads/:id answers a lead of the caller’s clinic without the agency’s fields, another clinic’s as 404', async () => {
    const id = leadsOf.a.get('Ada Alvarez')!;
    const res = await t.api.get(`/api/portal/leads/${id}`, staffA);
    expect(res.status).toBe(200);
    const detail = PortalLeadDetailSchema.parse(res.body.data);
    expect(detail).toMatchObject({ id, name: 'Ada Alvarez', clientId: a.clientId, status: 'new', consent: { status: 'captured', version: CURRENT_LEAD_CONSENT_VERSION } });
    for (const key of ['deliveries', 'failedDeliveries', 'serviceChecked']) expect(res.body.data).not.toHaveProperty(key);
    expect(res.body.data.consent).not.toHaveProperty('ip');
    expect(res.body.data.consent).not.toHaveProperty('userAgent');
    // The admin still sees them.
    const admin = LeadDetailSchema.parse((await t.api.get(`/api/leads/${id}`, ADMIN)).body.data);
    expect(admin.consent.ip).toBe('198.51.100.77');

    const theirs = leadsOf.b.get('Bea Dunn')!;
    const other = await t.api.get(`/api/portal/leads/${theirs}`, ownerA);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', message: Messages.leadNotFound(theirs) });
    expect((await t.api.get('/api/portal/leads/999999999', ownerA)).status).toBe(404);
  });

  it('PATCH /api/portal/leads/:id/status on another clinic’s lead is 404 and changes nothing', async () => {
    const theirs = leadsOf.b.get('Ben Evans')!;
    const res = await t.api.patch(`/api/portal/leads/${theirs}/status`, ownerA).send({ status: 'lost' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(Messages.leadNotFound(theirs));
    expect(await statusOf(theirs)).toBe('new');
    expect(await auditRowsOf(theirs)).toBe(0);
  });

  it('staff move a lead by the admin’s rules: audited with their name, 409 on a stale from, the agency named as Agency to the clinic', async () => {
    const id = leadsOf.a.get('Aaron Brooks')!;
    const res = await t.api.patch(`/api/portal/leads/${id}/status`, staffA).send({ status: 'contacted', from: 'new' });
    expect(res.status).toBe(200);
    const moved = PortalLeadDetailSchema.parse(res.body.data);
    expect(moved.status).toBe('contacted');
    expect(moved.statusHistory).toEqual([expect.objectContaining({ from: 'new', to: 'contacted', by: 'Sam Staff' })]);

    // Someone else saw it as new: refused, nothing changes.
    const stale = await t.api.patch(`/api/portal/leads/${id}/status`, ownerA).send({ status: 'lost', from: 'new' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(Messages.leadStatusMovedOn('contacted'));
    expect(await statusOf(id)).toBe('contacted');

    // The admin's detail and audit log say which clinic user it was.
    const admin = LeadDetailSchema.parse((await t.api.get(`/api/leads/${id}`, ADMIN)).body.data);
    expect(admin.statusHistory).toEqual([expect.objectContaining({ by: 'Sam Staff <sam@alpine.test> (clinic front desk)' })]);
    const log = AuditPageSchema.parse((await t.api.get(`/api/audit-log/leads?entity=lead&entityId=${id}`, ADMIN)).body.data);
    expect(log.items).toEqual([
      expect.objectContaining({
        actorUserId: 91_002,
        actorEmail: 'sam@alpine.test',
        names: { actor: 'sam@alpine.test', actorName: 'Sam Staff', actorRole: 'clinic front desk' },
        // The lead's clinic by id (the screen names it), never the patient's name.
        changes: { before: { status: 'new' }, after: { status: 'contacted', clientId: expect.any(Number) } },
      }),
    ]);

    // An admin's change reads as the agency's in the portal.
    expect((await t.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status: 'lost' })).status).toBe(200);
    const seen = PortalLeadDetailSchema.parse((await t.api.get(`/api/portal/leads/${id}`, ownerA)).body.data);
    expect(seen.statusHistory.map((change) => change.by)).toEqual(['Sam Staff', 'Agency']);
  });

  it('a booking by a clinic user queues the lead’s Google Ads conversion once and it reaches the fake Google Ads API once, as an admin’s does', async () => {
    const id = await lead(a, 'Gus Gclid', 'Cj0KCQiA-portal-booked');
    const booked = await t.api.patch(`/api/portal/leads/${id}/status`, staffA).send({ status: 'booked' });
    expect(booked.status).toBe(200);
    expect(booked.body.data).not.toHaveProperty('deliveries');
    const deliveries = async () =>
      (await t.dataSource.query(`SELECT "id", "status" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 AND "channel" = 'google_ads'`, [id])) as Array<{ id: string; status: string }>;
    const [pending, ...more] = await deliveries();
    expect(more).toEqual([]);
    expect(pending).toMatchObject({ status: 'pending' });
    const log = AuditPageSchema.parse((await t.api.get(`/api/audit-log/leads?entity=lead&entityId=${id}`, ADMIN)).body.data);
    expect(log.items[0]).toMatchObject({ actorEmail: 'sam@alpine.test', changes: { after: { status: 'booked' } } });

    // The worker's job, as in conversions.api.test.ts: through the real ads service to the fake.
    const handler = conversionsHandler(t, adsUrl);
    await handler({ deliveryId: Number(pending!.id) }, { attemptsMade: 0, opts: { attempts: 5 } } as Job<{ deliveryId: number }>);
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered' });
    expect(google.conversions().filter((c) => c.orderId === String(id))).toEqual([
      expect.objectContaining({ customerId: '6789012345', gclid: 'Cj0KCQiA-portal-booked' }),
    ]);

    // Corrected and booked again by the owner: still one delivery.
    await t.api.patch(`/api/portal/leads/${id}/status`, ownerA).send({ status: 'contacted' });
    await t.api.patch(`/api/portal/leads/${id}/status`, ownerA).send({ status: 'booked' });
    expect(await deliveries()).toHaveLength(1);
    expect(google.conversions().filter((c) => c.orderId === String(id))).toHaveLength(1);
  });

  it('GET /api/portal/leads/new counts the clinic’s new leads with an ETag: 304 while unchanged, the new number after a lead arrives', async () => {
    const read = (identity: Identity, etag?: string) => t.api.get('/api/portal/leads/new', identity).set(etag ? { 'if-none-match': etag } : {});
    const newOf = async (clientId: number) =>
      ((await t.dataSource.query(`SELECT count(*)::int AS "n" FROM "leads"."leads" WHERE "client_id" = $1 AND "status" = 'new'`, [clientId])) as Array<{ n: number }>)[0]!.n;
    const first = await read(ownerB);
    expect(first.status).toBe(200);
    expect(NewLeadsSchema.parse(first.body.data)).toMatchObject({ count: await newOf(b.clientId), newestAt: expect.any(String) });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('private');
    expect((await read(ownerB, first.headers.etag)).status).toBe(304);

    // Another clinic's count is its own (and so its tag).
    const other = await read(ownerA);
    expect(other.body.data.count).toBe(await newOf(a.clientId));
    expect(other.headers.etag).not.toBe(first.headers.etag);
    // A lead of clinic A leaves B's answer unchanged.
    await lead(a, 'Anna Later');
    expect((await read(ownerB, first.headers.etag)).status).toBe(304);

    await lead(b, 'Bruno Later');
    const after = await read(ownerB, first.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.data.count).toBe(first.body.data.count + 1);
  });

  it('GET /api/portal/results/summary is the admin’s summary of the caller’s clinic, without the agency’s account states', async () => {
    const res = await t.api.get(`/api/portal/results/summary?from=${TODAY}&to=${TODAY}&clientId=${b.clientId}`, ownerA);
    expect(res.status).toBe(200);
    const mine = PortalResultsSummarySchema.parse(res.body.data);
    const admin = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?clientId=${a.clientId}&from=${TODAY}&to=${TODAY}`, ADMIN)).body.data);
    const { clientId: _clientId, adsAccounts: _accounts, adsNote: _note, ...measures } = admin;
    expect(mine).toEqual({ ...measures, adsNote: PORTAL_NO_ADS_FIGURES });
    expect(mine.leads).toBeGreaterThanOrEqual(5);
    expect(res.body.data).not.toHaveProperty('adsAccounts');
    expect(res.body.data).not.toHaveProperty('clientId');
    // The agency's reason (here: the ads service not answering) stays on the agency's screen.
    expect(admin.adsNote).not.toBe(PORTAL_NO_ADS_FIGURES);

    const bad = await t.api.get(`/api/portal/results/summary?from=${TODAY}&to=2020-01-01`, ownerA);
    expect(bad.status).toBe(400);
    expect((await t.api.get('/api/portal/results/summary', ownerA)).status).toBe(400);
  });

  describe('who may call what', () => {
    const rows = routesOf('leads');
    const pathOf = (path: string) => buildPath(path, { id: leadsOf.a.get('Ada Alvarez') ?? 1, clientId: 1, noteId: 1 });
    const call = (method: string, path: string, identity: Identity) => {
      const sent = t.api[method.toLowerCase() as 'get' | 'patch' | 'post'](pathOf(path), identity);
      return method === 'GET' ? sent : sent.send({});
    };

    it('every clinic row: 401 for nobody, 403 for an admin or a backend service', async () => {
      const clinicRows = rows.filter((row) => row.access === 'clinic');
      expect(clinicRows.map((row) => row.operation).sort()).toEqual([
        'addPortalLeadNote',
        'assignPortalLead',
        'createPortalTask',
        'editPortalLeadNote',
        'getPortalAvailability',
        'getPortalCalendar',
        'getPortalCalendarFeed',
        'getPortalLead',
        'getPortalLeadTimeline',
        'getPortalLeadsBoard',
        'getPortalNewLeads',
        'getPortalResultsSummary',
        'getPortalSpeedToLead',
        'listPortalAssignees',
        'listPortalLeads',
        'listPortalTasks',
        'logPortalLeadCall',
        'regeneratePortalCalendarFeed',
        'sendPortalLeadSms',
        'updatePortalAppointment',
        'updatePortalAvailability',
        'updatePortalLeadStatus',
        'updatePortalTask',
      ]);
      for (const row of clinicRows) {
        expect({ row: row.operation, status: (await call(row.method, row.path, ANONYMOUS)).status }).toEqual({ row: row.operation, status: 401 });
        for (const identity of [ADMIN, GATEWAY]) {
          const res = await call(row.method, row.path, identity);
          expect({ row: row.operation, status: res.status, message: res.body.message }).toEqual({ row: row.operation, status: 403, message: Messages.notClinicUser });
        }
      }
    });

    it('every admin row: 403 for a clinic user, owner or staff, and nothing changes', async () => {
      const adminRows = rows.filter((row) => row.access === 'admin');
      expect(adminRows.map((row) => row.operation)).toEqual(expect.arrayContaining(['listLeads', 'updateLeadStatus', 'getResultsSummary']));
      for (const row of adminRows) {
        for (const identity of [ownerA, staffA]) {
          const res = await call(row.method, row.path, identity);
          expect({ row: row.operation, status: res.status, message: res.body.message }).toEqual({ row: row.operation, status: 403, message: Messages.notAdmin });
        }
      }
      expect(await statusOf(leadsOf.a.get('Ada Alvarez')!)).toBe('new');
    });
  });
});
