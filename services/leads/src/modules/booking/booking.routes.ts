import { actorOf, AppError, assertAdmin, requireClinicOwner, requireClinicUser, RETRY_AFTER_SECONDS, sendFormProblem, type RouteHandlers } from '@hap/service-kit';
import { ErrorCode } from '@hap/contracts';
import type { AppointmentService } from './appointment.service';
import { bookedPath, bookingOf, pickerPath, refusedProblem, slotTakenProblem, CHOOSE_ANOTHER_TIME } from './booking-form-post';
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

/** Booking (docs/booking.md): the public slots and booking, the patient's links, and the clinic's and admin's rules and calendar. */
export const bookingHandlers = (booking: BookingService, appointments: AppointmentService): Pick<RouteHandlers<'leads'>, BookingOperations> => ({
  getBookingSlots: ({ query }) => booking.slots(query),
  createBooking: ({ body }, request) => booking.book(body, { requestId: request.id, log: request.log }),
  // The picker as a plain form (docs/booking.md#the-pickers-form): a page for a person, never JSON.
  submitBookingForm: async ({ body }, request, reply) => {
    try {
      const booked = await booking.book(bookingOf(body), { requestId: request.id, log: request.log });
      await reply.header('cache-control', 'no-store').redirect(bookedPath(booked.clientId, booked.manageToken), 303);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.SLOT_TAKEN) {
        await sendFormProblem(reply, 409, slotTakenProblem(body, err.extra?.nextSlots ?? []));
        return;
      }
      if (err instanceof AppError && err.statusCode < 500) {
        await sendFormProblem(reply, err.statusCode, refusedProblem(body, err.message));
        return;
      }
      request.log.error({ err }, 'booking form post failed');
      await sendFormProblem(reply.header('retry-after', RETRY_AFTER_SECONDS), 503, {
        title: 'Your appointment was not booked',
        lead: 'Something went wrong on our side. Please try again in a moment or call the clinic.',
        back: pickerPath(body),
        backLabel: CHOOSE_ANOTHER_TIME,
      });
    }
  },
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
