import { actorOf, AppError, assertAdmin, requireClinicOwner, requireClinicUser, type RouteHandlers } from '@hap/service-kit';
import { ErrorCode } from '@hap/contracts';
import type { BookingService } from './booking.service';

type BookingOperations =
  | 'getBookingSlots'
  | 'createBooking'
  | 'submitBookingForm'
  | 'getBookingAvailability'
  | 'updateBookingAvailability'
  | 'getPortalAvailability'
  | 'updatePortalAvailability'
  | 'getManagedAppointment'
  | 'rescheduleManagedAppointment'
  | 'cancelManagedAppointment'
  | 'getPortalCalendar'
  | 'updatePortalAppointment'
  | 'getPortalCalendarFeed'
  | 'regeneratePortalCalendarFeed'
  | 'getClientCalendar'
  | 'updateClientAppointment'
  | 'getCalendarFeed';

// Being built on main this session (docs/booking.md "Still to build"); answers 501 until then.
const notBuiltYet = () => {
  throw new AppError(501, ErrorCode.INTERNAL, 'Not built yet');
};

/** Booking (docs/booking.md): the public slots and booking, the patient's links, and the clinic's and admin's rules and calendar. */
export const bookingHandlers = (booking: BookingService): Pick<RouteHandlers<'leads'>, BookingOperations> => ({
  getBookingSlots: ({ query }) => booking.slots(query),
  createBooking: ({ body }, request) => booking.book(body, { requestId: request.id, log: request.log }),
  submitBookingForm: notBuiltYet,
  getBookingAvailability: ({ params }, request) => {
    assertAdmin(actorOf(request));
    return booking.getAvailability(params.id);
  },
  updateBookingAvailability: ({ params, body }, request) => {
    assertAdmin(actorOf(request));
    return booking.updateAvailability(actorOf(request), params.id, body);
  },
  getPortalAvailability: (_input, request) => booking.getAvailability(requireClinicUser(request.identity).clientId),
  updatePortalAvailability: ({ body }, request) => booking.updateAvailability(actorOf(request), requireClinicOwner(request.identity).clientId, body),
  getManagedAppointment: notBuiltYet,
  rescheduleManagedAppointment: notBuiltYet,
  cancelManagedAppointment: notBuiltYet,
  getPortalCalendar: notBuiltYet,
  updatePortalAppointment: notBuiltYet,
  getPortalCalendarFeed: notBuiltYet,
  regeneratePortalCalendarFeed: notBuiltYet,
  getClientCalendar: notBuiltYet,
  updateClientAppointment: notBuiltYet,
  getCalendarFeed: notBuiltYet,
});
