import { randomBytes } from 'node:crypto';
import {
  AppointmentMessages,
  BookedAppointmentSchema,
  CalendarSchema,
  LeadReceiptSchema,
  ManagedAppointmentSchema,
  ManagedChangeSchema,
  SlotListSchema,
  type Availability,
} from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { ANONYMOUS, clinicWithServices, START_TIMEOUT_MS, startLeads, TEST_CLINIC_NAME, type TestLeads } from '../helpers/app';
import { openRules } from '../helpers/booking';

const HOUR = 60 * 60 * 1000;
/** A day three days ahead (UTC) and an instant on it. */
const day = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
const at = (clock: string) => `${day}T${clock}:00.000Z`;

const rules = (serviceId: number): Availability => openRules(serviceId);

describe('appointments after booking: the patient’s link, the clinic’s calendar and actions, the feed', () => {
  let t: TestLeads;
  let clientId: number;
  let serviceId: number;
  let owner: Identity;
  let staff: Identity;

  beforeAll(async () => {
    t = await startLeads();
    ({ clientId, serviceId } = await clinicWithServices(t.templates!));
    owner = { kind: 'clinic', userId: 92_001, email: 'olivia@clinic.test', name: 'Olivia Owner', clientId, role: 'owner' };
    staff = { kind: 'clinic', userId: 92_002, email: 'sam@clinic.test', name: 'Sam Staff', clientId, role: 'front_desk' };
    const put = await t.api.put(`/api/clients/${clientId}/booking/availability`, ADMIN).send(rules(serviceId));
    expect(put.status).toBe(200);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const key = () => `key_${randomBytes(6).toString('hex')}`;
  /** A lead of the clinic and its appointment at `clock`, as the thank-you page books it. */
  const bookedLead = async (clock: string, name = 'Jane Smith') => {
    const lead = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({ name, email: 'jane@example.com', phone: '(303) 555-0142', clientId, serviceId, consentVersion: 'lead-form-v1' });
    expect(lead.status).toBe(201);
    const leadToken = LeadReceiptSchema.parse(lead.body.data).bookingToken!;
    const res = await t.api.post('/api/bookings', ANONYMOUS).send({ clientId, serviceId, start: at(clock), idempotencyKey: key(), leadToken });
    expect(res.status).toBe(201);
    return BookedAppointmentSchema.parse(res.body.data);
  };
  const leadStatus = async (leadId: number) =>
    ((await t.dataSource.query(`SELECT "status" FROM "leads"."leads" WHERE "id" = $1`, [leadId])) as [{ status: string }])[0].status;
  const free = async () =>
    SlotListSchema.parse((await t.api.get(`/api/booking/slots?clientId=${clientId}&serviceId=${serviceId}&from=${at('00:00')}&to=${at('23:59')}`)).body.data).slots.map(
      (slot) => slot.start,
    );
  const cleanDay = async () => t.dataSource.query(`DELETE FROM "leads"."appointments" WHERE "client_id" = $1`, [clientId]);

  beforeEach(cleanDay);

  describe('the patient’s link', () => {
    it('shows the appointment, moves it once per link, and then the old link says so (410)', async () => {
      const booked = await bookedLead('09:00');
      const view = await t.api.get(`/api/bookings/manage?token=${encodeURIComponent(booked.manageToken)}`, ANONYMOUS);
      expect(view.status).toBe(200);
      expect(ManagedAppointmentSchema.parse(view.body.data)).toMatchObject({
        appointment: { id: booked.id, start: at('09:00'), status: 'booked' },
        clinicName: TEST_CLINIC_NAME,
        timeZone: 'UTC',
        changeable: true,
      });

      const moved = await t.api.post('/api/bookings/manage/reschedule', ANONYMOUS).send({ token: booked.manageToken, start: at('11:00') });
      expect(moved.status).toBe(200);
      const change = ManagedChangeSchema.parse(moved.body.data);
      expect(change.appointment.start).toBe(at('11:00'));
      expect(change.token).not.toBe(booked.manageToken);
      expect(await free()).toEqual([at('09:00'), at('10:00')]);
      // Still booked, and not booked again (no second conversion): the lead's one move is the booking's.
      expect(await leadStatus(booked.leadId!)).toBe('booked');

      for (const call of [
        t.api.get(`/api/bookings/manage?token=${encodeURIComponent(booked.manageToken)}`, ANONYMOUS),
        t.api.post('/api/bookings/manage/reschedule', ANONYMOUS).send({ token: booked.manageToken, start: at('10:00') }),
        t.api.post('/api/bookings/manage/cancel', ANONYMOUS).send({ token: booked.manageToken }),
      ]) {
        const res = await call;
        expect(res.status).toBe(410);
        expect(res.body.message).toBe(AppointmentMessages.linkUsed);
      }
      const audit = (await t.dataSource.query(`SELECT "changes" FROM "leads"."audit_log" WHERE "entity" = 'appointment' AND "entity_id" = $1`, [String(booked.id)])) as Array<{
        changes: { after: { change: string; by?: string } };
      }>;
      expect(audit.map((row) => row.changes.after)).toEqual([expect.objectContaining({ change: 'moved', by: 'patient', start: at('11:00') })]);
    });

    it('cancels: the seat is free again and the lead goes back to contacted', async () => {
      const booked = await bookedLead('10:00');
      const res = await t.api.post('/api/bookings/manage/cancel', ANONYMOUS).send({ token: booked.manageToken });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ appointment: { status: 'cancelled' }, changeable: false, token: null });
      expect(await free()).toEqual([at('09:00'), at('10:00'), at('11:00')]);
      expect(await leadStatus(booked.leadId!)).toBe('contacted');
    });

    it('refuses a taken time with the next free ones (409), a forged link (400) and a link past its appointment (410)', async () => {
      const mine = await bookedLead('09:00');
      await bookedLead('10:00', 'John Roe');
      const taken = await t.api.post('/api/bookings/manage/reschedule', ANONYMOUS).send({ token: mine.manageToken, start: at('10:00') });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('SLOT_TAKEN');
      expect(taken.body.nextSlots[0]).toMatchObject({ start: at('11:00') });

      const [id, version, expires, mac] = mine.manageToken.split('.');
      const forged = await t.api.get(`/api/bookings/manage?token=${id}.${Number(version) + 1}.${expires}.${mac}`, ANONYMOUS);
      expect(forged.status).toBe(400);
      expect(forged.body.message).toBe(AppointmentMessages.linkInvalid);

      await t.dataSource.query(`UPDATE "leads"."appointments" SET "start_at" = now() - interval '2 hours', "end_at" = now() - interval '1 hour' WHERE "id" = $1`, [mine.id]);
      const past = await t.api.post('/api/bookings/manage/cancel', ANONYMOUS).send({ token: mine.manageToken });
      expect(past.status).toBe(410);
    });

    it('two moves of one link at once: one moves it, the other is told the link was used', async () => {
      const booked = await bookedLead('09:00');
      const answers = await Promise.all(
        ['10:00', '11:00'].map((clock) => t.api.post('/api/bookings/manage/reschedule', ANONYMOUS).send({ token: booked.manageToken, start: at(clock) })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
      const [row] = (await t.dataSource.query(`SELECT "version" FROM "leads"."appointments" WHERE "id" = $1`, [booked.id])) as [{ version: number }];
      expect(row.version).toBe(2);
    });
  });

  describe("the clinic's calendar and actions", () => {
    const calendar = async (identity: Identity) => {
      const res = await t.api.get(`/api/portal/booking/calendar?from=${at('00:00')}&to=${at('23:59')}`, identity);
      expect(res.status).toBe(200);
      return CalendarSchema.parse(res.body.data);
    };

    it('lists the day with the patient, the lead and the service; the admin sees the same', async () => {
      const booked = await bookedLead('09:00');
      const seen = await calendar(staff);
      expect(seen.timeZone).toBe('UTC');
      expect(seen.appointments).toEqual([
        expect.objectContaining({ id: booked.id, status: 'booked', serviceName: expect.any(String), lead: expect.objectContaining({ id: booked.leadId, name: 'Jane Smith', status: 'booked' }) }),
      ]);
      const admin = await t.api.get(`/api/clients/${clientId}/booking/calendar?from=${at('00:00')}&to=${at('23:59')}`, ADMIN);
      expect(CalendarSchema.parse(admin.body.data).appointments.map((a) => a.id)).toEqual([booked.id]);
    });

    it('marks showed only after the time, and the lead is won; confirm needs a pending one; another clinic’s is 404', async () => {
      const booked = await bookedLead('11:00');
      const act = (body: object, identity: Identity = staff) => t.api.patch(`/api/portal/appointments/${booked.id}`, identity).send(body);

      const early = await act({ action: 'showed' });
      expect(early.status).toBe(422);
      expect(early.body.message).toBe(AppointmentMessages.notYet);
      const confirm = await act({ action: 'confirm' });
      expect(confirm.status).toBe(409);
      expect(confirm.body.message).toBe(AppointmentMessages.notPending);

      const other: Identity = { kind: 'clinic', userId: 92_009, email: 'x@other.test', name: 'X', clientId: clientId + 1, role: 'owner' };
      expect((await act({ action: 'cancel' }, other)).status).toBe(404);

      await t.dataSource.query(`UPDATE "leads"."appointments" SET "start_at" = now() - interval '2 hours', "end_at" = now() - interval '1 hour' WHERE "id" = $1`, [booked.id]);
      const showed = await act({ action: 'showed' });
      expect(showed.status).toBe(200);
      expect(showed.body.data).toMatchObject({ status: 'showed', lead: { status: 'won' } });
      expect(await leadStatus(booked.leadId!)).toBe('won');
    });

    it('moves to a free time and cancels, audited with the user', async () => {
      const booked = await bookedLead('09:00');
      const moved = await t.api.patch(`/api/portal/appointments/${booked.id}`, owner).send({ action: 'move', start: at('10:00') });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ start: at('10:00'), version: 2 });
      const cancelled = await t.api.patch(`/api/portal/appointments/${booked.id}`, owner).send({ action: 'cancel' });
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', lead: { status: 'contacted' } });
      const again = await t.api.patch(`/api/portal/appointments/${booked.id}`, owner).send({ action: 'cancel' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(AppointmentMessages.cancelled);
      const audit = (await t.dataSource.query(`SELECT "actor_user_id", "changes" FROM "leads"."audit_log" WHERE "entity" = 'appointment' AND "entity_id" = $1 ORDER BY "id"`, [
        String(booked.id),
      ])) as Array<{ actor_user_id: number; changes: { after: { change: string } } }>;
      expect(audit.map((row) => [row.actor_user_id, row.changes.after.change])).toEqual([
        [92_001, 'moved'],
        [92_001, 'cancelled'],
      ]);
    });

    it('lets the owner, not staff, change the rules', async () => {
      expect((await t.api.get('/api/portal/booking/availability', staff)).body.data.availability.timeZone).toBe('UTC');
      expect((await t.api.put('/api/portal/booking/availability', staff).send(rules(serviceId))).status).toBe(403);
      const bad = await t.api.put('/api/portal/booking/availability', owner).send({ ...rules(serviceId), weekly: { ...rules(serviceId).weekly, mon: [{ start: '12:00', end: '09:00' }] } });
      expect(bad.status).toBe(400);
      expect(bad.body.issues).toEqual([expect.objectContaining({ path: 'weekly.mon.0.end', message: 'The range must end after it starts' })]);
      expect((await t.api.put('/api/portal/booking/availability', owner).send(rules(serviceId))).status).toBe(200);
    });
  });

  describe('the calendar feed', () => {
    it('serves the live appointments at a secret address the owner can replace', async () => {
      await bookedLead('09:00');
      const feed = await t.api.get('/api/portal/booking/feed', staff);
      expect(feed.status).toBe(200);
      const path = (feed.body.data.url as string).replace(/^https?:\/\/[^/]+/, '');
      expect(path).toMatch(/^\/api\/booking\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await t.api.get('/api/portal/booking/feed', staff)).body.data.url).toBe(feed.body.data.url);

      const ics = await t.api.get(path, ANONYMOUS);
      expect(ics.status).toBe(200);
      expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
      expect(ics.text).toContain('BEGIN:VCALENDAR');
      expect(ics.text).toContain('Jane Smith');

      expect((await t.api.post('/api/portal/booking/feed', staff)).status).toBe(403);
      const replaced = await t.api.post('/api/portal/booking/feed', owner);
      expect(replaced.body.data.url).not.toBe(feed.body.data.url);
      expect((await t.api.get(path, ANONYMOUS)).status).toBe(404);
      expect((await t.api.get('/api/booking/feed/not-a-feed', ANONYMOUS)).status).toBe(400);
    });
  });
});
