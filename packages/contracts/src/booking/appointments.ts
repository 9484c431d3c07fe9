import { z } from 'zod';
import { LEAD_STATUSES } from '../leads/admin';
import { AppointmentSchema } from './booking';
import { AppointmentMessages, BookingMessages } from './booking-wire';

/**
 * After the booking (docs/booking.md#changes): the patient's signed links to
 * reschedule or cancel, the clinic's calendar and its actions, and the
 * calendar feed. The same schemas check the API and the screens' forms.
 */


/** The patient's link token: in a body or query, never a path (it would reach access logs as the path). */
const ManageTokenSchema = z.string({ error: AppointmentMessages.linkInvalid }).trim().min(10, AppointmentMessages.linkInvalid).max(300, AppointmentMessages.linkInvalid);

/** GET /api/bookings/manage?token=: what the patient's link shows. */
export const ManageQuerySchema = z.object({ token: ManageTokenSchema });

/** The appointment as its patient sees it: the time, the clinic, what may still be done. No lead or patient detail. */
export const ManagedAppointmentSchema = z.object({
  appointment: AppointmentSchema.pick({ id: true, clientId: true, serviceId: true, start: true, end: true, status: true }),
  clinicName: z.string(),
  clinicPhone: z.string().nullable(),
  timeZone: z.string(),
  /** Whether the link may still move or cancel it (not cancelled, not attended, not begun). */
  changeable: z.boolean(),
});
export type ManagedAppointment = z.infer<typeof ManagedAppointmentSchema>;

/** POST /api/bookings/manage/reschedule: the link's token and one of the free slots. A new link is e-mailed; this one stops working. */
export const RescheduleRequestSchema = z.object({
  token: ManageTokenSchema,
  start: z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-03-02T14:00:00Z' }),
});
export type RescheduleRequest = z.infer<typeof RescheduleRequestSchema>;

/** POST /api/bookings/manage/cancel. */
export const CancelRequestSchema = z.object({ token: ManageTokenSchema });
export type CancelRequest = z.infer<typeof CancelRequestSchema>;

/** The answer of a reschedule or cancel by link: the appointment now, and the token of its new link (null once cancelled). */
export const ManagedChangeSchema = ManagedAppointmentSchema.extend({ token: z.string().nullable() });
export type ManagedChange = z.infer<typeof ManagedChangeSchema>;

/** The longest calendar window asked at once. */
export const MAX_CALENDAR_DAYS = 62;

/** GET …/booking/calendar?from=&to=: appointments that start in [from, to). */
export const CalendarQuerySchema = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .superRefine((query, ctx) => {
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', message: BookingMessages.windowOrder, path: ['to'] });
    else if (span > MAX_CALENDAR_DAYS * 24 * 60 * 60 * 1000) ctx.addIssue({ code: 'custom', message: AppointmentMessages.windowTooLong, path: ['to'] });
  });
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

/** One appointment in the clinic's calendar, with the patient and the lead behind it. */
export const CalendarAppointmentSchema = AppointmentSchema.extend({
  serviceName: z.string().nullable(),
  lead: z
    .object({ id: z.number().int(), name: z.string(), phone: z.string(), email: z.string(), status: z.enum(LEAD_STATUSES) })
    .nullable(),
  updatedAt: z.iso.datetime(),
});
export type CalendarAppointment = z.infer<typeof CalendarAppointmentSchema>;

export const CalendarSchema = z.object({
  clientId: z.number().int(),
  timeZone: z.string(),
  appointments: z.array(CalendarAppointmentSchema),
});
export type Calendar = z.infer<typeof CalendarSchema>;

/** PATCH …/appointments/:id: what the clinic does with an appointment. */
export const AppointmentActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('confirm') }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('showed') }),
  z.object({ action: z.literal('no_show') }),
  z.object({ action: z.literal('move'), start: z.iso.datetime({ offset: true, error: 'Choose a new time' }) }),
]);
export type AppointmentAction = z.infer<typeof AppointmentActionSchema>;

/** The clinic's calendar feed: a secret address calendar apps subscribe to. */
export const CalendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** The feed's secret: 32 random bytes, base64url, optionally followed by `.ics` (calendar apps like the suffix). */
export const CalendarFeedParamSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, 'Not a calendar feed address')
    .transform((token) => token.replace(/\.ics$/, '')),
});
