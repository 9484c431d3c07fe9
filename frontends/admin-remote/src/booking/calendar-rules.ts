import type { AppointmentAction, AppointmentStatus, CalendarAppointment } from '@hap/contracts';
import { DateTime } from 'luxon';

/**
 * The clinic's calendar in its own time zone (docs/booking.md#screens): the days a view shows, the
 * window it asks the API for, which day each appointment falls on, and what may be done with one.
 * Every date here is a wall-clock date in the clinic's zone, computed with Luxon (never an offset by
 * hand): a week across a change of the clocks is 167 or 169 hours long, and still seven days.
 */

export type CalendarView = 'day' | 'week';

/** One day of a view: its date (`YYYY-MM-DD` in the clinic's zone) and its start. */
export interface CalendarDay {
  date: string;
  start: DateTime;
}

/** What a view shows: its days and the API's window `[from, to)` as UTC instants. */
export interface CalendarWindow {
  days: CalendarDay[];
  from: string;
  to: string;
}

const isoDate = (day: DateTime) => day.toISODate() ?? '';

/** Today's date in `zone`. */
export const todayIn = (zone: string, now: Date = new Date()): string => isoDate(DateTime.fromJSDate(now, { zone }));

/** The start of `date` (YYYY-MM-DD) in `zone`; an invalid date is today. */
function startOf(date: string, zone: string, now?: Date): DateTime {
  const day = DateTime.fromISO(date, { zone });
  return day.isValid ? day.startOf('day') : DateTime.fromISO(todayIn(zone, now), { zone });
}

/** The days of a view of `date`: that day, or the Monday-to-Sunday week around it; and its window in UTC. */
export function windowOf(view: CalendarView, date: string, zone: string, now?: Date): CalendarWindow {
  const anchor = startOf(date, zone, now);
  const first = view === 'week' ? anchor.startOf('week') : anchor;
  const count = view === 'week' ? 7 : 1;
  const days = Array.from({ length: count }, (_, i) => {
    const start = first.plus({ days: i });
    return { date: isoDate(start), start };
  });
  const end = first.plus({ days: count });
  return { days, from: first.toUTC().toISO() ?? '', to: end.toUTC().toISO() ?? '' };
}

/** The date a step back or forward shows: a day or a week. */
export function shiftDate(view: CalendarView, date: string, zone: string, step: -1 | 1, now?: Date): string {
  return isoDate(startOf(date, zone, now).plus(view === 'week' ? { weeks: step } : { days: step }));
}

/** The date (in `zone`) an instant falls on. */
export const dateOfInstant = (instant: string, zone: string): string => isoDate(DateTime.fromISO(instant, { zone: 'utc' }).setZone(zone));

/** Each day of the view with its appointments, earliest first; those outside the view are left out. */
export function placeByDay<T extends Pick<CalendarAppointment, 'start'>>(appointments: readonly T[], days: readonly CalendarDay[], zone: string): Map<string, T[]> {
  const placed = new Map<string, T[]>(days.map((day) => [day.date, []]));
  const sorted = [...appointments].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const appointment of sorted) placed.get(dateOfInstant(appointment.start, zone))?.push(appointment);
  return placed;
}

/** `9:30 AM` in the clinic's zone. */
export const timeIn = (instant: string, zone: string): string => DateTime.fromISO(instant, { zone: 'utc' }).setZone(zone).toLocaleString(DateTime.TIME_SIMPLE, { locale: 'en-US' });

/** `9:30 – 10:00 AM` style: the start and end of an appointment in the clinic's zone. */
export const timeRangeIn = (start: string, end: string, zone: string): string => `${timeIn(start, zone)} – ${timeIn(end, zone)}`;

/** `Mon, Mar 2` (day headings) or, `long`, `Monday, March 2, 2026`. */
export function dayLabel(date: string, zone: string, long = false): string {
  const day = DateTime.fromISO(date, { zone });
  return long ? day.toLocaleString(DateTime.DATE_HUGE, { locale: 'en-US' }) : day.toLocaleString({ weekday: 'short', month: 'short', day: 'numeric' }, { locale: 'en-US' });
}

/** The heading of a view: `Monday, March 2, 2026`, or `Mar 2 – 8, 2026` / `Mar 30 – Apr 5, 2026` for a week. */
export function viewTitle(view: CalendarView, days: readonly CalendarDay[]): string {
  const first = days[0]!.start;
  if (view === 'day') return first.toLocaleString(DateTime.DATE_HUGE, { locale: 'en-US' });
  const last = days[days.length - 1]!.start;
  const f = (day: DateTime, format: string) => day.toFormat(format, { locale: 'en-US' });
  if (first.year !== last.year) return `${f(first, 'MMM d, yyyy')} – ${f(last, 'MMM d, yyyy')}`;
  return `${f(first, 'MMM d')} – ${f(last, first.month === last.month ? 'd' : 'MMM d')}, ${last.year}`;
}

/** The zone's name and offset now, e.g. `America/New_York (EST)`. */
export const zoneLabel = (zone: string, now: Date = new Date()): string => `${zone} (${DateTime.fromJSDate(now, { zone }).toFormat('ZZZZ', { locale: 'en-US' })})`;

export const APPOINTMENT_STATUS_VIEW: Record<AppointmentStatus, { label: string; badge: string }> = {
  booked: { label: 'Booked', badge: 'adm-badge adm-badge--success' },
  pending: { label: 'Awaiting confirmation', badge: 'adm-badge adm-badge--warning' },
  cancelled: { label: 'Cancelled', badge: 'adm-badge adm-badge--neutral' },
  showed: { label: 'Showed', badge: 'adm-badge' },
  no_show: { label: 'No-show', badge: 'adm-badge adm-badge--danger' },
};

export type AppointmentActionKind = AppointmentAction['action'];

/**
 * What the clinic may do with an appointment now (the API’s rules, docs/booking.md#screens):
 * confirm a pending one; move or cancel one that is live and has not begun; cancel one that began
 * but is not marked; mark showed or no-show once its start has passed. Cancelled and attended ones
 * take nothing.
 */
export function actionsFor(appointment: Pick<CalendarAppointment, 'status' | 'start'>, now: Date = new Date()): AppointmentActionKind[] {
  if (appointment.status !== 'booked' && appointment.status !== 'pending') return [];
  const begun = Date.parse(appointment.start) <= now.getTime();
  const actions: AppointmentActionKind[] = [];
  if (appointment.status === 'pending') actions.push('confirm');
  if (begun) actions.push('showed', 'no_show');
  else actions.push('move');
  actions.push('cancel');
  return actions;
}

/** The toast after an action. */
export const ACTION_DONE: Record<AppointmentActionKind, string> = {
  confirm: 'Appointment confirmed',
  cancel: 'Appointment cancelled',
  showed: 'Marked as showed',
  no_show: 'Marked as no-show',
  move: 'Appointment moved',
};
