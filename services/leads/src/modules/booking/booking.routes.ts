import { actorOf, AppError, assertAdmin, requireClinicOwner, requireClinicUser, type RouteHandlers } from '@hap/service-kit';
import { ErrorCode } from '@hap/contracts';
import type { AppointmentService } from './appointment.service';
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
export const bookingHandlers = (booking: BookingService, appointments: AppointmentService): Pick<RouteHandlers<'leads'>, BookingOperations> => ({
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
  getManagedAppointment: ({ query }) => appointments.managed(query.token),
  rescheduleManagedAppointment: ({ body }, request) => appointments.rescheduleByLink(body.token, body.start, { requestId: request.id, log: request.log }),
  cancelManagedAppointment: ({ body }, request) => appointments.cancelByLink(body.token, { requestId: request.id, log: request.log }),
  getPortalCalendar: ({ query }, request) => appointments.calendar(requireClinicUser(request.identity).clientId, query, { requestId: request.id, log: request.log }),
  updatePortalAppointment: ({ params, body }, request) =>
    appointments.act(actorOf(request), requireClinicUser(request.identity).clientId, params.id, body, { requestId: request.id, log: request.log }),
  getPortalCalendarFeed: (_input, request) => appointments.feed(requireClinicUser(request.identity).clientId),
  regeneratePortalCalendarFeed: (_input, request) => appointments.regenerateFeed(actorOf(request), requireClinicOwner(request.identity).clientId),
  getClientCalendar: ({ params, query }, request) => {
    assertAdmin(actorOf(request));
    return appointments.calendar(params.clientId, query, { requestId: request.id, log: request.log });
  },
  updateClientAppointment: ({ params, body }, request) => {
    assertAdmin(actorOf(request));
    return appointments.act(actorOf(request), params.clientId, params.id, body, { requestId: request.id, log: request.log });
  },
  getCalendarFeed: async ({ params }, request, reply) => {
    const text = await appointments.feedText(params.token, { requestId: request.id, log: request.log });
    await reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="appointments.ics"')
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(text);
  },
});
