import { BOOKING_FORM_PATH, BookingMessages, LeadReceiptSchema, type Availability } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { uniqueClientId } from '@hap/test-kit/factories/templates';
import { UNREACHABLE_URL } from '@hap/test-kit/service-process';
import { DateTime } from 'luxon';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { openRules } from '../helpers/booking';

/**
 * POST /api/bookings/form: the picker's times as the browser posts them when
 * the page's script is not running (docs/booking.md#the-pickers-form). Real
 * PostgreSQL and Redis; templates down, so bookings are taken unchecked (as in
 * booking.api.test.ts).
 */
const SERVICE_ID = 9;
const ZONE = 'America/New_York';

/** A weekday at least three days ahead in New York, and one of its wall-clock times as a UTC instant. */
const day = (() => {
  let d = DateTime.now().setZone(ZONE).plus({ days: 3 }).startOf('day');
  while (d.weekday > 5) d = d.plus({ days: 1 });
  return d;
})();
const at = (hour: number, minute = 0) => day.set({ hour, minute }).toUTC().toISO()!;
const readable = (hour: number, minute = 0) => day.set({ hour, minute }).setLocale('en-US').toFormat("ccc, LLL d 'at' h:mm a");

/** Every day 09:00–12:00 New York, hour-long consultations of SERVICE_ID, no notice, one at a time. */
const rules = (overrides: Partial<Availability> = {}): Availability => openRules(SERVICE_ID, { timeZone: ZONE }, overrides);

describe('POST /api/bookings/form', () => {
  let t: TestLeads;

  beforeAll(async () => {
    t = await startLeads({ templatesUrl: UNREACHABLE_URL });
  }, START_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const clinicWith = async (overrides: Partial<Availability> = {}) => {
    const clientId = uniqueClientId();
    expect((await t.api.put(`/api/clients/${clientId}/booking/availability`, ADMIN).send(rules(overrides))).status).toBe(200);
    return clientId;
  };
  const form = (clientId: number, fields: Record<string, string>) =>
    new URLSearchParams({ clientId: String(clientId), serviceId: String(SERVICE_ID), idempotencyKey: `form_${Math.random().toString(36).slice(2, 12)}`, leadToken: '', ...fields }).toString();
  const post = (body: string) =>
    t.api
      .post(BOOKING_FORM_PATH, ANONYMOUS)
      .set({ 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml', 'user-agent': 'Mozilla/5.0 (No script)' })
      .send(body);
  const appointmentsOf = async (clientId: number) =>
    (await t.dataSource.query(`SELECT "lead_id", "start_at", "status" FROM "leads"."appointments" WHERE "client_id" = $1 ORDER BY "id"`, [clientId])) as Array<{
      lead_id: string | null;
      start_at: Date;
      status: string;
    }>;

  it("books the time for the lead and sends the browser to the appointment's page (303)", async () => {
    const clientId = await clinicWith();
    const lead = await t.api
      .post('/api/leads', ANONYMOUS)
      .send({ name: 'Jane Smith', email: 'jane@example.com', phone: '(303) 555-0142', clientId, serviceId: SERVICE_ID, consentVersion: 'lead-form-v1' });
    const leadToken = LeadReceiptSchema.parse(lead.body.data).bookingToken!;
    const body = form(clientId, { start: at(10), leadToken });

    const res = await post(body);

    expect(res.status).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location, 'https://clinic.example');
    expect(location.pathname).toBe('/appointment');
    expect(location.searchParams.get('client')).toBe(String(clientId));
    expect(location.searchParams.get('booked')).toBe('1');
    const [row] = await appointmentsOf(clientId);
    expect(row).toMatchObject({ status: 'booked', start_at: new Date(at(10)) });
    expect(row.lead_id).not.toBeNull();
    // The link in the address is the appointment's own.
    const managed = await t.api.get(`/api/bookings/manage?token=${encodeURIComponent(location.searchParams.get('token')!)}`, ANONYMOUS);
    expect(managed.status).toBe(200);
    expect(managed.body.data.appointment.start).toBe(at(10));
    // The same form posted again (a double press, a reload) answers the same appointment.
    const again = await post(body);
    expect(again.status).toBe(303);
    expect(await appointmentsOf(clientId)).toHaveLength(1);
  });

  it('a time taken meanwhile: 409, a page titled so, with the next free times in the clinic’s zone and the way back', async () => {
    const clientId = await clinicWith();
    expect((await post(form(clientId, { start: at(10) }))).status).toBe(303);

    const res = await post(form(clientId, { start: at(10), leadToken: '' }));

    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<title>That time was just taken</title>');
    expect(res.text).toContain(`<li>${readable(11)}</li>`);
    expect(res.text).toContain(`href="/book?client=${clientId}&amp;service=${SERVICE_ID}">Choose another time</a>`);
    expect(await appointmentsOf(clientId)).toHaveLength(1);
  });

  it('a service the clinic does not book online: 422 with its message and the way back; nothing stored', async () => {
    const clientId = await clinicWith({ services: [{ serviceId: SERVICE_ID, bookable: false, lengthMinutes: 60 }] });
    const res = await post(form(clientId, { start: at(10) }));
    expect(res.status).toBe(422);
    expect(res.text).toContain(BookingMessages.notBookable);
    expect(res.text).toContain('Choose another time</a>');

    const offline = await clinicWith({ onlineBooking: false });
    const refused = await post(form(offline, { start: at(10) }));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(BookingMessages.offline);
    expect([...(await appointmentsOf(clientId)), ...(await appointmentsOf(offline))]).toHaveLength(0);
  });
});
