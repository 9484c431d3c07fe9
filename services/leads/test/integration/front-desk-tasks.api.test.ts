import { CURRENT_LEAD_CONSENT_VERSION, DEFAULT_MESSAGING_SETTINGS, LeadTimelineSchema, TaskListSchema, TaskSchema } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { createWebPush } from '@hap/service-kit/push';
import { createPushSubscription } from '@hap/test-kit/factories/tenant';
import { startFakeWebPush, type FakeWebPush } from '@hap/test-kit/fakes/web-push';
import { createTenantClient } from '../../src/clients/tenant.client';
import { sweepNotices } from '../../src/modules/front-desk/user-notices';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { clinicUser, tenantDbOf } from '../helpers/front-desk';
import { clinicWithService } from '../helpers/leads';

const PORTAL = 'https://app.agency.test';
/** A VAPID key pair made for these tests (`npx web-push generate-vapid-keys`). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk',
  VAPID_PRIVATE_KEY: '9Nc6fkgUYxI-PwBluBij5h3lchemsDeWqgJnPlFy4I4',
  VAPID_SUBJECT: 'mailto:alerts@agency.test',
  PUSH_TIMEOUT_MS: 2000,
};

/**
 * Tasks, their reminders and the assignee's notices, and round-robin (docs/leads.md#tasks,
 * docs/leads.md#assignment): the real leads app and tenant, pushes to a loopback fake of a push service, the
 * worker's notice sweep run by the test (limited to the test's clinics).
 */
describe('tasks, reminders and round-robin (docs/leads.md#tasks)', () => {
  let t: TestLeads;
  let service: FakeWebPush;
  let a: { clientId: number; serviceId: number };
  let b: { clientId: number; serviceId: number };
  let ownerA: Awaited<ReturnType<typeof clinicUser>>;
  let staffA: Awaited<ReturnType<typeof clinicUser>>;
  let ownerB: Awaited<ReturnType<typeof clinicUser>>;
  let staffPhone: ReturnType<FakeWebPush['subscribe']>;

  async function lead(of: { clientId: number; serviceId: number }, name: string): Promise<number> {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({ name, email: `${name.replace(/\W/g, '').toLowerCase()}-${Date.now()}@example.com`, phone: '(303) 555-0122', clientId: of.clientId, serviceId: of.serviceId, consentVersion: CURRENT_LEAD_CONSENT_VERSION });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
    return Number(row.id);
  }
  const sweep = (now?: Date) =>
    sweepNotices({
      dataSource: t.dataSource,
      tenant: createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 }),
      push: createWebPush(VAPID),
      mailer: null,
      origin: PORTAL,
      clientIds: [a.clientId, b.clientId],
      ...(now && { now: () => now }),
    });
  const pushesTo = (endpoint: string) => service.received.filter((m) => m.endpoint === endpoint).map((m) => JSON.parse(m.payload) as { title: string; body: string; data: { url: string } });

  beforeAll(async () => {
    t = await startLeads();
    service = await startFakeWebPush();
    a = await clinicWithService(t, { name: 'Aspen Tasks Clinic', address: '1 Aspen Way, Denver', phone: '(303) 555-0300' });
    b = await clinicWithService(t, { name: 'Birch Tasks Clinic', address: '2 Birch Way, Denver', phone: '(303) 555-0400' });
    ownerA = await clinicUser(t, a.clientId, 'owner');
    staffA = await clinicUser(t, a.clientId, 'front_desk');
    ownerB = await clinicUser(t, b.clientId, 'owner');
    // Staff take pushes once they chose them; this one did, on one phone.
    await tenantDbOf(t).query(`UPDATE "tenant"."users" SET "new_lead_push" = 'each' WHERE "id" = $1`, [staffA.id]);
    staffPhone = service.subscribe();
    await createPushSubscription(tenantDbOf(t), staffA.id, staffPhone);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await service.close();
    await t.close();
  });

  it('POST, GET ?mine=1 and PATCH /api/portal/tasks: overdue first, the clinic’s zone, on the lead’s timeline', async () => {
    const leadId = await lead(a, 'Tess Task');
    const later = await t.api.post('/api/portal/tasks', ownerA.identity).send({ leadId, title: 'Call back', dueAt: new Date(Date.now() + 86_400_000).toISOString(), assigneeId: staffA.id });
    expect(later.status).toBe(201);
    const task = TaskSchema.parse(later.body.data);
    expect(task).toMatchObject({ leadId, leadName: 'Tess Task', title: 'Call back', assigneeId: staffA.id, assigneeName: 'Clinic front desk', done: false, overdue: false, createdBy: 'Clinic owner' });
    const late = TaskSchema.parse((await t.api.post('/api/portal/tasks', ownerA.identity).send({ title: 'Order leaflets', dueAt: '2020-01-01T10:00:00-05:00', assigneeId: staffA.id })).body.data);
    const owners = TaskSchema.parse((await t.api.post('/api/portal/tasks', ownerA.identity).send({ title: 'Owner’s own', dueAt: '2020-01-01T10:00:00Z', assigneeId: ownerA.id })).body.data);

    const mine = TaskListSchema.parse((await t.api.get('/api/portal/tasks?mine=1', staffA.identity)).body.data);
    expect(mine.items.map((i) => i.id)).toEqual([late.id, task.id]);
    expect(mine.items[0].overdue).toBe(true);
    expect(mine.timeZone).toBe('America/New_York');
    const all = TaskListSchema.parse((await t.api.get('/api/portal/tasks', staffA.identity)).body.data);
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([late.id, task.id, owners.id]));

    const done = await t.api.patch(`/api/portal/tasks/${late.id}`, staffA.identity).send({ done: true });
    expect(TaskSchema.parse(done.body.data)).toMatchObject({ done: true, overdue: false });
    expect(TaskListSchema.parse((await t.api.get('/api/portal/tasks?mine=1&state=done', staffA.identity)).body.data).items.map((i) => i.id)).toEqual([late.id]);
    expect(TaskListSchema.parse((await t.api.get(`/api/portal/tasks?leadId=${leadId}`, ownerA.identity)).body.data).items.map((i) => i.id)).toEqual([task.id]);

    const entries = LeadTimelineSchema.parse((await t.api.get(`/api/portal/leads/${leadId}/timeline`, ownerA.identity)).body.data).entries;
    expect(entries.find((e) => e.type === 'task')).toMatchObject({ title: 'Call back', assigneeName: 'Clinic front desk', done: false });
  });

  it('keeps clinics apart: another clinic’s task or lead is 404, its user 400, and its list holds none of ours', async () => {
    const leadId = await lead(a, 'Iris Isolated');
    const task = TaskSchema.parse((await t.api.post('/api/portal/tasks', ownerA.identity).send({ leadId, title: 'Ours', dueAt: '2030-01-01T09:00:00Z', assigneeId: ownerA.id })).body.data);
    expect((await t.api.patch(`/api/portal/tasks/${task.id}`, ownerB.identity).send({ done: true })).status).toBe(404);
    expect((await t.api.post('/api/portal/tasks', ownerB.identity).send({ leadId, title: 'Theirs', dueAt: '2030-01-01T09:00:00Z', assigneeId: ownerB.id })).status).toBe(404);
    const foreign = await t.api.post('/api/portal/tasks', ownerA.identity).send({ title: 'To B', dueAt: '2030-01-01T09:00:00Z', assigneeId: ownerB.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`User ${ownerB.id} is not an active user of this clinic.`);
    expect(TaskListSchema.parse((await t.api.get('/api/portal/tasks?state=all', ownerB.identity)).body.data).items.every((i) => i.clientId === b.clientId)).toBe(true);
    const bad = await t.api.post('/api/portal/tasks', ownerA.identity).send({ title: '', dueAt: 'tomorrow at 10', assigneeId: ownerA.id });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Title is required');
    expect(JSON.stringify(bad.body)).toContain('Due time must be a date and time');
    expect((await t.api.patch(`/api/portal/tasks/${task.id}`, ownerA.identity).send({})).status).toBe(400);
    expect((await t.dataSource.query(`SELECT "done" FROM "leads"."tasks" WHERE "id" = $1`, [task.id]))[0].done).toBe(false);
  });

  it('pushes a due task’s reminder to its assignee once, never twice, and again only when its time moves', async () => {
    service.received.length = 0;
    const due = new Date(Date.now() + 60_000);
    const task = TaskSchema.parse((await t.api.post('/api/portal/tasks', ownerA.identity).send({ title: 'Call back at ten', dueAt: due.toISOString(), assigneeId: staffA.id })).body.data);
    await sweep();
    expect(pushesTo(staffPhone.endpoint).filter((p) => p.title.startsWith('A task'))).toHaveLength(0);

    const afterDue = new Date(due.getTime() + 1000);
    await Promise.all([sweep(afterDue), sweep(afterDue)]);
    await sweep(afterDue);
    const reminders = pushesTo(staffPhone.endpoint).filter((p) => p.title.startsWith('A task'));
    expect(reminders).toEqual([{ title: 'A task is due — open the portal', body: 'A task of Aspen Tasks Clinic is due.', tag: 'task-clinic', data: { url: `${PORTAL}/portal/tasks` } }]);

    // Moved to later: due again, once, at its new time; a task done before its time is never reminded.
    const moved = new Date(due.getTime() + 3_600_000);
    await t.api.patch(`/api/portal/tasks/${task.id}`, staffA.identity).send({ dueAt: moved.toISOString() });
    await sweep(afterDue);
    await sweep(new Date(moved.getTime() + 1000));
    await sweep(new Date(moved.getTime() + 2000));
    expect(pushesTo(staffPhone.endpoint).filter((p) => p.title.startsWith('A task'))).toHaveLength(2);
    const skipped = TaskSchema.parse((await t.api.post('/api/portal/tasks', ownerA.identity).send({ title: 'Done early', dueAt: due.toISOString(), assigneeId: staffA.id })).body.data);
    await t.api.patch(`/api/portal/tasks/${skipped.id}`, staffA.identity).send({ done: true });
    await sweep(afterDue);
    expect(pushesTo(staffPhone.endpoint).filter((p) => p.title.startsWith('A task'))).toHaveLength(2);
  });

  it('tells an assignee of a lead given to them, without the patient’s details, once', async () => {
    service.received.length = 0;
    const leadId = await lead(a, 'Patty Private');
    expect((await t.api.patch(`/api/portal/leads/${leadId}`, ownerA.identity).send({ assigneeId: staffA.id })).status).toBe(200);
    await sweep();
    await sweep();
    const told = pushesTo(staffPhone.endpoint).filter((p) => p.title.startsWith('A lead'));
    expect(told).toEqual([{ title: 'A lead of Aspen Tasks Clinic was given to you', body: 'Open the portal to see it.', tag: `assigned-${leadId}`, data: { url: `${PORTAL}/portal/leads?lead=${leadId}` } }]);
    expect(JSON.stringify(service.received.map((m) => m.payload))).not.toContain('Patty');
    const [notice] = (await t.dataSource.query(`SELECT "outcome" FROM "leads"."user_notices" WHERE "lead_id" = $1`, [leadId])) as Array<{ outcome: string }>;
    expect(notice.outcome).toBe('pushed to 1 of 1 devices.');
  });

  it('round-robin: a clinic that turned it on gives each new lead to its next assignable user in turn', async () => {
    const settings = { ...DEFAULT_MESSAGING_SETTINGS, roundRobin: true };
    expect((await t.api.put(`/api/clients/${b.clientId}/messaging`, ADMIN).send(settings)).status).toBe(200);
    const staffB = await clinicUser(t, b.clientId, 'front_desk');
    const ids = [ownerB.id, staffB.id].sort((x, y) => x - y);
    const leads = [];
    for (const name of ['Rob One', 'Rob Two', 'Rob Three']) leads.push(await lead(b, name));
    const assigned = (await t.dataSource.query(`SELECT "assignee_user_id" FROM "leads"."leads" WHERE "id" = ANY($1::bigint[]) ORDER BY "id"`, [leads])) as Array<{ assignee_user_id: number }>;
    expect(assigned.map((r) => r.assignee_user_id)).toEqual([ids[0], ids[1], ids[0]]);
    const entries = LeadTimelineSchema.parse((await t.api.get(`/api/portal/leads/${leads[0]}/timeline`, ownerB.identity)).body.data).entries;
    expect(entries.find((e) => e.type === 'assignment')).toMatchObject({ by: 'Round-robin' });

    // Leads arriving together take turns too (the cursor row is locked): four at once, two each.
    const together = await Promise.all(['Rob Five', 'Rob Six', 'Rob Seven', 'Rob Eight'].map((name) => lead(b, name)));
    const turns = (await t.dataSource.query(`SELECT "assignee_user_id" FROM "leads"."leads" WHERE "id" = ANY($1::bigint[])`, [together])) as Array<{ assignee_user_id: number }>;
    expect(turns.filter((r) => r.assignee_user_id === ids[0])).toHaveLength(2);
    expect(turns.filter((r) => r.assignee_user_id === ids[1])).toHaveLength(2);

    // Off again: new leads stay unassigned.
    await t.api.put(`/api/clients/${b.clientId}/messaging`, ADMIN).send(DEFAULT_MESSAGING_SETTINGS);
    const after = await lead(b, 'Rob Four');
    expect((await t.dataSource.query(`SELECT "assignee_user_id" FROM "leads"."leads" WHERE "id" = $1`, [after]))[0].assignee_user_id).toBeNull();
  });

  it('lets an admin list, add and change a clinic’s tasks', async () => {
    const created = await t.api.post('/api/tasks', ADMIN).send({ clientId: b.clientId, title: 'Agency follow-up', dueAt: '2030-02-01T15:00:00Z', assigneeId: ownerB.id });
    expect(created.status).toBe(201);
    const task = TaskSchema.parse(created.body.data);
    expect((await t.api.patch(`/api/tasks/${task.id}`, ADMIN).send({ title: 'Agency follow-up (moved)' })).body.data).toMatchObject({ title: 'Agency follow-up (moved)' });
    const list = TaskListSchema.parse((await t.api.get(`/api/tasks?clientId=${b.clientId}`, ADMIN)).body.data);
    expect(list.items.map((i) => i.id)).toContain(task.id);
    // The clinic reads the agency's task as the Agency's.
    expect(TaskListSchema.parse((await t.api.get('/api/portal/tasks', ownerB.identity)).body.data).items.find((i) => i.id === task.id)?.createdBy).toBe('Agency');
  });
});
