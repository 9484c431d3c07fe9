import { CURRENT_LEAD_CONSENT_VERSION, LeadNoteSchema, LeadTimelineSchema, LoggedCallSchema, PortalLeadDetailSchema, PortalLeadListSchema, SpeedToLeadSchema } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { clinicUser, viewerUser } from '../helpers/front-desk';
import { clinicWithService } from '../helpers/leads';

/**
 * The front desk's notes, calls and assignment (docs/leads.md#the-front-desk) through the real leads app, real
 * PostgreSQL and the real tenant (assignees are its users): two clinics, each user signed as the gateway signs
 * a clinic session. Another clinic's lead is 404; another clinic's user cannot be given a lead.
 */
describe('the front desk on a lead: notes, calls, assignment (docs/leads.md#the-front-desk)', () => {
  let t: TestLeads;
  let a: { clientId: number; serviceId: number };
  let b: { clientId: number; serviceId: number };
  let ownerA: Identity;
  let staffA: Awaited<ReturnType<typeof clinicUser>>;
  let ownerB: Awaited<ReturnType<typeof clinicUser>>;

  async function lead(of: { clientId: number; serviceId: number }, name: string): Promise<number> {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({ name, email: `${name.replace(/\W/g, '').toLowerCase()}-${Date.now()}@example.com`, phone: '(303) 555-0111', clientId: of.clientId, serviceId: of.serviceId, consentVersion: CURRENT_LEAD_CONSENT_VERSION });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
    return Number(row.id);
  }
  const statusOf = async (id: number) => ((await t.dataSource.query(`SELECT "status" FROM "leads"."leads" WHERE "id" = $1`, [id])) as Array<{ status: string }>)[0].status;
  const timeline = async (id: number, who: Identity) => LeadTimelineSchema.parse((await t.api.get(`/api/portal/leads/${id}/timeline`, who)).body.data).entries;

  beforeAll(async () => {
    t = await startLeads();
    a = await clinicWithService(t, { name: 'Aspen Front Desk Clinic', address: '1 Aspen Way, Denver', phone: '(303) 555-0100' });
    b = await clinicWithService(t, { name: 'Birch Front Desk Clinic', address: '2 Birch Way, Denver', phone: '(303) 555-0200' });
    ownerA = (await clinicUser(t, a.clientId, 'owner')).identity;
    staffA = await clinicUser(t, a.clientId, 'front_desk');
    ownerB = await clinicUser(t, b.clientId, 'owner');
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('POST /api/portal/leads/:id/notes, PATCH …/notes/:noteId', () => {
    it('keeps who wrote a note and when, and every version of an edit, shown as edited on the timeline', async () => {
      const id = await lead(a, 'Nora Notes');
      const added = await t.api.post(`/api/portal/leads/${id}/notes`, staffA.identity).send({ body: 'Prefers a call after 5 pm.' });
      expect(added.status).toBe(201);
      const note = LeadNoteSchema.parse(added.body.data);
      expect(note).toMatchObject({ leadId: id, body: 'Prefers a call after 5 pm.', by: 'Clinic front desk', mine: true, edited: false, versions: [{ version: 1 }] });

      const edited = await t.api.patch(`/api/portal/leads/${id}/notes/${note.id}`, staffA.identity).send({ body: 'Prefers a call after 6 pm.' });
      expect(edited.status).toBe(200);
      expect(LeadNoteSchema.parse(edited.body.data)).toMatchObject({
        body: 'Prefers a call after 6 pm.',
        edited: true,
        versions: [
          { version: 1, body: 'Prefers a call after 5 pm.', by: 'Clinic front desk' },
          { version: 2, body: 'Prefers a call after 6 pm.', by: 'Clinic front desk' },
        ],
      });

      // Only its author edits it; nothing changes.
      const other = await t.api.patch(`/api/portal/leads/${id}/notes/${note.id}`, ownerA).send({ body: 'Mine now' });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('Only the note’s author can edit it.');

      // The owner sees it all on the timeline; the audit keeps no words of the note.
      const entries = await timeline(id, ownerA);
      expect(entries.find((e) => e.type === 'note')).toMatchObject({ type: 'note', body: 'Prefers a call after 6 pm.', edited: true, mine: false });
      const audit = (await t.dataSource.query(`SELECT "changes" FROM "leads"."audit_log" WHERE "entity" = 'lead_note' AND "entity_id" = $1`, [String(note.id)])) as Array<{ changes: unknown }>;
      expect(audit).toHaveLength(2);
      expect(JSON.stringify(audit)).not.toContain('pm');

      // An admin's note is the Agency's in the portal.
      expect((await t.api.post(`/api/leads/${id}/notes`, ADMIN).send({ body: 'Agency called the clinic.' })).status).toBe(201);
      expect((await timeline(id, ownerA)).filter((e) => e.type === 'note').map((e) => 'by' in e && e.by)).toEqual(['Clinic front desk', 'Agency']);
    });

    it('refuses bad words with the schema’s message, and another clinic’s lead or note with 404', async () => {
      const id = await lead(a, 'Nils Nobody');
      const empty = await t.api.post(`/api/portal/leads/${id}/notes`, ownerA).send({ body: '   ' });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('Note is required');
      const long = await t.api.post(`/api/portal/leads/${id}/notes`, ownerA).send({ body: 'x'.repeat(2001) });
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body)).toContain('Note must be at most 2000 characters');
      const note = LeadNoteSchema.parse((await t.api.post(`/api/portal/leads/${id}/notes`, ownerA).send({ body: 'Ours' })).body.data);
      expect((await t.api.post(`/api/portal/leads/${id}/notes`, ownerB.identity).send({ body: 'Theirs' })).status).toBe(404);
      expect((await t.api.patch(`/api/portal/leads/${id}/notes/${note.id}`, ownerB.identity).send({ body: 'Theirs' })).status).toBe(404);
      expect((await t.api.get(`/api/portal/leads/${id}/timeline`, ownerB.identity)).status).toBe(404);
      expect((await t.dataSource.query(`SELECT count(*)::int AS "n" FROM "leads"."lead_notes" WHERE "lead_id" = $1`, [id]))[0].n).toBe(1);
    });
  });

  describe('POST /api/portal/leads/:id/calls', () => {
    it('logs each outcome with who and when, suggests lost after three unanswered calls and never changes the status', async () => {
      const id = await lead(a, 'Carl Calls');
      const first = LoggedCallSchema.parse((await t.api.post(`/api/portal/leads/${id}/calls`, staffA.identity).send({ outcome: 'no_answer' })).body.data);
      expect(first).toMatchObject({ call: { outcome: 'no_answer', note: null, by: 'Clinic front desk' }, suggestion: null, unansweredCalls: 1 });
      const second = LoggedCallSchema.parse((await t.api.post(`/api/portal/leads/${id}/calls`, staffA.identity).send({ outcome: 'voicemail', note: 'Left a message' })).body.data);
      expect(second).toMatchObject({ call: { outcome: 'voicemail', note: 'Left a message' }, suggestion: null, unansweredCalls: 2 });
      const third = await t.api.post(`/api/portal/leads/${id}/calls`, ownerA).send({ outcome: 'no_answer', note: '  ' });
      expect(third.status).toBe(201);
      expect(LoggedCallSchema.parse(third.body.data)).toMatchObject({
        call: { note: null },
        suggestion: { status: 'lost', reason: 'three_unanswered', message: 'Three calls went unanswered: mark this lead as lost?' },
        unansweredCalls: 3,
      });
      expect(await statusOf(id)).toBe('new');
      expect((await timeline(id, ownerA)).filter((e) => e.type === 'call').map((e) => 'outcome' in e && e.outcome)).toEqual(['no_answer', 'voicemail', 'no_answer']);
      // Nobody is nudged about a lead the front desk has called (docs/speed-to-lead.md#nudges).
      const [candidates] = (await t.dataSource.query(
        `SELECT count(*)::int AS "n" FROM "leads"."leads" l WHERE l."id" = $1 AND NOT EXISTS (SELECT 1 FROM "leads"."lead_calls" c WHERE c."lead_id" = l."id")`,
        [id],
      )) as Array<{ n: number }>;
      expect(candidates.n).toBe(0);
    });

    it('suggests lost after a wrong number, booked after a booking; a reached call moves a new lead to contacted', async () => {
      const wrong = await lead(a, 'Wanda Wrong');
      const logged = LoggedCallSchema.parse((await t.api.post(`/api/portal/leads/${wrong}/calls`, ownerA).send({ outcome: 'wrong_number' })).body.data);
      expect(logged.suggestion).toMatchObject({ status: 'lost', reason: 'wrong_number' });
      expect(await statusOf(wrong)).toBe('new');

      const reached = await lead(a, 'Rita Reached');
      expect(LoggedCallSchema.parse((await t.api.post(`/api/portal/leads/${reached}/calls`, ownerA).send({ outcome: 'reached' })).body.data).suggestion).toBeNull();
      expect(await statusOf(reached)).toBe('contacted');
      const booked = LoggedCallSchema.parse((await t.api.post(`/api/portal/leads/${reached}/calls`, ownerA).send({ outcome: 'booked' })).body.data);
      expect(booked.suggestion).toMatchObject({ status: 'booked', reason: 'booked_on_call' });
      expect(await statusOf(reached)).toBe('contacted');
    });

    it('counts a logged call as the lead’s first contact for speed to lead', async () => {
      const id = await lead(b, 'Sid Speedy');
      expect((await t.api.post(`/api/portal/leads/${id}/calls`, ownerB.identity).send({ outcome: 'voicemail' })).status).toBe(201);
      const today = new Date().toISOString().slice(0, 10);
      const speed = SpeedToLeadSchema.parse((await t.api.get(`/api/portal/results/speed-to-lead?from=${today}&to=${today}`, ownerB.identity)).body.data);
      expect(speed.contacted).toBeGreaterThanOrEqual(1);
      expect(speed.bands.find((band) => band.band === 'under_5_min')!.leads).toBeGreaterThanOrEqual(1);
    });

    it('refuses an unknown outcome or a long note with the schema’s words, and another clinic’s lead with 404', async () => {
      const id = await lead(a, 'Otto Outcome');
      const bad = await t.api.post(`/api/portal/leads/${id}/calls`, ownerA).send({ outcome: 'maybe' });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('Outcome must be one of reached, voicemail, no_answer, wrong_number, booked');
      const long = await t.api.post(`/api/portal/leads/${id}/calls`, ownerA).send({ outcome: 'reached', note: 'y'.repeat(501) });
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body)).toContain('Note must be at most 500 characters');
      expect((await t.api.post(`/api/portal/leads/${id}/calls`, ownerB.identity).send({ outcome: 'reached' })).status).toBe(404);
      expect(await statusOf(id)).toBe('new');
    });
  });

  describe('PATCH /api/portal/leads/:id { assigneeId }', () => {
    it('gives a lead to a user of its clinic: audited, on the timeline, on the list with a filter, and the assignee is told', async () => {
      const id = await lead(a, 'Ava Assigned');
      const res = await t.api.patch(`/api/portal/leads/${id}`, ownerA).send({ assigneeId: staffA.id });
      expect(res.status).toBe(200);
      expect(PortalLeadDetailSchema.parse(res.body.data)).toMatchObject({ id, assigneeId: staffA.id, assigneeName: 'Clinic front desk' });

      const mine = PortalLeadListSchema.parse((await t.api.get('/api/portal/leads?assigneeId=me', staffA.identity)).body.data);
      expect(mine.items.map((item) => item.id)).toEqual([id]);
      const byId = PortalLeadListSchema.parse((await t.api.get(`/api/portal/leads?assigneeId=${staffA.id}`, ownerA)).body.data);
      expect(byId.items.map((item) => item.id)).toEqual([id]);
      const none = PortalLeadListSchema.parse((await t.api.get('/api/portal/leads?assigneeId=none&pageSize=100', ownerA)).body.data);
      expect(none.items.map((item) => item.id)).not.toContain(id);

      expect((await timeline(id, ownerA)).find((e) => e.type === 'assignment')).toMatchObject({ assigneeName: 'Clinic front desk', by: 'Clinic owner' });
      const notices = (await t.dataSource.query(`SELECT "user_id", "kind" FROM "leads"."user_notices" WHERE "lead_id" = $1`, [id])) as Array<{ user_id: number; kind: string }>;
      expect(notices).toEqual([{ user_id: staffA.id, kind: 'assigned' }]);
      const audit = (await t.dataSource.query(`SELECT "changes" FROM "leads"."audit_log" WHERE "entity" = 'lead_assignment' AND "entity_id" = $1`, [String(id)])) as Array<{
        changes: { before: unknown; after: unknown };
      }>;
      expect(audit).toHaveLength(1);
      expect(audit[0].changes).toMatchObject({ before: { assigneeId: null }, after: { assigneeId: staffA.id } });

      // The same again changes nothing; null unassigns.
      expect((await t.api.patch(`/api/portal/leads/${id}`, ownerA).send({ assigneeId: staffA.id })).status).toBe(200);
      expect(PortalLeadDetailSchema.parse((await t.api.patch(`/api/portal/leads/${id}`, ownerA).send({ assigneeId: null })).body.data).assigneeId).toBeNull();
      expect((await t.dataSource.query(`SELECT count(*)::int AS "n" FROM "leads"."audit_log" WHERE "entity" = 'lead_assignment' AND "entity_id" = $1`, [String(id)]))[0].n).toBe(2);
    });

    it('refuses another clinic’s user, a read-only user and a disabled one with 400 and words; another clinic’s lead is 404', async () => {
      const id = await lead(a, 'Ivan Invalid');
      const stranger = await t.api.patch(`/api/portal/leads/${id}`, ownerA).send({ assigneeId: ownerB.id });
      expect(stranger.status).toBe(400);
      expect(stranger.body.message).toBe(`User ${ownerB.id} is not an active user of this clinic.`);
      const viewer = await viewerUser(t, a.clientId);
      const readOnly = await t.api.patch(`/api/portal/leads/${id}`, ownerA).send({ assigneeId: viewer.id });
      expect(readOnly.status).toBe(400);
      expect(readOnly.body.message).toBe('Vera Viewer has read-only access and cannot be given leads or tasks.');
      const disabled = await clinicUser(t, a.clientId, 'front_desk', 'disabled');
      expect((await t.api.patch(`/api/portal/leads/${id}`, ownerA).send({ assigneeId: disabled.id })).status).toBe(400);
      expect((await t.api.patch(`/api/portal/leads/${id}`, ownerB.identity).send({ assigneeId: ownerB.id })).status).toBe(404);
      expect((await t.api.patch(`/api/portal/leads/${id}`, ownerA).send({ assigneeId: 'someone' })).status).toBe(400);
      // Who may be given leads: active and not read-only.
      const assignees = (await t.api.get('/api/portal/assignees', ownerA)).body.data.items as Array<{ id: number }>;
      expect(assignees.map((u) => u.id)).toContain(staffA.id);
      expect(assignees.map((u) => u.id)).not.toContain(viewer.id);
      expect(assignees.map((u) => u.id)).not.toContain(disabled.id);
      const [row] = (await t.dataSource.query(`SELECT "assignee_user_id" FROM "leads"."leads" WHERE "id" = $1`, [id])) as Array<{ assignee_user_id: number | null }>;
      expect(row.assignee_user_id).toBeNull();
    });

    it('lets an admin assign any clinic’s lead to its user, and refuses assigneeId=me on the admin list', async () => {
      const id = await lead(b, 'Abe Admin');
      const res = await t.api.patch(`/api/leads/${id}`, ADMIN).send({ assigneeId: ownerB.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ assigneeId: ownerB.id });
      expect((await t.api.get(`/api/leads?clientId=${b.clientId}&assigneeId=${ownerB.id}`, ADMIN)).body.data.items.map((i: { id: number }) => i.id)).toEqual([id]);
      const me = await t.api.get(`/api/leads?clientId=${b.clientId}&assigneeId=me`, ADMIN);
      expect(me.status).toBe(400);
      expect((await timeline(id, ownerB.identity)).find((e) => e.type === 'assignment')).toMatchObject({ by: 'Agency' });
    });
  });
});
