/**
 * Booking's words and page addresses, zod-free (as leads/lead-wire.ts): the public pages' picker and
 * appointment page use them without bringing the schema library into the browser
 * (frontends/public-shell README, "No zod or Radix in the browser"). The schemas beside them
 * (booking.ts, appointments.ts) use the same values.
 */

/** The longest window of slots asked at once. */
export const MAX_SLOT_WINDOW_DAYS = 62;

export const BookingMessages = {
  windowOrder: 'The end of the window must be after its start',
  windowTooLong: `Ask for at most ${MAX_SLOT_WINDOW_DAYS} days of slots at a time`,
  slotTaken: 'That time was just taken',
  notOpen: 'That time is not open for booking. Please choose one of the free times.',
  idempotencyMismatch: 'This booking key was already used for another booking.',
  invalidLeadToken: 'This booking link is not valid',
  notBookable: 'This service cannot be booked online. Please call the clinic.',
  offline: 'This clinic does not take bookings online. Please call the clinic.',
} as const;

export const AppointmentMessages = {
  linkInvalid: 'This link is not valid. Please use the newest e-mail about your appointment.',
  linkUsed: 'This appointment has changed since this link was sent. Please use the newest e-mail about your appointment.',
  linkExpired: 'This appointment has passed, so its link no longer works.',
  cancelled: 'This appointment was cancelled.',
  notPending: 'Only an appointment that awaits confirmation can be confirmed.',
  notYet: 'Mark showed or no-show once the appointment’s time has come.',
  alreadyAttended: 'This appointment is already marked showed or no-show.',
  notFound: (id: number) => `Appointment ${id} was not found.`,
  windowTooLong: 'Ask for at most 62 days of the calendar at a time',
} as const;

/** The public booking page: the picker for a clinic's service, reached from the thank-you page and from the patient's e-mail (docs/booking.md#pages). */
export const BOOK_PATH = '/book';
/** The patient's appointment page: its time, and moving or cancelling it by the signed link (docs/booking.md#changes). */
export const APPOINTMENT_PATH = '/appointment';

/** The booking page of a clinic's service; with the lead's booking token the appointment is that lead's (no retyping). */
export function bookPath(clientId: number, serviceId: number, leadToken?: string | null): string {
  return `${BOOK_PATH}?client=${clientId}&service=${serviceId}${leadToken ? `&token=${encodeURIComponent(leadToken)}` : ''}`;
}

/** The appointment page of a signed link (`booked` when the patient has just booked it). */
export function appointmentPath(clientId: number, manageToken: string, booked = false): string {
  return `${APPOINTMENT_PATH}?client=${clientId}&token=${encodeURIComponent(manageToken)}${booked ? '&booked=1' : ''}`;
}

export const BOOKING_FORM_PATH = '/api/bookings/form';
