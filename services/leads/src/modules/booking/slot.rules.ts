import { DEFAULT_LENGTH_MINUTES, minutesOfClock, WEEKDAYS, type Availability, type Slot } from '@hap/contracts';
import { DateTime, Interval } from 'luxon';

/** An appointment that holds a seat: its start and end instants (cancelled ones are not passed). */
export interface BookedTime {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  serviceId: number;
  /** The window asked for: slots that start at or after `from` and before `to`. */
  from: Date;
  to: Date;
  now: Date;
  booked: readonly BookedTime[];
}

/** How long a service's consultation takes at this clinic (its own length, else the default). */
export function lengthOf(availability: Availability, serviceId: number): number {
  return availability.services.find((service) => service.serviceId === serviceId)?.lengthMinutes ?? DEFAULT_LENGTH_MINUTES;
}

/** Whether patients can book the service online at this clinic: its online booking on and the service not switched off. */
export function isOpenFor(availability: Availability, serviceId: number): boolean {
  return availability.onlineBooking && (availability.services.find((service) => service.serviceId === serviceId)?.bookable ?? true);
}

/**
 * The wall-clock time `minutes` after midnight of `day` in the clinic's zone, or null when that time does not
 * exist that day (the hour skipped when clocks go forward). A time that happens twice (the hour repeated when
 * clocks go back) is its first occurrence, so a slot is offered once.
 */
function wallTime(day: DateTime, minutes: number): DateTime | null {
  const at = day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 });
  return at.hour * 60 + at.minute === minutes ? at : null;
}

/**
 * The free start times of a service (docs/booking.md#slots), none when it cannot be booked online: every consultation length from the start of each
 * opening range, in the clinic's wall-clock time, that ends within its range, is not on a closed date, starts
 * at least the minimum notice after `now` and before the horizon (days from today in the clinic's zone), and
 * leaves a seat free: fewer than `capacity` booked appointments overlap it once each is widened by the buffer.
 */
export function freeSlots(availability: Availability, query: SlotQuery): Slot[] {
  if (!isOpenFor(availability, query.serviceId)) return [];
  const zone = availability.timeZone;
  const length = lengthOf(availability, query.serviceId);
  const now = DateTime.fromJSDate(query.now, { zone });
  const earliest = now.plus({ minutes: availability.minNoticeMinutes });
  const horizon = now.startOf('day').plus({ days: availability.horizonDays });
  const from = DateTime.fromJSDate(query.from, { zone });
  const to = DateTime.min(DateTime.fromJSDate(query.to, { zone }), horizon);
  const closed = new Set(availability.closedDates);
  const buffer = availability.bufferMinutes;
  const booked = query.booked.map((b) =>
    Interval.fromDateTimes(DateTime.fromJSDate(b.start).minus({ minutes: buffer }), DateTime.fromJSDate(b.end).plus({ minutes: buffer })),
  );

  const slots: Slot[] = [];
  for (let day = DateTime.max(from, earliest).startOf('day'); day < to; day = day.plus({ days: 1 }).startOf('day')) {
    if (closed.has(day.toISODate()!)) continue;
    const ranges = availability.weekly[WEEKDAYS[day.weekday - 1]];
    for (const range of ranges) {
      const close = minutesOfClock(range.end);
      for (let minutes = minutesOfClock(range.start); minutes + length <= close; minutes += length) {
        const start = wallTime(day, minutes);
        if (!start || start < earliest || start < from || start >= to) continue;
        const end = start.plus({ minutes: length });
        // Across a change of the clocks a range's wall-clock end can come sooner (or later) than its minutes say.
        const rangeEnd = wallTime(day, close) ?? day.set({ hour: Math.floor(close / 60), minute: close % 60 });
        if (end > rangeEnd) continue;
        const slot = Interval.fromDateTimes(start, end);
        if (booked.filter((taken) => taken.overlaps(slot)).length >= availability.capacity) continue;
        slots.push({ start: start.toUTC().toISO()!, local: start.toISO()! });
      }
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}
