import { randomUUID } from 'node:crypto';
import { ApiError, AppointmentMessages, BookingMessages, routes, type ClientBranding, type ManagedAppointment, type Slot } from '@hap/contracts';
import type { Identity } from '@hap/service-kit/identity';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';
import type { Config } from './config.js';
import type { PageRoute } from './ssr-module.js';

/**
 * The booking pages' data (docs/booking.md#pages), asked of the leads service directly, as tenant
 * and templates are: the picker's first free times (thank-you page, /book) and the appointment a
 * patient's link names (/appointment). Each call has a short budget (BOOKING_TIMEOUT_MS); a page
 * whose call fails renders without it (the thank-you page without its picker), never an error page.
 */

/** How many days with free times a page shows, and how far ahead it asks (src/booking/slot-days.ts). */
export const PICKER_DAYS = 5;
export const PICKER_WINDOW_DAYS = 21;

/** The picker as a page carries it (src/state/page-state.ts PickerState). */
export interface LoadedPicker {
  clientId: number;
  serviceId: number;
  timeZone: string;
  slots: Slot[];
  /** One per render: the no-script forms post it, so the same page posted twice books once. */
  idempotencyKey: string;
  leadToken: string | null;
}

/** What a booking page shows (src/state/page-state.ts BookingState). */
export interface LoadedBooking {
  picker: LoadedPicker | null;
  /** /book of a service that cannot be booked online: the sentence shown with the clinic's phone. */
  closed: string | null;
  /** /appointment: what the link names. */
  appointment: ManagedAppointment | null;
  /** /appointment: why the link shows nothing (used, expired, not valid); /book: the free times could not be read. */
  problem: string | null;
}

export interface BookingRequest {
  requestId: string;
  forwardedFor?: string;
}

export interface BookingLoader {
  /** The picker of a clinic's service: null when it is not open online, has no free time soon, or leads did not answer in time. */
  picker(clientId: number, serviceId: number, leadToken: string | null, request: BookingRequest): Promise<{ picker: LoadedPicker | null; open: boolean | null; closedReason?: 'offline' | 'not_bookable' | null }>;
  /** The appointment of a link, or the link's problem in the patient's words. */
  appointment(token: string | undefined, request: BookingRequest): Promise<Pick<LoadedBooking, 'appointment' | 'problem'>>;
}

const SHELL: Identity = { kind: 'service', service: 'public-shell' };
const DAY_MS = 24 * 60 * 60 * 1000;
const LOCAL_DATE = /^(\d{4}-\d{2}-\d{2})T/;

/** The slots of the first `days` days (in the clinic's zone) that have any. */
export function firstDaysOf(slots: readonly Slot[], days = PICKER_DAYS): Slot[] {
  const dates = new Set<string>();
  const kept: Slot[] = [];
  for (const slot of slots) {
    const date = LOCAL_DATE.exec(slot.local)?.[1];
    if (!date) continue;
    if (!dates.has(date)) {
      if (dates.size >= days) break;
      dates.add(date);
    }
    kept.push(slot);
  }
  return kept;
}

/** Says what the patient's link could not show: the leads service's sentence for 410 and 400, else that it cannot be read now. */
export function linkProblemOf(error: unknown): string {
  if (error instanceof ApiError && (error.status === 410 || error.status === 400 || error.status === 404)) return error.message || AppointmentMessages.linkInvalid;
  return 'Your appointment cannot be shown right now. Please try again in a moment or call the clinic.';
}

export function createBookingLoader(config: Pick<Config, 'INTERNAL_SECRET' | 'LEADS_URL' | 'BOOKING_TIMEOUT_MS'>, now: () => Date = () => new Date()): BookingLoader {
  const api = createInternalClient({ baseUrl: config.LEADS_URL, target: 'leads', internalSecret: config.INTERNAL_SECRET, identity: SHELL, timeoutMs: config.BOOKING_TIMEOUT_MS });
  return {
    async picker(clientId, serviceId, leadToken, { requestId, forwardedFor }) {
      const from = now();
      try {
        const list = await api.call(
          routes.getBookingSlots,
          { query: { clientId, serviceId, from: from.toISOString(), to: new Date(from.getTime() + PICKER_WINDOW_DAYS * DAY_MS).toISOString() } },
          { headers: internalHeaders({ requestId, forwardedFor }) },
        );
        const slots = firstDaysOf(list.slots);
        if (!list.open || !slots.length) return { picker: null, open: list.open, closedReason: list.closedReason };
        return { picker: { clientId, serviceId, timeZone: list.timeZone, slots, idempotencyKey: randomUUID(), leadToken }, open: true };
      } catch {
        return { picker: null, open: null };
      }
    },
    async appointment(token, { requestId, forwardedFor }) {
      if (!token) return { appointment: null, problem: AppointmentMessages.linkInvalid };
      try {
        const appointment = await api.call(routes.getManagedAppointment, { query: { token } }, { headers: internalHeaders({ requestId, forwardedFor }) });
        return { appointment, problem: null };
      } catch (error) {
        return { appointment: null, problem: linkProblemOf(error) };
      }
    },
  };
}

/** /book of a service nobody can book online now: the sentence of the slots answer's reason (the clinic, or this service, is off). */
export const closedSentence = (reason: 'offline' | 'not_bookable' | null | undefined): string => (reason === 'offline' ? BookingMessages.offline : BookingMessages.notBookable);
/** /book when the free times could not be read. */
export const SLOTS_UNAVAILABLE = 'The free times cannot be shown right now. Please try again in a moment or call the clinic.';

/**
 * A page's booking data (docs/booking.md#pages): the thank-you page's picker when the clinic keeps
 * no booking link of its own and books the lead's service online; /book's picker (or why not);
 * /appointment's appointment. Null on every other page.
 */
export async function bookingOf(route: PageRoute, client: ClientBranding | null, loader: BookingLoader | undefined, request: BookingRequest): Promise<LoadedBooking | null> {
  const none: LoadedBooking = { picker: null, closed: null, appointment: null, problem: null };
  if (route.kind === 'appointment') return { ...none, ...(loader ? await loader.appointment(route.token, request) : { problem: SLOTS_UNAVAILABLE }) };
  if ((route.kind !== 'thanks' && route.kind !== 'book') || route.serviceId === undefined || !client) return null;
  // A clinic that keeps its own booking link keeps it on the thank-you page (src/thanks/thanks-content.ts: http(s) only).
  if (route.kind === 'thanks' && /^https?:\/\//i.test(client.bookingLink?.trim() ?? '')) return null;
  if (!loader) return route.kind === 'book' ? { ...none, problem: SLOTS_UNAVAILABLE } : null;
  const { picker, open, closedReason } = await loader.picker(client.id, route.serviceId, route.kind === 'book' ? (route.token ?? null) : null, request);
  if (route.kind === 'thanks') return picker ? { ...none, picker } : null;
  return { ...none, picker, closed: open === false ? closedSentence(closedReason) : null, problem: open === null ? SLOTS_UNAVAILABLE : null };
}
