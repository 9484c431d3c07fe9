import { z } from 'zod';

/**
 * A clinic's online booking rules (docs/booking.md): when it sees patients, in its own time zone,
 * and how its consultations fill that time. The same schema checks the API's body and the
 * portal's and admin's form, each message at its field.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Minutes after midnight of an `HH:mm` time. */
export const minutesOfClock = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const clockTime = z.string({ error: 'Enter a time as HH:MM' }).regex(CLOCK, 'Enter a time as HH:MM');

/** One opening range of a day, in the clinic's wall-clock time. */
export const OpeningRangeSchema = z
  .object({ start: clockTime, end: clockTime })
  .refine((range) => minutesOfClock(range.end) > minutesOfClock(range.start), { message: 'The range must end after it starts', path: ['end'] });
export type OpeningRange = z.infer<typeof OpeningRangeSchema>;

/** A day's ranges, in any order, none overlapping another (the message is at the later one). */
const dayRanges = z
  .array(OpeningRangeSchema)
  .max(6, 'At most 6 ranges a day')
  .superRefine((ranges, ctx) => {
    const order = ranges.map((range, index) => ({ range, index })).sort((a, b) => minutesOfClock(a.range.start) - minutesOfClock(b.range.start));
    for (let i = 1; i < order.length; i += 1) {
      if (minutesOfClock(order[i].range.start) < minutesOfClock(order[i - 1].range.end)) {
        ctx.addIssue({ code: 'custom', message: 'This range overlaps another on the same day', path: [order[i].index, 'start'] });
      }
    }
  });

/** Whether `zone` is an IANA time zone this runtime knows (e.g. America/New_York). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), 'Enter a real date');

/** A service patients can book, and how long its consultation takes. */
export const BookableServiceSchema = z.object({
  serviceId: z.number().int().positive(),
  /** Whether patients may book it online (a service not listed can be, at the default length). */
  bookable: z.boolean().default(true),
  lengthMinutes: z
    .number({ error: 'Enter the consultation length in minutes' })
    .int('Whole minutes only')
    .min(5, 'A consultation takes at least 5 minutes')
    .max(480, 'A consultation takes at most 8 hours'),
});
export type BookableService = z.infer<typeof BookableServiceSchema>;

export const AvailabilitySchema = z.object({
  /** Whether patients book online at all: the thank-you page's picker, the booking link (docs/booking.md#availability). */
  onlineBooking: z.boolean().default(true),
  timeZone: z.string().refine(isTimeZone, 'Choose a time zone such as America/New_York'),
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayRanges])) as Record<Weekday, typeof dayRanges>),
  closedDates: z.array(isoDate).max(366, 'At most 366 closed dates'),
  services: z
    .array(BookableServiceSchema)
    .max(100)
    .refine((services) => new Set(services.map((s) => s.serviceId)).size === services.length, 'Each service is listed once'),
  bufferMinutes: z.number().int('Whole minutes only').min(0, 'The buffer cannot be negative').max(240, 'At most 240 minutes'),
  minNoticeMinutes: z.number().int('Whole minutes only').min(0, 'The notice cannot be negative').max(60 * 24 * 14, 'At most 14 days'),
  horizonDays: z.number().int('Whole days only').min(1, 'Patients can book at least 1 day ahead').max(365, 'At most 365 days ahead'),
  capacity: z.number().int('Whole number only').min(1, 'At least 1 at the same time').max(50, 'At most 50 at the same time'),
  confirmation: z.enum(['instant', 'clinic']),
});
export type Availability = z.output<typeof AvailabilitySchema>;
export type AvailabilityInput = z.input<typeof AvailabilitySchema>;

const weekdayHours = [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }];

/**
 * A clinic that changes nothing can still be booked: weekdays 9–12 and 13–17 in US Eastern time, 30-minute
 * consultations, 2 hours' notice, 30 days ahead, one at a time, confirmed at once.
 */
export const DEFAULT_AVAILABILITY: Availability = {
  onlineBooking: true,
  timeZone: 'America/New_York',
  weekly: { mon: weekdayHours, tue: weekdayHours, wed: weekdayHours, thu: weekdayHours, fri: weekdayHours, sat: [], sun: [] },
  closedDates: [],
  services: [],
  bufferMinutes: 0,
  minNoticeMinutes: 120,
  horizonDays: 30,
  capacity: 1,
  confirmation: 'instant',
};

/** The length of a service's consultation when the clinic has not set one. */
export const DEFAULT_LENGTH_MINUTES = 30;

/** A free start time: the instant (UTC) and the same instant in the clinic's zone, with its offset. */
export const SlotSchema = z.object({
  start: z.iso.datetime(),
  local: z.iso.datetime({ offset: true }),
});
export type Slot = z.infer<typeof SlotSchema>;
