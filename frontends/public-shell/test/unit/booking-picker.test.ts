import { APPOINTMENT_PATH, appointmentPath as contractAppointmentPath, AppointmentMessages, BookingMessages, routes } from '@hap/contracts';
import { appointmentTitle, appointmentWhen } from '../../src/booking/appointment-words';
import { BOOKING_PATHS, bookSlot, loadSlots, newBookingKey, rescheduleAppointment, slotsOf } from '../../src/booking/booking-api';
import { bookingTokenFor, rememberBookingToken } from '../../src/booking/lead-booking-token';
import { dayLabel, localClockOf, pickerDays, slotLabel, timeLabel, zoneName } from '../../src/booking/slot-days';
import { firstDaysOf } from '../../server/booking-data';

/** sessionStorage's two methods over a Map. */
function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

const answer = (status: number, body: unknown) => jest.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

/** Free times of a New York clinic around the spring clock change (2026-03-08). */
const SLOTS = [
  { start: '2026-03-06T14:00:00.000Z', local: '2026-03-06T09:00:00.000-05:00' },
  { start: '2026-03-06T15:30:00.000Z', local: '2026-03-06T10:30:00.000-05:00' },
  { start: '2026-03-09T13:00:00.000Z', local: '2026-03-09T09:00:00.000-04:00' },
  { start: '2026-03-09T17:00:00.000Z', local: '2026-03-09T13:00:00.000-04:00' },
  { start: '2026-03-10T13:00:00.000Z', local: '2026-03-10T09:00:00.000-04:00' },
];

describe('the browser’s booking addresses are the contracts’', () => {
  it('pins each path', () => {
    expect(contractAppointmentPath(4, 'x').startsWith(APPOINTMENT_PATH)).toBe(true);
    expect(BOOKING_PATHS).toEqual({
      slots: routes.getBookingSlots.path,
      book: routes.createBooking.path,
      reschedule: routes.rescheduleManagedAppointment.path,
      cancel: routes.cancelManagedAppointment.path,
    });
  });
});

describe('the picker’s days and times (docs/booking.md#pages)', () => {
  it('groups the free times by the clinic’s day, read off the local times given, across a change of the clocks', () => {
    expect(pickerDays(SLOTS)).toEqual([
      {
        date: '2026-03-06',
        label: 'Fri, Mar 6',
        times: [
          { ...SLOTS[0], label: '9:00 AM' },
          { ...SLOTS[1], label: '10:30 AM' },
        ],
      },
      {
        date: '2026-03-09',
        label: 'Mon, Mar 9',
        times: [
          { ...SLOTS[2], label: '9:00 AM' },
          { ...SLOTS[3], label: '1:00 PM' },
        ],
      },
      { date: '2026-03-10', label: 'Tue, Mar 10', times: [{ ...SLOTS[4], label: '9:00 AM' }] },
    ]);
    expect(pickerDays(SLOTS, 2).map((d) => d.date)).toEqual(['2026-03-06', '2026-03-09']);
    expect(firstDaysOf(SLOTS, 2)).toEqual(SLOTS.slice(0, 4));
  });

  it('reads times as people do', () => {
    expect(timeLabel('00:15')).toBe('12:15 AM');
    expect(timeLabel('12:00')).toBe('12:00 PM');
    expect(timeLabel('23:45')).toBe('11:45 PM');
    expect(dayLabel('2026-03-03')).toBe('Tue, Mar 3');
    expect(slotLabel('2026-03-03T10:30:00.000-05:00')).toBe('Tue, Mar 3 at 10:30 AM');
    expect(zoneName('America/New_York')).toBe('New York');
  });

  it('an appointment’s time in the clinic’s zone, by the zone’s rules (Intl), summer or winter', () => {
    expect(localClockOf('2026-03-03T15:30:00.000Z', 'America/New_York')).toBe('2026-03-03T10:30');
    expect(localClockOf('2026-07-03T15:30:00.000Z', 'America/New_York')).toBe('2026-07-03T11:30');
    expect(appointmentWhen('2026-03-03T15:30:00.000Z', 'America/Los_Angeles')).toBe('Tue, Mar 3 at 7:30 AM');
    expect(appointmentTitle('booked')).toBe('Your appointment is booked');
    expect(appointmentTitle('pending')).toBe('Your appointment is requested — the clinic will confirm');
    expect(appointmentTitle('cancelled')).toBe(AppointmentMessages.cancelled);
  });
});

describe('the lead’s booking token stays in the tab, under its reference', () => {
  it('is found by the thank-you page of that lead only', () => {
    const store = memoryStore();
    rememberBookingToken('ref-1', '1.4.mac', store);
    rememberBookingToken('ref-2', '2.4.mac', store);
    expect(bookingTokenFor('ref-1', store)).toBe('1.4.mac');
    expect(bookingTokenFor('ref-3', store)).toBeNull();
    expect(bookingTokenFor(null, store)).toBeNull();
    rememberBookingToken('ref-3', null, store);
    expect(bookingTokenFor('ref-3', store)).toBeNull();
  });

  it('keeps the last five leads and survives broken storage', () => {
    const store = memoryStore();
    for (let i = 0; i < 7; i += 1) rememberBookingToken(`ref-${i}`, `${i}.4.mac`, store);
    expect(bookingTokenFor('ref-1', store)).toBeNull();
    expect(bookingTokenFor('ref-6', store)).toBe('6.4.mac');
    store.setItem('hap.bookingTokens', '{not json');
    expect(bookingTokenFor('ref-6', store)).toBeNull();
  });
});

describe('the picker’s calls', () => {
  const body = { clientId: 4, serviceId: 17, start: SLOTS[0]!.start, idempotencyKey: '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11', leadToken: '1.4.mac' };

  it('keys each booking with a UUID, or 32 hex digits where randomUUID is missing (plain-http development hosts)', () => {
    expect(newBookingKey({ randomUUID: () => '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11', getRandomValues: (a) => a })).toBe('0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11');
    expect(newBookingKey({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => a })).toMatch(/^0{32}$/);
  });

  it('books with POST /api/bookings and reads the link’s token', async () => {
    const fetchImpl = answer(201, { success: true, data: { id: 9, clientId: 4, manageToken: 'tok.en' } });
    await expect(bookSlot(body, fetchImpl as unknown as typeof fetch)).resolves.toEqual({ ok: true, data: { clientId: 4, manageToken: 'tok.en' } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/bookings');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('a taken time answers the next free ones; any other refusal its sentence; no answer a sentence of ours', async () => {
    const taken = answer(409, { success: false, code: 'SLOT_TAKEN', message: BookingMessages.slotTaken, nextSlots: SLOTS.slice(1, 3) });
    await expect(bookSlot(body, taken as unknown as typeof fetch)).resolves.toEqual({ ok: false, status: 409, message: BookingMessages.slotTaken, nextSlots: SLOTS.slice(1, 3) });
    const closed = answer(422, { success: false, code: 'VALIDATION_FAILED', message: BookingMessages.notBookable });
    await expect(bookSlot(body, closed as unknown as typeof fetch)).resolves.toMatchObject({ ok: false, status: 422, message: BookingMessages.notBookable, nextSlots: null });
    const down = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(bookSlot(body, down as unknown as typeof fetch)).resolves.toMatchObject({ ok: false, status: 0, message: expect.stringContaining('could not be booked') });
  });

  it('moves an appointment and reads its new link; a used link says so', async () => {
    const moved = answer(200, {
      success: true,
      data: {
        appointment: { id: 9, clientId: 4, serviceId: 17, start: SLOTS[2]!.start, end: SLOTS[3]!.start, status: 'booked' },
        clinicName: 'Apex',
        clinicPhone: '(303) 555-0100',
        timeZone: 'America/New_York',
        changeable: true,
        token: 'new.token',
      },
    });
    await expect(rescheduleAppointment('old.token', SLOTS[2]!.start, moved as unknown as typeof fetch)).resolves.toMatchObject({ ok: true, data: { token: 'new.token', clinicName: 'Apex' } });
    const used = answer(410, { success: false, code: 'GONE', message: AppointmentMessages.linkUsed });
    await expect(rescheduleAppointment('old.token', SLOTS[2]!.start, used as unknown as typeof fetch)).resolves.toMatchObject({ ok: false, status: 410, message: AppointmentMessages.linkUsed });
  });

  it('reads the free times of an open service only', async () => {
    const window = { clientId: 4, serviceId: 17, from: '2026-03-06T00:00:00.000Z', to: '2026-03-20T00:00:00.000Z' };
    const open = answer(200, { success: true, data: { clientId: 4, serviceId: 17, timeZone: 'America/New_York', lengthMinutes: 30, open: true, slots: [...SLOTS, { start: 1 }] } });
    await expect(loadSlots(window, open as unknown as typeof fetch)).resolves.toEqual({ timeZone: 'America/New_York', slots: SLOTS });
    expect((open.mock.calls[0] as unknown as [string])[0]).toBe(`/api/booking/slots?clientId=4&serviceId=17&from=${encodeURIComponent(window.from)}&to=${encodeURIComponent(window.to)}`);
    const shut = answer(200, { success: true, data: { timeZone: 'UTC', open: false, slots: [] } });
    await expect(loadSlots(window, shut as unknown as typeof fetch)).resolves.toBeNull();
    expect(slotsOf('nope')).toEqual([]);
  });
});
