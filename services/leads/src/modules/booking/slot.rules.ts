import { DEFAULT_LENGTH_MINUTES, minutesOfClock, WEEKDAYS, type Availability, type Slot } from '@hap/contracts';
import { DateTime } from 'luxon';

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

/** A start time a day's opening hours offer, before notice, window and bookings: epoch milliseconds and the local ISO text. */
interface Candidate {
  start: number;
  end: number;
  local: string;
}

/**
 * The start times of one day in the clinic's zone: every consultation length from the start of each range that
 * ends within it, in wall-clock time (the Luxon work of the slots). They depend only on the zone, the date, the
 * ranges and the length, so they are kept (CANDIDATE_DAYS days, the oldest dropped first): a listing of 30 days
 * then compares numbers.
 */
const candidateDays = new Map<string, readonly Candidate[]>();
const CANDIDATE_DAYS = 20_000;

function candidatesOf(day: DateTime, ranges: ReadonlyArray<{ start: string; end: string }>, length: number): readonly Candidate[] {
  const key = `${day.zoneName}|${day.toISODate()}|${length}|${ranges.map((range) => `${range.start}-${range.end}`).join(',')}`;
  const kept = candidateDays.get(key);
  if (kept) return kept;
  const candidates: Candidate[] = [];
  // Most days keep one UTC offset from midnight to midnight (Luxon says so): a wall-clock time is then midnight's
  // instant plus its minutes, and its text midnight's with the clock put in, with no zone work per time. A day on
  // which the clocks change takes the slow path below, each time placed by Luxon.
  const midnight = day.toMillis();
  const nextMidnight = day.plus({ days: 1 }).startOf('day');
  if (nextMidnight.toMillis() - midnight === 24 * 60 * 60_000 && nextMidnight.offset === day.offset) {
    const midnightText = day.toISO()!;
    for (const range of ranges) {
      const close = minutesOfClock(range.end);
      for (let minutes = minutesOfClock(range.start); minutes + length <= close; minutes += length) {
        const clock = `T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        candidates.push({ start: midnight + minutes * 60_000, end: midnight + (minutes + length) * 60_000, local: midnightText.replace('T00:00', clock) });
      }
    }
    return keep(key, candidates);
  }
  for (const range of ranges) {
    const close = minutesOfClock(range.end);
    // Across a change of the clocks a range's wall-clock end can come sooner (or later) than its minutes say.
    const rangeEnd = (wallTime(day, close) ?? day.set({ hour: Math.floor(close / 60), minute: close % 60 })).toMillis();
    for (let minutes = minutesOfClock(range.start); minutes + length <= close; minutes += length) {
      const start = wallTime(day, minutes);
      if (!start) continue;
      const end = start.plus({ minutes: length }).toMillis();
      if (end <= rangeEnd) candidates.push({ start: start.toMillis(), end, local: start.toISO()! });
    }
  }
  return keep(key, candidates);
}

function keep(key: string, candidates: readonly Candidate[]): readonly Candidate[] {
  if (candidateDays.size >= CANDIDATE_DAYS) candidateDays.delete(candidateDays.keys().next().value!);
  candidateDays.set(key, candidates);
  return candidates;
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
  const earliestTime = now.plus({ minutes: availability.minNoticeMinutes });
  const earliest = earliestTime.toMillis();
  const horizon = now.startOf('day').plus({ days: availability.horizonDays });
  const from = DateTime.fromJSDate(query.from, { zone });
  const to = DateTime.min(DateTime.fromJSDate(query.to, { zone }), horizon);
  const closed = new Set(availability.closedDates);
  const buffer = availability.bufferMinutes;
  // Each appointment widened by the buffer, as epoch milliseconds in start order: each candidate looks only at
  // those starting within the longest one's length before its end (a binary search), so 500 appointments stay cheap.
  const starts: number[] = [];
  const ends: number[] = [];
  for (const b of [...query.booked].sort((x, y) => x.start.getTime() - y.start.getTime())) {
    starts.push(b.start.getTime() - buffer * 60_000);
    ends.push(b.end.getTime() + buffer * 60_000);
  }
  const longest = ends.reduce((max, end, i) => Math.max(max, end - starts[i]!), 0);
  const seatsTaken = (slotStart: number, slotEnd: number): number => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (starts[mid]! < slotEnd) low = mid + 1;
      else high = mid;
    }
    let overlapping = 0;
    for (let i = low - 1; i >= 0 && starts[i]! > slotStart - longest; i -= 1) if (ends[i]! > slotStart) overlapping += 1;
    return overlapping;
  };

  const slots: Slot[] = [];
  const [fromMs, toMs] = [from.toMillis(), to.toMillis()];
  for (let day = DateTime.max(from, earliestTime).startOf('day'); day < to; day = day.plus({ days: 1 }).startOf('day')) {
    if (closed.has(day.toISODate()!)) continue;
    const ranges = availability.weekly[WEEKDAYS[day.weekday - 1]];
    for (const candidate of candidatesOf(day, ranges, length)) {
      const { start: slotStart, end: slotEnd } = candidate;
      if (slotStart < earliest || slotStart < fromMs || slotStart >= toMs) continue;
      if (seatsTaken(slotStart, slotEnd) >= availability.capacity) continue;
      slots.push({ start: new Date(slotStart).toISOString(), local: candidate.local });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The free slots to offer a patient whose time was just taken (docs/booking.md#calls): the `count` first free
 * slots after `around` within `days`, and when there are fewer (the day fills up from its end), the latest free
 * ones before it, from now on; in time order.
 */
export function nearestSlots(availability: Availability, query: Omit<SlotQuery, 'from' | 'to'> & { around: Date; days: number; count: number }): Slot[] {
  const span = query.days * 24 * 60 * 60 * 1000;
  const from = new Date(Math.max(query.now.getTime(), query.around.getTime() - span));
  const slots = freeSlots(availability, { serviceId: query.serviceId, from, to: new Date(query.around.getTime() + span), now: query.now, booked: query.booked });
  const after = slots.filter((slot) => Date.parse(slot.start) >= query.around.getTime()).slice(0, query.count);
  const before = slots.filter((slot) => Date.parse(slot.start) < query.around.getTime());
  return [...before.slice(Math.max(0, before.length - (query.count - after.length))), ...after];
}
