import { randomUUID } from 'node:crypto';
import { BoardSchema, CURRENT_LEAD_CONSENT_VERSION } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';

/**
 * The pipeline board (docs/leads.md#pipeline-board) through the real leads app,
 * PostgreSQL and templates: counts and cards per status, the source filter,
 * another clinic's leads never on a clinic's board, a viewer may read it.
 */
describe('pipeline board: GET /api/leads/board (admin), GET /api/portal/leads/board (clinic)', () => {
  let t: TestLeads;
  let a: { clientId: number; serviceId: number };
  let b: { clientId: number; serviceId: number };
  let viewerA: Identity;
  let ownerB: Identity;
  const ids = new Map<string, number>();

  async function clinic(name: string) {
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `${name} ${randomUUID().slice(0, 6)}`, address: '7 Peak Rd, Boulder, CO 80302', phone: '(303) 555-0170' });
    expect(created.status).toBe(201);
    const clientId = created.body.data.id as number;
    const serviceId = (await createClientService(t.templates!.dataSource, clientId, (await createTemplate(t.templates!.dataSource, { name: `${name} TRT` })).id, { isActive: true })).id;
    return { clientId, serviceId };
  }
  async function lead(of: { clientId: number; serviceId: number }, name: string, utmSource?: string, gclid?: string) {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({
        name,
        email: `${randomUUID()}@example.com`,
        phone: '(303) 555-0111',
        clientId: of.clientId,
        serviceId: of.serviceId,
        consentVersion: CURRENT_LEAD_CONSENT_VERSION,
        ...(utmSource ? { attribution: { last: { utmSource, ...(gclid ? { gclid } : {}) } } } : {}),
      });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
    ids.set(name, Number(row!.id));
  }

  beforeAll(async () => {
    t = await startLeads();
    a = await clinic('Alpine Board');
    b = await clinic('Boulder Board');
    viewerA = { kind: 'clinic', userId: 92_001, email: 'vi@alpine.test', name: 'Vi Viewer', clientId: a.clientId, role: 'viewer' };
    ownerB = { kind: 'clinic', userId: 92_002, email: 'bo@boulder.test', name: 'Bo Owner', clientId: b.clientId, role: 'owner' };
    await lead(a, 'Ada Google', 'google', 'gclid-board-1');
    await lead(a, 'Abe Direct');
    await lead(a, 'Amy Newsletter', 'newsletter');
    await lead(b, 'Bea Other');
    await t.dataSource.query(`UPDATE "leads"."leads" SET "status" = 'booked' WHERE "id" = $1`, [ids.get('Abe Direct')]);
  }, START_TIMEOUT_MS * 2);
  afterAll(() => t.close());

  it("answers a clinic's columns in status order with counts, null values and cards (service name, source, age) to a viewer", async () => {
    const res = await t.api.get('/api/portal/leads/board', viewerA);
    expect(res.status).toBe(200);
    const board = BoardSchema.parse(res.body.data);
    expect(board.columns.map((c) => [c.status, c.count, c.value])).toEqual([
      ['new', 2, null],
      ['contacted', 0, null],
      ['booked', 1, null],
      ['won', 0, null],
      ['lost', 0, null],
    ]);
    const fresh = board.columns[0]!.items;
    expect(fresh.map((c) => c.name)).toEqual(['Amy Newsletter', 'Ada Google']);
    expect(fresh.map((c) => c.source)).toEqual(['newsletter', 'google']);
    expect(fresh[0]!.serviceName).toBe('Alpine Board TRT');
    expect(board.columns[2]!.items[0]).toMatchObject({ name: 'Abe Direct', source: 'direct', nextAppointmentAt: null });
  });

  it("never shows another clinic's leads, whatever clientId the query names", async () => {
    const res = await t.api.get(`/api/portal/leads/board?clientId=${a.clientId}`, ownerB);
    expect(res.status).toBe(200);
    const names = BoardSchema.parse(res.body.data).columns.flatMap((c) => c.items.map((i) => i.name));
    expect(names).toEqual(['Bea Other']);
  });

  it('filters by source (google, direct or a utm source) and service, and refuses bad input with a clear 400', async () => {
    const google = BoardSchema.parse((await t.api.get('/api/portal/leads/board?source=google', viewerA)).body.data);
    expect(google.columns.flatMap((c) => c.items.map((i) => i.name))).toEqual(['Ada Google']);
    const direct = BoardSchema.parse((await t.api.get('/api/portal/leads/board?source=direct', viewerA)).body.data);
    expect(direct.columns.map((c) => c.count)).toEqual([0, 0, 1, 0, 0]);
    const none = BoardSchema.parse((await t.api.get(`/api/portal/leads/board?serviceId=${b.serviceId}`, viewerA)).body.data);
    expect(none.columns.every((c) => c.count === 0)).toBe(true);
    const bad = await t.api.get('/api/portal/leads/board?source=%3Cscript%3E&from=2026-12-02&to=2026-12-01', viewerA);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Source may hold/);
  });

  it("gives the admin one clinic's board with clientId, every clinic's without; a clinic user may not use the admin row", async () => {
    const one = BoardSchema.parse((await t.api.get(`/api/leads/board?clientId=${b.clientId}`, ADMIN)).body.data);
    expect(one.columns[0]!.items.map((i) => i.name)).toEqual(['Bea Other']);
    const all = BoardSchema.parse((await t.api.get('/api/leads/board', ADMIN)).body.data);
    const names = all.columns.flatMap((c) => c.items.map((i) => i.name));
    expect(names).toEqual(expect.arrayContaining(['Bea Other', 'Ada Google', 'Abe Direct']));
    expect((await t.api.get('/api/leads/board', viewerA)).status).toBe(403);
  });

  it('filters by whose leads they are: me (the portal’s), a user, or nobody; the admin may not say me', async () => {
    const deskA = { ...viewerA, userId: 92_003, role: 'front_desk' as const };
    await t.dataSource.query(`UPDATE "leads"."leads" SET "assignee_user_id" = $1 WHERE "id" = $2`, [deskA.userId, ids.get('Amy Newsletter')]);
    const names = (board: unknown) => BoardSchema.parse(board).columns.flatMap((c) => c.items.map((i) => i.name));
    expect(names((await t.api.get('/api/portal/leads/board?assigneeId=me', deskA)).body.data)).toEqual(['Amy Newsletter']);
    expect(names((await t.api.get(`/api/portal/leads/board?assigneeId=${deskA.userId}`, viewerA)).body.data)).toEqual(['Amy Newsletter']);
    expect(names((await t.api.get('/api/portal/leads/board?assigneeId=none', viewerA)).body.data).sort()).toEqual(['Abe Direct', 'Ada Google']);
    const me = await t.api.get(`/api/leads/board?clientId=${a.clientId}&assigneeId=me`, ADMIN);
    expect({ status: me.status, message: me.body.message }).toEqual({ status: 400, message: 'Assignee me is for clinic users; choose a user id or none.' });
  });
});
