import { z } from 'zod';
import { idField } from '../fields';
import { IdempotencyKeySchema } from '../leads/lead';
import { AvailabilitySchema, SlotSchema } from './availability';
import { BookingMessages, MAX_SLOT_WINDOW_DAYS } from './booking-wire';

/**
 * Booking's wire shapes (docs/booking.md): the free slots a page asks for, a
 * clinic's stored availability, a booking and the appointment it makes.
 */


const instant = z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-03-02T14:00:00Z' });

/** GET /api/booking/slots: a service's free start times between from (inclusive) and to. */
export const SlotsQuerySchema = z
  .object({ clientId: idField('Client', { fromText: true }), serviceId: idField('Service', { fromText: true }), from: instant, to: instant })
  .superRefine((query, ctx) => {
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', message: BookingMessages.windowOrder, path: ['to'] });
    else if (span > MAX_SLOT_WINDOW_DAYS * 24 * 60 * 60 * 1000) ctx.addIssue({ code: 'custom', message: BookingMessages.windowTooLong, path: ['to'] });
  });
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

export const SlotListSchema = z.object({
  clientId: z.number().int(),
  serviceId: z.number().int(),
  timeZone: z.string(),
  lengthMinutes: z.number().int(),
  /** Whether patients can book this service online here (the clinic's online booking on and the service bookable); no slots when not. */
  open: z.boolean(),
  /** Why not, when not: the clinic takes no bookings online (`offline`), or not for this service (`not_bookable`); null when open. */
  closedReason: z.enum(['offline', 'not_bookable']).nullable(),
  slots: z.array(SlotSchema),
});
export type SlotList = z.infer<typeof SlotListSchema>;

/** A clinic's booking rules as stored; `updatedAt` null while it has none of its own (the defaults apply). */
export const StoredAvailabilitySchema = z.object({
  clientId: z.number().int(),
  availability: AvailabilitySchema,
  updatedAt: z.iso.datetime().nullable(),
});
export type StoredAvailability = z.infer<typeof StoredAvailabilitySchema>;

/** POST /api/bookings. */
export const BookingRequestSchema = z.object({
  clientId: idField('Client'),
  serviceId: idField('Service'),
  /** One of the free slots' `start` (any offset: the same instant). */
  start: instant,
  /** The same key books once: a retry answers the first booking's appointment. */
  idempotencyKey: IdempotencyKeySchema,
  /** The lead's booking token (POST /api/leads' `bookingToken`): the appointment is that lead's. */
  leadToken: z.string().trim().min(1).max(200).optional(),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

export const APPOINTMENT_STATUSES = ['booked', 'pending', 'cancelled', 'showed', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const AppointmentSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  serviceId: z.number().int(),
  /** The lead it was booked from; null until the lead's booking token is taken (docs/booking.md, "Still to build"). */
  leadId: z.number().int().nullable(),
  seat: z.number().int(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** booked when the clinic confirms at once, pending while it must confirm. */
  status: z.enum(APPOINTMENT_STATUSES),
  /** How many times it was booked, moved or cancelled: a patient's link works for one version (docs/booking.md#changes). */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

/** Where a browser without script posts the thank-you page's list of times (docs/booking.md#the-pickers-form). */

/** POST /api/bookings/form: the picker as a plain form; every value arrives as text. */
export const BookingFormPostSchema = z.object({
  clientId: idField('Client', { fromText: true }),
  serviceId: idField('Service', { fromText: true }),
  start: instant,
  idempotencyKey: IdempotencyKeySchema,
  leadToken: z.string().trim().max(200).optional().transform((token) => token || undefined),
});
export type BookingFormPost = z.infer<typeof BookingFormPostSchema>;

/** POST /api/bookings' answer: the appointment and the token of the patient's link to change or cancel it (docs/booking.md#changes). */
export const BookedAppointmentSchema = AppointmentSchema.extend({ manageToken: z.string() });
export type BookedAppointment = z.infer<typeof BookedAppointmentSchema>;
