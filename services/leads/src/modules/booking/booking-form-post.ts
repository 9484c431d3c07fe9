import { appointmentPath, bookPath, BookingMessages, type BookingFormPost, type BookingRequest, type Slot } from '@hap/contracts';
import type { FormProblem } from '@hap/service-kit';
import { DateTime } from 'luxon';

/**
 * The picker's times posted by the browser itself (POST /api/bookings/form,
 * contracts `submitBookingForm`; docs/booking.md#the-pickers-form): what the
 * thank-you and booking pages send when their script is not running. Pure
 * rules, unit-tested (test/unit/booking-form-post.test.ts); the route answers a
 * person, so its answers are a redirect or a small page, never JSON.
 */

/** The booking the post stands for: the same rules as POST /api/bookings. */
export function bookingOf(post: BookingFormPost): BookingRequest {
  return {
    clientId: post.clientId,
    serviceId: post.serviceId,
    start: post.start,
    idempotencyKey: post.idempotencyKey,
    ...(post.leadToken !== undefined && { leadToken: post.leadToken }),
  };
}

/** Where a booked appointment sends the browser: its page, marked as just booked. */
export const bookedPath = (clientId: number, manageToken: string): string => appointmentPath(clientId, manageToken, true);

/** The way back to the picker of the same service (with the lead's token, so the booking stays the lead's). */
export const pickerPath = (post: Pick<BookingFormPost, 'clientId' | 'serviceId' | 'leadToken'>): string => bookPath(post.clientId, post.serviceId, post.leadToken);

/** The words of the way back. */
export const CHOOSE_ANOTHER_TIME = 'Choose another time';

/**
 * A free time as a person reads it, in the clinic's zone (the slot's `local`
 * carries the clinic's offset at that instant): 'Tue, Mar 3 at 10:30 AM'.
 */
export function readableSlot(slot: Pick<Slot, 'local'>): string {
  const time = DateTime.fromISO(slot.local, { setZone: true, locale: 'en-US' });
  return time.isValid ? time.toFormat("ccc, LLL d 'at' h:mm a") : slot.local;
}

/** The page of a time taken meanwhile (409 SLOT_TAKEN): the next free times, and the way back to choose one. */
export function slotTakenProblem(post: BookingFormPost, nextSlots: readonly Pick<Slot, 'local'>[]): FormProblem {
  return {
    title: BookingMessages.slotTaken,
    lead: nextSlots.length ? 'These times are still free:' : 'Please choose another time.',
    problems: nextSlots.map(readableSlot),
    back: pickerPath(post),
    backLabel: CHOOSE_ANOTHER_TIME,
  };
}

/** The page of any other refusal (not bookable, offline, not open, an unknown service, a bad link): its message and the way back. */
export function refusedProblem(post: BookingFormPost, message: string): FormProblem {
  return { title: 'Your appointment was not booked', lead: message, back: pickerPath(post), backLabel: CHOOSE_ANOTHER_TIME };
}
