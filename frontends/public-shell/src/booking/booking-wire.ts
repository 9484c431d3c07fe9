/**
 * The booking contracts' words and addresses the browser needs, without the
 * schema library: the contracts' booking modules declare their zod schemas
 * beside them (packages/contracts/src/booking/booking.ts, appointments.ts), and
 * a public page ships no zod (docs/public-site.md#page-speed). Each value here
 * is pinned to the contracts' by test/unit/booking-wire.test.ts, so they cannot drift.
 */

/** contracts BOOKING_FORM_PATH: where the picker's forms post without script. */
export const BOOKING_FORM_PATH = '/api/bookings/form';

/** contracts BookingMessages, the ones the pages show. */
export const BOOKING_MESSAGES = {
  slotTaken: 'That time was just taken',
  notBookable: 'This service cannot be booked online. Please call the clinic.',
  offline: 'This clinic does not take bookings online. Please call the clinic.',
} as const;

/** contracts AppointmentMessages.cancelled. */
export const APPOINTMENT_CANCELLED = 'This appointment was cancelled.';

/** contracts appointmentPath: the appointment page of a signed link (`booked` when just booked). */
export function appointmentPath(clientId: number, manageToken: string, booked = false): string {
  return `/appointment?client=${clientId}&token=${encodeURIComponent(manageToken)}${booked ? '&booked=1' : ''}`;
}
