/**
 * The picker's and the appointment page's calls to the leads service through the gateway
 * (docs/booking.md#pages; contracts getBookingSlots, createBooking, rescheduleManagedAppointment,
 * cancelManagedAppointment). Plain fetch, as the lead form's: public pages ship no schema
 * library (docs/public-site.md#page-speed); the service checks each body with its route's schema
 * and the answers are read defensively here. The paths are the route rows' (pinned by
 * test/unit/booking-api.test.ts).
 */
import type { ManagedAppointment } from '@hap/contracts';
import type { PickerSlot } from './slot-days';

export const BOOKING_PATHS = {
  slots: '/api/booking/slots',
  book: '/api/bookings',
  reschedule: '/api/bookings/manage/reschedule',
  cancel: '/api/bookings/manage/cancel',
} as const;

/** What a patient is told when no answer came (the network, a proxy's page). */
export const BOOKING_FAILED = 'Your appointment could not be booked just now. Please try again or call the clinic.';

/** A response's JSON, or null when it has none (an empty body, a proxy's HTML page). */
async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * A fresh idempotency key: `crypto.randomUUID` where the page is a secure context (https,
 * localhost), else 32 random hex digits (a development host over plain http), as the lead form's.
 */
export function newBookingKey(source: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  return Array.from(source.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isSlot = (value: unknown): value is PickerSlot => isRecord(value) && typeof value.start === 'string' && typeof value.local === 'string';

/** The free slots of an answer's `data.slots` or an error's `nextSlots`. */
export function slotsOf(value: unknown): PickerSlot[] {
  return Array.isArray(value) ? value.filter(isSlot).map(({ start, local }) => ({ start, local })) : [];
}

export type BookingOutcome<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      /** The server's sentence, or BOOKING_FAILED. */
      message: string;
      /** SLOT_TAKEN: the next free times to offer instead. */
      nextSlots: PickerSlot[] | null;
    };

async function send<T>(path: string, body: object, read: (data: unknown) => T | null, headers: Record<string, string> = {}, fetchImpl: typeof fetch = fetch): Promise<BookingOutcome<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: BOOKING_FAILED, nextSlots: null };
  }
  const answer = await jsonOf(response);
  const data = response.ok && isRecord(answer) && answer.success === true ? read(answer.data) : null;
  if (data !== null) return { ok: true, data };
  const message = isRecord(answer) && typeof answer.message === 'string' && answer.message.trim() ? answer.message : BOOKING_FAILED;
  const taken = isRecord(answer) && answer.code === 'SLOT_TAKEN';
  return { ok: false, status: response.status, message, nextSlots: taken ? slotsOf(answer.nextSlots) : null };
}

export interface BookedAppointment {
  clientId: number;
  manageToken: string;
}

export interface BookingBody {
  clientId: number;
  serviceId: number;
  start: string;
  idempotencyKey: string;
  leadToken?: string;
}

/** POST /api/bookings: 201 with the appointment and its link's token. */
export function bookSlot(body: BookingBody, fetchImpl?: typeof fetch): Promise<BookingOutcome<BookedAppointment>> {
  const read = (data: unknown) =>
    isRecord(data) && Number.isInteger(data.clientId) && typeof data.manageToken === 'string' ? { clientId: data.clientId as number, manageToken: data.manageToken } : null;
  return send(BOOKING_PATHS.book, body, read, {}, fetchImpl);
}

/** The appointment as a reschedule or cancel answers it, with its link's new token (null once cancelled). */
export type ManagedChange = ManagedAppointment & { token: string | null };

function managedOf(data: unknown): ManagedChange | null {
  if (!isRecord(data) || !isRecord(data.appointment) || typeof data.timeZone !== 'string' || typeof data.clinicName !== 'string') return null;
  const a = data.appointment;
  if (!Number.isInteger(a.id) || typeof a.start !== 'string' || typeof a.end !== 'string' || typeof a.status !== 'string') return null;
  return {
    appointment: {
      id: a.id as number,
      clientId: a.clientId as number,
      serviceId: a.serviceId as number,
      start: a.start,
      end: a.end,
      status: a.status as ManagedAppointment['appointment']['status'],
    },
    clinicName: data.clinicName,
    clinicPhone: typeof data.clinicPhone === 'string' ? data.clinicPhone : null,
    timeZone: data.timeZone,
    changeable: data.changeable === true,
    token: typeof data.token === 'string' ? data.token : null,
  };
}

/** POST /api/bookings/manage/reschedule: the appointment at its new time and its link's new token. */
export const rescheduleAppointment = (token: string, start: string, fetchImpl?: typeof fetch) => send(BOOKING_PATHS.reschedule, { token, start }, managedOf, {}, fetchImpl);

/** POST /api/bookings/manage/cancel. */
export const cancelAppointment = (token: string, fetchImpl?: typeof fetch) => send(BOOKING_PATHS.cancel, { token }, managedOf, {}, fetchImpl);

/** GET /api/booking/slots of a window: null when they cannot be read or the service is not open online. */
export async function loadSlots(query: { clientId: number; serviceId: number; from: string; to: string }, fetchImpl: typeof fetch = fetch): Promise<{ timeZone: string; slots: PickerSlot[] } | null> {
  const search = new URLSearchParams({ clientId: String(query.clientId), serviceId: String(query.serviceId), from: query.from, to: query.to });
  try {
    const response = await fetchImpl(`${BOOKING_PATHS.slots}?${search}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    const answer = response.ok ? await jsonOf(response) : null;
    const data = isRecord(answer) && isRecord(answer.data) ? answer.data : null;
    if (!data || data.open !== true || typeof data.timeZone !== 'string') return null;
    return { timeZone: data.timeZone, slots: slotsOf(data.slots) };
  } catch {
    return null;
  }
}
