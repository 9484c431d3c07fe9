import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { clinicRolesOf, CURRENT_LEAD_CONSENT_VERSION, DEFAULT_AVAILABILITY, Messages, routeTable, type RouteContract } from '@hap/contracts';
import { pngBytes } from '@hap/test-kit/fixtures/images';
import { startServiceProcess, type ServiceProcess } from '@hap/test-kit/service-process';
import { SIBLINGS_START_TIMEOUT_MS, startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { createAdmin } from '@hap/test-kit/factories/tenant';
import { buildGateway, loginCookie, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { startUpstream, type Upstream } from '../helpers/upstream';

/**
 * Proven isolation: every `clinic` row and every `admin` row,
 * asked by each kind of identity — none, clinic A's owner, clinic B's owner,
 * an admin, a disabled user and an ended session — gets exactly the status
 * of the matrix below.
 *
 * Clinic rows go through the real gateway to the real tenant, templates and
 * leads services (processes), on clinic A's own records (a lead, team members, a user):
 * B asking for A's record gets 404 and changes nothing. Admin rows go
 * through a second gateway, on the same sessions (one Redis prefix), to
 * recording upstreams: the gateway's own decision is what is asserted, and
 * an admin's call must reach its service as the admin.
 *
 * A clinic row without a line in CLINIC_MATRIX fails the first test: a new
 * portal route cannot ship without its place here.
 *
 * Two more are clinic A's own users in the other roles (docs/portal.md#roles): its front desk
 * and a viewer. Each gets A's answer on a row its role admits (contracts' clinicRolesOf) and
 * 403 on any other, before a service is asked.
 *
 * The seventh identity, `viewer`, is an admin viewing clinic A read-only
 * (`POST /api/admin/view-as`): every clinic GET answers as A's (its `own`
 * status unless the line says otherwise), every other clinic row is 403, and
 * admin rows still reach their service as the admin.
 */

type Kind = 'none' | 'clinicA' | 'clinicB' | 'admin' | 'disabled' | 'ended' | 'viewer' | 'frontDeskA' | 'viewerRoleA';

interface Ctx {
  leadA: number;
  memberA: number;
  memberA2: number;
  invitedA: number;
  /** Two custom domains clinic A claimed (one is re-checked, one removed). */
  domainA: string;
  domainA2: string;
  /** Clinic A's appointment (booked by its lead), and a free time to move it to. */
  appointmentA: number;
  moveTo: string;
  /** Clinic A's owner (an assignee), a note they wrote on A's lead and a task of A's (docs/leads.md#the-front-desk). */
  ownerA: number;
  noteA: number;
  taskA: number;
}

interface ClinicCall {
  path: string;
  body?: object;
  /** A multipart upload (the image field). */
  image?: Buffer;
}

interface ClinicLine {
  call: (ctx: Ctx) => ClinicCall;
  /** Clinic A's owner on A's own records. */
  own: number;
  /** Clinic B's owner making the same call: A's records are not B's (404); a row without an id answers B's own. */
  other: number;
  /** An admin viewing clinic A read-only, when not `own` for a GET and 403 otherwise. */
  viewer?: number;
  /** Clinic A's front desk, asking after its owner, when the role admits the row and the answer is not `own`. */
  frontDesk?: number;
}

const today = new Date().toISOString().slice(0, 10);
/** A browser's push subscription (tenant stores it; nothing is sent to it here). */
const MATRIX_PUSH_SUBSCRIPTION = {
  endpoint: `https://push.example.com/send/matrix-${randomUUID()}`,
  keys: { p256dh: 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk', auth: 'k8JV6sjdbhAi1n3_LDBLvA' },
};
const week = { from: new Date().toISOString(), to: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString() };

/** Each clinic row: the call, and what A and B get. The other four identities get the fixed answers of DENIED. */
const CLINIC_MATRIX: Record<string, ClinicLine> = {
  listPortalUsers: { call: () => ({ path: '/api/portal/users' }), own: 200, other: 200 },
  invitePortalUser: { call: () => ({ path: '/api/portal/users', body: { email: uniqueEmail('matrix-staff'), role: 'front_desk' } }), own: 201, other: 201 },
  deletePortalUser: { call: (ctx) => ({ path: `/api/portal/users/${ctx.invitedA}` }), own: 200, other: 404 },
  getPortalProfile: { call: () => ({ path: '/api/portal/profile' }), own: 200, other: 200 },
  updatePortalProfile: { call: () => ({ path: '/api/portal/profile', body: { phone: '(303) 555-0142' } }), own: 200, other: 200 },
  uploadPortalImage: { call: () => ({ path: '/api/portal/uploads', image: pngBytes(4) }), own: 201, other: 201 },
  listPortalTeam: { call: () => ({ path: '/api/portal/team' }), own: 200, other: 200 },
  createPortalTeamMember: { call: () => ({ path: '/api/portal/team', body: { name: 'Dr. Lee Park', title: 'Physician', displayOrder: 5 } }), own: 201, other: 201 },
  updatePortalTeamMember: { call: (ctx) => ({ path: `/api/portal/team/${ctx.memberA}`, body: { title: 'Medical Director' } }), own: 200, other: 404 },
  deletePortalTeamMember: { call: (ctx) => ({ path: `/api/portal/team/${ctx.memberA2}` }), own: 200, other: 404 },
  listPortalPages: { call: () => ({ path: '/api/portal/pages' }), own: 200, other: 200 },
  listPortalLeads: { call: () => ({ path: '/api/portal/leads' }), own: 200, other: 200 },
  getPortalNewLeads: { call: () => ({ path: '/api/portal/leads/new' }), own: 200, other: 200 },
  getPortalLeadsBoard: { call: () => ({ path: '/api/portal/leads/board' }), own: 200, other: 200 },
  getPortalLead: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}` }), own: 200, other: 404 },
  updatePortalLeadStatus: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}/status`, body: { status: 'contacted' } }), own: 200, other: 404 },
  getPortalLeadTimeline: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}/timeline` }), own: 200, other: 404 },
  // No Twilio in this stack: the clinic's own lead is 409 'not configured', another's 404 before that.
  sendPortalLeadSms: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}/messages`, body: { body: 'Hello' } }), own: 409, other: 404 },
  getPortalSpeedToLead: { call: () => ({ path: `/api/portal/results/speed-to-lead?from=${today}&to=${today}` }), own: 200, other: 200 },
  // A viewing admin is no user of the clinic: no choices of their own.
  getMyNotifications: { call: () => ({ path: '/api/portal/me/notifications' }), own: 200, other: 200, viewer: 404 },
  updateMyNotifications: { call: () => ({ path: '/api/portal/me/notifications', body: { newLeadEmail: 'off' } }), own: 200, other: 200 },
  // A device is whoever subscribed it last: B subscribing the same endpoint takes it (its own row), never A's other devices.
  addMyPushSubscription: { call: () => ({ path: '/api/portal/me/push-subscriptions', body: MATRIX_PUSH_SUBSCRIPTION }), own: 200, other: 200 },
  deleteMyPushSubscription: { call: () => ({ path: '/api/portal/me/push-subscriptions', body: { endpoint: MATRIX_PUSH_SUBSCRIPTION.endpoint } }), own: 200, other: 200 },
  // Web push is not configured in this run: the same words for everyone signed in to a clinic.
  getPushPublicKey: { call: () => ({ path: '/api/portal/push/public-key' }), own: 409, other: 409 },
  getPortalResultsSummary: { call: () => ({ path: `/api/portal/results/summary?from=${today}&to=${today}` }), own: 200, other: 200 },
  listPortalDomains: { call: () => ({ path: '/api/portal/domains' }), own: 200, other: 200 },
  addPortalDomain: { call: () => ({ path: '/api/portal/domains', body: { domain: `www.matrix-${randomUUID().slice(0, 8)}.example` } }), own: 201, other: 201 },
  verifyPortalDomain: { call: (ctx) => ({ path: `/api/portal/domains/${ctx.domainA}/verify` }), own: 200, other: 404 },
  deletePortalDomain: { call: (ctx) => ({ path: `/api/portal/domains/${ctx.domainA2}` }), own: 200, other: 404 },
  getPortalCalendar: { call: () => ({ path: `/api/portal/booking/calendar?from=${week.from}&to=${week.to}` }), own: 200, other: 200 },
  updatePortalAppointment: { call: (ctx) => ({ path: `/api/portal/appointments/${ctx.appointmentA}`, body: { action: 'move', start: ctx.moveTo } }), own: 200, other: 404 },
  getPortalAvailability: { call: () => ({ path: '/api/portal/booking/availability' }), own: 200, other: 200 },
  updatePortalAvailability: { call: () => ({ path: '/api/portal/booking/availability', body: DEFAULT_AVAILABILITY }), own: 200, other: 200 },
  getPortalCalendarFeed: { call: () => ({ path: '/api/portal/booking/feed' }), own: 200, other: 200 },
  regeneratePortalCalendarFeed: { call: () => ({ path: '/api/portal/booking/feed' }), own: 200, other: 200 },
  // The front desk (docs/leads.md#the-front-desk): A's lead, note and task are 404 to B; lists answer B's own.
  addPortalLeadNote: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}/notes`, body: { body: 'Matrix note' } }), own: 201, other: 404 },
  // Only a note's author edits it: A's front desk did not write A's note.
  editPortalLeadNote: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}/notes/${ctx.noteA}`, body: { body: 'Matrix note, edited' } }), own: 200, other: 404, frontDesk: 403 },
  logPortalLeadCall: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}/calls`, body: { outcome: 'no_answer' } }), own: 201, other: 404 },
  assignPortalLead: { call: (ctx) => ({ path: `/api/portal/leads/${ctx.leadA}`, body: { assigneeId: ctx.ownerA } }), own: 200, other: 404 },
  listPortalAssignees: { call: () => ({ path: '/api/portal/assignees' }), own: 200, other: 200 },
  listPortalTasks: { call: () => ({ path: '/api/portal/tasks?mine=1' }), own: 200, other: 200 },
  createPortalTask: { call: (ctx) => ({ path: '/api/portal/tasks', body: { leadId: ctx.leadA, title: 'Call back', dueAt: week.to, assigneeId: ctx.ownerA } }), own: 201, other: 404 },
  updatePortalTask: { call: (ctx) => ({ path: `/api/portal/tasks/${ctx.taskA}`, body: { done: true } }), own: 200, other: 404 },
};

/** A clinic row: who is refused before any service is asked (a signed-in admin is 403: not a clinic user). */
const CLINIC_DENIED = { none: 401, admin: 403, disabled: 401, ended: 401 } as const;
/** An admin row: everyone but the admin is refused (a clinic user is 403: signed in, not allowed); the admin reaches the service. */
const ADMIN_ROW = { none: 401, clinicA: 403, clinicB: 403, disabled: 401, ended: 401, admin: 200, viewer: 200 } as const;

const rowsOf = (access: 'clinic' | 'admin') => routeTable.filter((row) => row.access === access);

/** A concrete URL for a route pattern: `:params` become 1. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

function send(server: Parameters<typeof request>[0], row: Pick<RouteContract, 'method'>, call: ClinicCall, cookie: string | null) {
  const agent = request(server);
  const method = row.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  let req = agent[method](call.path);
  if (cookie) req = req.set('cookie', cookie);
  if (call.image) return req.attach('image', call.image, { filename: 'logo.png', contentType: 'image/png' });
  return call.body ? req.send(call.body) : req;
}

describe('isolation matrix: every clinic and admin row by every kind of identity', () => {
  // Templates and its tenant (shared by the worker's files), and leads asking them: processes (@hap/test-kit/siblings).
  let templates: SiblingTemplates;
  let leads: ServiceProcess;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let deciding: ReturnType<typeof buildGateway>['app'];
  const upstreams: Upstream[] = [];
  const cookies: Record<Kind, string | null> = { none: null, clinicA: null, clinicB: null, admin: null, disabled: null, ended: null, viewer: null, frontDeskA: null, viewerRoleA: null };
  let clinicAId = 0;
  const ctx: Ctx = { leadA: 0, memberA: 0, memberA2: 0, invitedA: 0, domainA: '', domainA2: '', appointmentA: 0, moveTo: '', ownerA: 0, noteA: 0, taskA: 0 };

  beforeAll(async () => {
    // Custom domains configured (an edge host), their DNS asked of a closed loopback port: every check answers "not found yet" at once.
    Object.assign(process.env, { EDGE_HOST: 'edge.matrix.test', DNS_RESOLVER: '127.0.0.1:9', DNS_TIMEOUT_MS: '300' });
    templates = await startTemplatesWithTenant();
    const tenant = templates.tenant;
    // Every lead's service and clinic asked of templates and tenant afresh (no cache), each within 1.5 s.
    leads = await startServiceProcess('leads', {
      env: {
        TEMPLATES_URL: templates.url,
        TEMPLATES_TIMEOUT_MS: '1500',
        LEAD_CATALOGUE_CACHE_MS: '0',
        TENANT_URL: tenant.url,
        TENANT_TIMEOUT_MS: '1500',
        LEAD_CLINIC_CACHE_MS: '0',
        ADS_TIMEOUT_MS: '1500',
      },
    });
    const leadsUrl = leads.url;
    const templatesUrl = templates.url;
    // The services' own Redis prefix: tenant publishes sign-in versions where the gateways read sessions.
    const shared = { REDIS_PREFIX: tenant.env.REDIS_PREFIX, TRUST_PROXY: 'true', LEAD_RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_MINUTE: '0' };
    const ads = await startUpstream();
    upstreams.push(ads);
    gateway = buildGateway({ ...shared, TENANT_URL: tenant.url, LEADS_URL: leadsUrl, TEMPLATES_URL: templatesUrl, ADS_URL: ads.url }).app;
    await gateway.ready();

    // The admin, and two clinics with an active service each.
    const admin = { email: uniqueEmail('matrix-admin'), password: 'a long matrix admin password' };
    await createAdmin(tenant.dataSource, admin);
    cookies.admin = await loginCookie(gateway, admin);
    const asAdmin = (method: 'post' | 'patch', path: string, body: object) =>
      request(gateway.server)[method](path).set('cookie', cookies.admin!).send(body);
    const clinic = async (name: string) => {
      const res = await asAdmin('post', '/api/clients', { name: `${name} ${randomUUID().slice(0, 6)}`, address: '9 Ridge Rd, Boulder, CO 80302', phone: '(303) 555-0160' });
      expect(res.status).toBe(201);
      const clientId = res.body.data.id as number;
      const serviceId = (await createClientService(templates.dataSource, clientId, (await createTemplate(templates.dataSource, { name: `${name} TRT` })).id, { isActive: true })).id;
      return { clientId, serviceId };
    };
    const a = await clinic('Matrix Clinic A');
    const b = await clinic('Matrix Clinic B');
    clinicAId = a.clientId;

    // A second admin, viewing clinic A read-only.
    const viewer = { email: uniqueEmail('matrix-viewer'), password: 'a long matrix viewer password' };
    await createAdmin(tenant.dataSource, viewer);
    cookies.viewer = await loginCookie(gateway, viewer);
    const view = await request(gateway.server).post('/api/admin/view-as').set('cookie', cookies.viewer).send({ clientId: a.clientId });
    expect(view.status).toBe(200);

    // Users: invited by the admin (e-mail is off here: the link comes back), accepted through the gateway.
    const invite = async (clientId: number, role: 'owner' | 'front_desk' | 'viewer') => {
      const res = await asAdmin('post', `/api/clients/${clientId}/users`, { email: uniqueEmail('matrix-user'), role });
      expect(res.status).toBe(201);
      return { userId: res.body.data.userId as number, token: new URL(res.body.data.inviteUrl as string).hash.replace('#token=', '') };
    };
    const accept = async (clientId: number, role: 'owner' | 'front_desk' | 'viewer') => {
      const { userId, token } = await invite(clientId, role);
      const res = await request(gateway.server).post('/api/portal/accept-invite').send({ token, password: 'a long clinic user password' });
      expect(res.status).toBe(200);
      return { userId, cookie: sessionCookie(res.headers['set-cookie'])! };
    };
    const ownerA = await accept(a.clientId, 'owner');
    cookies.clinicA = ownerA.cookie;
    ctx.ownerA = ownerA.userId;
    cookies.clinicB = (await accept(b.clientId, 'owner')).cookie;
    cookies.frontDeskA = (await accept(a.clientId, 'front_desk')).cookie;
    cookies.viewerRoleA = (await accept(a.clientId, 'viewer')).cookie;
    const disabled = await accept(a.clientId, 'front_desk');
    expect((await asAdmin('patch', `/api/clients/${a.clientId}/users/${disabled.userId}`, { disabled: true })).status).toBe(200);
    cookies.disabled = disabled.cookie;
    const ended = await accept(a.clientId, 'front_desk');
    expect((await request(gateway.server).post('/api/portal/logout').set('cookie', ended.cookie)).status).toBe(200);
    cookies.ended = ended.cookie;
    ctx.invitedA = (await invite(a.clientId, 'front_desk')).userId;

    // Clinic A's records: two custom domains, two team members and a lead.
    for (const key of ['domainA', 'domainA2'] as const) {
      const res = await asAdmin('post', `/api/clients/${a.clientId}/domains`, { domain: `${key.toLowerCase()}.matrix-${randomUUID().slice(0, 8)}.example` });
      expect(res.status).toBe(201);
      ctx[key] = res.body.data.domain as string;
    }
    for (const key of ['memberA', 'memberA2'] as const) {
      const res = await asAdmin('post', '/api/staff-members', { clientId: a.clientId, name: `Member ${key}`, title: 'Nurse', displayOrder: 1 });
      expect(res.status).toBe(201);
      ctx[key] = res.body.data.id as number;
    }
    const lead = await request(gateway.server)
      .post('/api/leads')
      
      .set({ 'x-forwarded-for': '198.51.100.90', 'user-agent': 'Mozilla/5.0 (Matrix test)' })
      .send({ name: 'Morgan Lee', email: `${randomUUID()}@example.com`, phone: '(303) 555-0111', clientId: a.clientId, serviceId: a.serviceId, consentVersion: CURRENT_LEAD_CONSENT_VERSION });
    expect(lead.status).toBe(201);
    const [row] = (await templates.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [lead.body.data.reference])) as Array<{ id: string }>;
    ctx.leadA = Number(row!.id);
    // The lead books the first free time of the week (the default rules); the clinic may move it to the second.
    const slots = await request(gateway.server).get(`/api/booking/slots?clientId=${a.clientId}&serviceId=${a.serviceId}&from=${week.from}&to=${week.to}`);
    expect(slots.status).toBe(200);
    const [first, second] = slots.body.data.slots as Array<{ start: string }>;
    const booked = await request(gateway.server)
      .post('/api/bookings')
      .send({ clientId: a.clientId, serviceId: a.serviceId, start: first!.start, idempotencyKey: randomUUID(), leadToken: lead.body.data.bookingToken });
    expect(booked.status).toBe(201);
    ctx.appointmentA = booked.body.data.id as number;
    ctx.moveTo = second!.start;
    // A's owner's note on the lead and a task of A's (the front desk's rows edit them).
    const note = await request(gateway.server).post(`/api/portal/leads/${ctx.leadA}/notes`).set('cookie', cookies.clinicA!).send({ body: 'First words' });
    expect(note.status).toBe(201);
    ctx.noteA = note.body.data.id as number;
    const task = await request(gateway.server).post('/api/portal/tasks').set('cookie', cookies.clinicA!).send({ title: 'Matrix task', dueAt: week.to, assigneeId: ctx.ownerA });
    expect(task.status).toBe(201);
    ctx.taskA = task.body.data.id as number;

    // The deciding gateway for admin rows: the same sessions, every service a recording upstream answering 200.
    for (let i = 0; i < 4; i++) upstreams.push(await startUpstream());
    const [tenantUp, leadsUp, templatesUp, adsUp] = upstreams.slice(1);
    deciding = buildGateway({ ...shared, TENANT_URL: tenantUp!.url, LEADS_URL: leadsUp!.url, TEMPLATES_URL: templatesUp!.url, ADS_URL: adsUp!.url }).app;
    await deciding.ready();
  }, SIBLINGS_START_TIMEOUT_MS * 2);

  afterAll(async () => {
    await gateway?.close();
    await deciding?.close();
    await Promise.all(upstreams.map((u) => u.close()));
    await leads?.close();
    await templates?.close();
  });

  it('has a line for every clinic row, and no line for a row that is not one', () => {
    expect(Object.keys(CLINIC_MATRIX).sort()).toEqual(rowsOf('clinic').map((row) => row.operation).sort());
    expect(rowsOf('admin').length).toBeGreaterThan(50);
  });

  it.each(rowsOf('clinic').map((row) => [row.operation, row] as const))('%s: exactly its status for each identity', async (_operation, row) => {
    const line = CLINIC_MATRIX[row.operation];
    if (!line) throw new Error(`${row.operation} has no line in CLINIC_MATRIX`);
    const got: Record<string, number> = {};
    // B and the refused first: A's records are still there to be refused; then A, whose writes may use them up; then A's front desk.
    for (const kind of ['none', 'admin', 'disabled', 'ended', 'viewer', 'clinicB', 'viewerRoleA', 'clinicA', 'frontDeskA'] as const) {
      got[kind] = (await send(gateway.server, row, line.call(ctx), cookies[kind])).status;
    }
    const viewer = line.viewer ?? (row.method === 'GET' ? line.own : 403);
    const roles = clinicRolesOf(row);
    expect(got).toEqual({
      ...CLINIC_DENIED,
      viewer,
      clinicB: line.other,
      clinicA: line.own,
      frontDeskA: roles.includes('front_desk') ? (line.frontDesk ?? line.own) : 403,
      viewerRoleA: roles.includes('viewer') ? line.own : 403,
    });
  });

  it("leaves clinic A's records as they were after clinic B's refused calls", async () => {
    const lead = await send(gateway.server, { method: 'GET' }, { path: `/api/portal/leads/${ctx.leadA}` }, cookies.clinicA);
    // Booked by its own booking, then contacted by A itself (its own PATCH above), never by B.
    expect(lead.body.data.statusHistory.map((h: { to: string; by: string | null }) => h.to)).toEqual(['booked', 'contacted']);
    const week = await send(gateway.server, { method: 'GET' }, CLINIC_MATRIX.getPortalCalendar!.call(ctx), cookies.clinicA);
    // Moved by A, then to the same time by A's front desk; B's move was refused.
    expect(week.body.data.appointments).toEqual([expect.objectContaining({ id: ctx.appointmentA, start: new Date(ctx.moveTo).toISOString(), version: 3 })]);
    const team = await send(gateway.server, { method: 'GET' }, { path: '/api/portal/team' }, cookies.clinicA);
    expect(team.body.data.find((m: { id: number }) => m.id === ctx.memberA)).toMatchObject({ title: 'Medical Director' });
  });

  it.each(rowsOf('admin').map((row) => [`${row.method} ${row.path}`, row] as const))('%s: an admin reaches its service as the admin; everyone else is refused', async (_name, row) => {
    const call: ClinicCall = { path: concrete(row.path), ...(row.body || row.multipart ? { body: {} } : {}) };
    const got: Record<string, number> = {};
    for (const kind of ['none', 'clinicA', 'clinicB', 'disabled', 'ended', 'admin', 'viewer'] as const) {
      got[kind] = (await send(deciding.server, row, call, cookies[kind])).status;
    }
    expect(got).toEqual(ADMIN_ROW);
    const reached = upstreams.slice(1).flatMap((u) => u.received).filter((r) => r.url.split('?')[0] === call.path.split('?')[0]);
    expect(reached.map((r) => r.identity?.kind)).toEqual(['admin', 'admin']);
    for (const u of upstreams) u.received.length = 0;
  });

  it('refuses a role in words: a viewer changes nothing, the front desk manages no users', async () => {
    const write = await send(gateway.server, { method: 'PATCH' }, { path: `/api/portal/leads/${ctx.leadA}/status`, body: { status: 'lost' } }, cookies.viewerRoleA);
    expect({ status: write.status, message: write.body.message }).toEqual({ status: 403, message: Messages.viewerReadOnly });
    const invite = await send(gateway.server, { method: 'POST' }, { path: '/api/portal/users', body: { email: uniqueEmail('matrix-fd'), role: 'owner' } }, cookies.frontDeskA);
    expect({ status: invite.status, message: invite.body.message }).toEqual({ status: 403, message: Messages.notClinicOwner });
  });

  it("shows the viewer clinic A's own records with the words of a read-only view, audited, until the view ends", async () => {
    const leadsSeen = await send(gateway.server, { method: 'GET' }, { path: '/api/portal/leads' }, cookies.viewer);
    expect(leadsSeen.body.data.items.map((l: { id: number }) => l.id)).toContain(ctx.leadA);
    const write = await send(gateway.server, { method: 'PATCH' }, { path: `/api/portal/leads/${ctx.leadA}/status`, body: { status: 'lost' } }, cookies.viewer);
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Read-only view: you are viewing this clinic as the agency.');
    const tenant = templates.tenant;
    const [started] = await tenant.dataSource.query<Array<{ action: string; changes: { names?: { client?: string } } }>>(
      `SELECT "action", "changes" FROM "tenant"."audit_log" WHERE "entity" = 'view_as' AND "entity_id" = $1 ORDER BY "id"`,
      [String(clinicAId)],
    );
    expect(started).toMatchObject({ action: 'create', changes: { names: { client: expect.stringContaining('Matrix Clinic A') } } });

    expect((await request(gateway.server).delete('/api/admin/view-as').set('cookie', cookies.viewer!)).status).toBe(200);
    expect((await send(gateway.server, { method: 'GET' }, { path: '/api/portal/leads' }, cookies.viewer)).status).toBe(403);
    const actions = await tenant.dataSource.query<Array<{ action: string }>>(
      `SELECT "action" FROM "tenant"."audit_log" WHERE "entity" = 'view_as' AND "entity_id" = $1 ORDER BY "id"`,
      [String(clinicAId)],
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});
