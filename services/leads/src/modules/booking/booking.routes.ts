import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { BookingService } from './booking.service';

type BookingOperations = 'getBookingSlots' | 'createBooking' | 'getBookingAvailability' | 'updateBookingAvailability';

/** Booking (docs/booking.md): the public slots and booking, and the admin's availability of a clinic. */
export const bookingHandlers = (booking: BookingService): Pick<RouteHandlers<'leads'>, BookingOperations> => ({
  getBookingSlots: ({ query }) => booking.slots(query),
  createBooking: ({ body }, request) => booking.book(body, { requestId: request.id, log: request.log }),
  getBookingAvailability: ({ params }, request) => booking.getAvailability(actorOf(request), params.id),
  updateBookingAvailability: ({ params, body }, request) => booking.updateAvailability(actorOf(request), params.id, body),
});
