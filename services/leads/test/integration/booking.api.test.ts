import { randomBytes } from 'node:crypto';
import { BookingMessages, LeadReceiptSchema, SlotListSchema, StoredAvailabilitySchema, type Availability } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { uniqueClientId } from '@hap/test-kit/factories/templates';
import { UNREACHABLE_URL } from '@hap/test-kit/service-process';
import { createDataSource } from '../../src/db/data-source';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { openRules } from '../helpers/booking';

const SERVICE_ID = 7;
const HOUR = 60 * 60 * 1000;

/** A day three days ahead (UTC) and an instant on it. */
const day = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
const at = (clock: string) => `${day}T${clock}:00.000Z`;

/** Every day 09:00–12:00 UTC, hour-long consultations of SERVICE_ID, no notice. */
const rules = (overrides: Partial<Availability> = {}): Availability => openRules(SERVICE_ID, {}, overrides);

describe('booking: /api/booking/slots, /api/bookings, /api/clients/:id/booking/availability', () => {
  let t: TestLeads;
  /** Connections of the test's own, beside the app's pool (10, which the held bookings fill). */
  let holder: ReturnType<typeof createDataSource>;

  beforeAll(async () => {
    // Templates down (a closed port): bookings are taken unchecked, as leads are; booking-service-check.api.test.ts asks a real one.
    t = await startLeads({ templatesUrl: UNREACHABLE_URL });
    holder = await createDataSource(t.config.DATABASE_URL).initialize();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await holder?.destroy();
    await t?.close();
  });

  /**
   * Sends `calls` while the appointments table is locked against writes (reads pass), waits until
   * every one of them waits at its INSERT, then lets them all go at once: each has seen the seat free,
   * so only the database's constraint can decide between them.
   */
  const heldAtTheInsert = async <T>(calls: Array<() => Promise<T>>): Promise<T[]> => {
    const lock = holder.createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    try {
      await lock.query(`LOCK TABLE "leads"."appointments" IN EXCLUSIVE MODE`);
      const answers = Promise.all(calls.map((call) => call()));
      const waiting = async () =>
        ((await holder.query(`SELECT count(*)::int AS "n" FROM pg_locks WHERE "relation" = '"leads"."appointments"'::regclass AND NOT "granted"`)) as [{ n: number }])[0].n;
      for (const deadline = Date.now() + 10_000; (await waiting()) < calls.length; ) {
        if (Date.now() > deadline) throw new Error(`fewer than ${calls.length} bookings reached their INSERT`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await lock.commitTransaction();
      return await answers;
    } finally {
      if (lock.isTransactionActive) await lock.rollbackTransaction();
      await lock.release();
    }
  };

  const putRules = (clientId: number, body: object) => t.api.put(`/api/clients/${clientId}/booking/availability`, ADMIN).send(body);
  const slotsOf = async (clientId: number, from = at('00:00'), to = at('23:59')) => {
    const res = await t.api.get(`/api/booking/slots?clientId=${clientId}&serviceId=${SERVICE_ID}&from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    return SlotListSchema.parse(res.body.data);
  };
  const book = (clientId: number, start: string, idempotencyKey = `key_${randomBytes(6).toString('hex')}`) =>
    t.api.post('/api/bookings', ANONYMOUS).send({ clientId, serviceId: SERVICE_ID, start, idempotencyKey });
  const appointmentsOf = async (clientId: number) =>
    (await t.dataSource.query(`SELECT "seat", "start_at", "status", "lead_id" FROM "leads"."appointments" WHERE "client_id" = $1 ORDER BY "seat"`, [clientId])) as Array<{
      seat: number;
      start_at: Date;
      status: string;
      lead_id: string | null;
    }>;
  const clinicWith = async (overrides: Partial<Availability> = {}) => {
    const clientId = uniqueClientId();
    expect((await putRules(clientId, rules(overrides))).status).toBe(200);
    return clientId;
  };

  describe('GET /api/booking/slots', () => {
    it('answers a clinic without rules of its own by the defaults (New York, 30 minutes)', async () => {
      const list = await slotsOf(uniqueClientId());
      expect(list.timeZone).toBe('America/New_York');
      expect(list.lengthMinutes).toBe(30);
    });

    it('honours the stored availability and leaves out times the appointments fill', async () => {
      const clientId = await clinicWith();
      expect((await slotsOf(clientId)).slots.map((s) => s.start)).toEqual([at('09:00'), at('10:00'), at('11:00')]);
      expect((await book(clientId, at('10:00'))).status).toBe(201);
      expect((await slotsOf(clientId)).slots.map((s) => s.start)).toEqual([at('09:00'), at('11:00')]);

      expect((await putRules(clientId, rules({ closedDates: [day] }))).status).toBe(200);
      expect((await slotsOf(clientId)).slots).toEqual([]);
    });

    it('says why a service is not open: the clinic books nothing online, or not this service', async () => {
      expect(await slotsOf(await clinicWith())).toMatchObject({ open: true, closedReason: null });
      expect(await slotsOf(await clinicWith({ onlineBooking: false }))).toMatchObject({ open: false, closedReason: 'offline', slots: [] });
      const notThis = await clinicWith({ services: [{ serviceId: SERVICE_ID, bookable: false, lengthMinutes: 60 }] });
      expect(await slotsOf(notThis)).toMatchObject({ open: false, closedReason: 'not_bookable', slots: [] });
    });

    it('refuses a window that ends before it starts, or is longer than 62 days (400)', async () => {
      const base = `/api/booking/slots?clientId=1&serviceId=${SERVICE_ID}`;
      const backwards = await t.api.get(`${base}&from=${at('12:00')}&to=${at('09:00')}`);
      expect(backwards.status).toBe(400);
      expect(backwards.body).toMatchObject({ code: 'VALIDATION_FAILED', message: BookingMessages.windowOrder, issues: [{ path: 'to', message: BookingMessages.windowOrder }] });
      const long = await t.api.get(`${base}&from=${at('09:00')}&to=${new Date(Date.parse(at('09:00')) + 63 * 24 * HOUR).toISOString()}`);
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(BookingMessages.windowTooLong);
    });
  });

  describe('GET and PUT /api/clients/:id/booking/availability', () => {
    it('stores the rules, answers them back and audits the change', async () => {
      const clientId = uniqueClientId();
      const before = await t.api.get(`/api/clients/${clientId}/booking/availability`, ADMIN);
      expect(before.status).toBe(200);
      expect(StoredAvailabilitySchema.parse(before.body.data)).toMatchObject({ clientId, updatedAt: null, availability: { timeZone: 'America/New_York' } });

      const put = await putRules(clientId, rules({ capacity: 3 }));
      expect(put.status).toBe(200);
      const after = await t.api.get(`/api/clients/${clientId}/booking/availability`, ADMIN);
      expect(after.body.data).toEqual(put.body.data);
      expect(after.body.data.availability).toEqual(rules({ capacity: 3 }));

      const audit = (await t.dataSource.query(`SELECT "action", "changes" FROM "leads"."audit_log" WHERE "entity" = 'booking_availability' AND "entity_id" = $1`, [
        String(clientId),
      ])) as Array<{ action: string; changes: { before: unknown; after: Availability } }>;
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'create', changes: { before: null, after: { ...rules({ capacity: 3 }), clientId } } });
      expect((await putRules(clientId, rules({ capacity: 2 }))).status).toBe(200);
      const [, second] = (await t.dataSource.query(`SELECT "action", "changes" FROM "leads"."audit_log" WHERE "entity" = 'booking_availability' AND "entity_id" = $1 ORDER BY "id"`, [
        String(clientId),
      ])) as Array<{ action: string; changes: { before: Availability; after: Availability } }>;
      expect(second).toMatchObject({ action: 'update', changes: { before: { capacity: 3, clientId }, after: { capacity: 2, clientId } } });
    });

    it('puts each message at its field (400) and stores nothing', async () => {
      const clientId = uniqueClientId();
      const res = await putRules(clientId, {
        ...rules(),
        weekly: { ...rules().weekly, mon: [{ start: '10:00', end: '09:00' }], tue: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] },
        services: [{ serviceId: SERVICE_ID, lengthMinutes: 3 }],
        timeZone: 'Mars/Olympus',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.issues).toEqual(
        expect.arrayContaining([
          { path: 'weekly.mon.0.end', message: 'The range must end after it starts' },
          { path: 'weekly.tue.1.start', message: 'This range overlaps another on the same day' },
          { path: 'services.0.lengthMinutes', message: 'A consultation takes at least 5 minutes' },
          { path: 'timeZone', message: 'Choose a time zone such as America/New_York' },
        ]),
      );
      expect((await t.api.get(`/api/clients/${clientId}/booking/availability`, ADMIN)).body.data.updatedAt).toBeNull();
    });

    it('is for admins only', async () => {
      expect((await t.api.put(`/api/clients/1/booking/availability`, ANONYMOUS).send(rules())).status).toBe(401);
      expect((await t.api.get(`/api/clients/1/booking/availability`, ANONYMOUS)).status).toBe(401);
    });
  });

  describe('POST /api/bookings', () => {
    it('ten at once for the last seat: one 201, nine 409 SLOT_TAKEN with the next free times, one row', async () => {
      const clientId = await clinicWith();
      const answers = await heldAtTheInsert(Array.from({ length: 10 }, () => () => book(clientId, at('10:00'))));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(409)]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body).toMatchObject({ success: false, code: 'SLOT_TAKEN', message: 'That time was just taken' });
        expect(refused.body.nextSlots.length).toBeGreaterThan(0);
        expect(refused.body.nextSlots[0].start).toBe(at('11:00'));
      }
      const booked = answers.find((a) => a.status === 201)!.body.data;
      expect(booked).toMatchObject({ clientId, serviceId: SERVICE_ID, seat: 1, start: at('10:00'), end: at('11:00'), status: 'booked', leadId: null });
      expect(await appointmentsOf(clientId)).toHaveLength(1);
    });

    it('with capacity 2, books seats 1 and 2 and refuses a third', async () => {
      const clientId = await clinicWith({ capacity: 2, confirmation: 'clinic' });
      // Both see seats 1 and 2 free and try seat 1: the one refused there takes seat 2.
      const answers = await heldAtTheInsert([() => book(clientId, at('09:00')), () => book(clientId, at('09:00'))]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(answers.map((a) => a.body.data.seat).sort()).toEqual([1, 2]);
      expect(answers.map((a) => a.body.data.status)).toEqual(['pending', 'pending']);
      const third = await book(clientId, at('09:00'));
      expect(third.status).toBe(409);
      expect(third.body.code).toBe('SLOT_TAKEN');
      expect((await appointmentsOf(clientId)).map((a) => a.seat)).toEqual([1, 2]);
    });

    it('answers the same appointment to the same key, even ten at once; another booking under it is 409', async () => {
      const clientId = await clinicWith({ capacity: 3 });
      const key = `retry_${randomBytes(6).toString('hex')}`;
      const answers = await heldAtTheInsert(Array.from({ length: 10 }, () => () => book(clientId, at('11:00'), key)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect(await appointmentsOf(clientId)).toHaveLength(1);

      const other = await book(clientId, at('09:00'), key);
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ code: 'CONFLICT', message: BookingMessages.idempotencyMismatch });
    });

    describe("with the lead's booking token (POST /api/leads answers it)", () => {
      /** A lead of the clinic, as the thank-you page has it: its row id and the token its answer carried. */
      const leadOf = async (clientId: number) => {
        const res = await t.api
          .post('/api/leads', ANONYMOUS)
          .send({ name: 'Jane Smith', email: 'jane@example.com', phone: '(303) 555-0142', clientId, serviceId: SERVICE_ID, consentVersion: 'lead-form-v1' });
        expect(res.status).toBe(201);
        const token = LeadReceiptSchema.parse(res.body.data).bookingToken!;
        expect(token).toMatch(/^\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
        const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as [{ id: string }];
        return { id: row.id, token };
      };
      const bookAs = (clientId: number, start: string, leadToken: string, idempotencyKey = `key_${randomBytes(6).toString('hex')}`) =>
        t.api.post('/api/bookings', ANONYMOUS).send({ clientId, serviceId: SERVICE_ID, start, idempotencyKey, leadToken });
      const statusOf = async (leadId: string) =>
        ((await t.dataSource.query(`SELECT "status" FROM "leads"."leads" WHERE "id" = $1`, [leadId])) as [{ status: string }])[0].status;
      const statusAudit = async (leadId: string) =>
        (await t.dataSource.query(`SELECT "actor_user_id", "changes" FROM "leads"."audit_log" WHERE "entity" = 'lead' AND "entity_id" = $1 ORDER BY "id"`, [leadId])) as Array<{
          actor_user_id: number | null;
          changes: { before: { status: string }; after: { status: string } };
        }>;

      it('links the appointment to the lead and moves the lead to booked, audited as the service', async () => {
        const clientId = await clinicWith();
        const lead = await leadOf(clientId);
        const res = await bookAs(clientId, at('10:00'), lead.token);
        expect(res.status).toBe(201);
        expect(res.body.data.leadId).toBe(Number(lead.id));
        expect((await appointmentsOf(clientId)).map((a) => a.lead_id)).toEqual([lead.id]);
        expect(await statusOf(lead.id)).toBe('booked');
        const audit = await statusAudit(lead.id);
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ actor_user_id: null, changes: { before: { status: 'new' }, after: { status: 'booked' } } });
      });

      it("answers the lead's first appointment to a second booking of it, and records the move once", async () => {
        const clientId = await clinicWith({ capacity: 2 });
        const lead = await leadOf(clientId);
        const first = await bookAs(clientId, at('09:00'), lead.token);
        const second = await bookAs(clientId, at('11:00'), lead.token);
        expect(first.status).toBe(201);
        expect(second.status).toBe(201);
        expect(second.body.data).toEqual(first.body.data);
        expect(await appointmentsOf(clientId)).toHaveLength(1);
        expect(await statusAudit(lead.id)).toHaveLength(1);
      });

      it("three bookings of one lead at once, at three times: one row, each answered with it (the lead's unique index decides)", async () => {
        const clientId = await clinicWith({ capacity: 3 });
        const lead = await leadOf(clientId);
        const answers = await heldAtTheInsert(['09:00', '10:00', '11:00'].map((clock) => () => bookAs(clientId, at(clock), lead.token)));
        expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
        expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
        expect(await appointmentsOf(clientId)).toHaveLength(1);
        expect(await statusOf(lead.id)).toBe('booked');
        expect(await statusAudit(lead.id)).toHaveLength(1);
      });

      it("refuses a forged token or another clinic's (400) and stores nothing", async () => {
        const clientId = await clinicWith();
        const otherClinic = await clinicWith();
        const lead = await leadOf(clientId);
        const [id, client] = lead.token.split('.');
        const forged = `${Number(id) + 1}.${client}.${lead.token.split('.')[2]}`;
        for (const [target, token] of [
          [clientId, forged],
          [clientId, 'not-a-token'],
          [otherClinic, lead.token],
        ] as const) {
          const res = await bookAs(target, at('10:00'), token);
          expect(res.status).toBe(400);
          expect(res.body.message).toBe(BookingMessages.invalidLeadToken);
        }
        expect(await appointmentsOf(clientId)).toHaveLength(0);
        expect(await appointmentsOf(otherClinic)).toHaveLength(0);
        expect(await statusOf(lead.id)).toBe('new');
      });
    });

    it('refuses a time the clinic is not open (422) and a start that is no date (400)', async () => {
      const clientId = await clinicWith();
      const closed = await book(clientId, at('13:00'));
      expect(closed.status).toBe(422);
      expect(closed.body.message).toBe(BookingMessages.notOpen);
      expect((await book(clientId, 'tomorrow at ten')).status).toBe(400);
      expect(await appointmentsOf(clientId)).toHaveLength(0);
    });
  });
});
