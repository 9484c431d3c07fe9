/**
 * The picker's free times as a patient reads them (docs/booking.md#pages), pure
 * and zod-free: the browser's picker and the server share it. Each slot comes
 * with its instant (UTC) and the same instant in the clinic's zone with its
 * offset (`local`, computed by the leads service with Luxon): days and times
 * are read off `local` as given, so no offset is ever computed here and the
 * server's and the browser's markup agree whatever their time zones.
 */

/** A free start time as the slots answer carries it (contracts SlotSchema). */
export interface PickerSlot {
  start: string;
  local: string;
}

export interface PickerDay {
  /** YYYY-MM-DD in the clinic's zone. */
  date: string;
  /** 'Tue, Mar 3'. */
  label: string;
  times: Array<PickerSlot & { label: string }>;
}

/** How many days with free times the picker shows at once. */
export const PICKER_DAYS = 5;
/** How far ahead the pages ask for free times (within the 62 days a call may ask). */
export const PICKER_WINDOW_DAYS = 21;

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** 'Tue, Mar 3' of a calendar date (the weekday of a date, not of an instant: no zone involved). */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAY_NAMES[weekday]}, ${MONTH_NAMES[month - 1]} ${day}`;
}

/** '10:30 AM' of a wall-clock time 'HH:mm'. */
export function timeLabel(clock: string): string {
  const hours = Number(clock.slice(0, 2));
  const minutes = clock.slice(3, 5);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Tue, Mar 3 at 10:30 AM' of a slot's `local`; the text itself when it is not one. */
export function slotLabel(local: string): string {
  const match = LOCAL.exec(local);
  if (!match) return local;
  return `${dayLabel(`${match[1]}-${match[2]}-${match[3]}`)} at ${timeLabel(`${match[4]}:${match[5]}`)}`;
}

/** The slots by day in the clinic's zone, in order, the first `days` days that have any. */
export function pickerDays(slots: readonly PickerSlot[], days = PICKER_DAYS): PickerDay[] {
  const byDate = new Map<string, PickerDay>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const match = LOCAL.exec(slot.local);
    if (!match) continue;
    const date = `${match[1]}-${match[2]}-${match[3]}`;
    let day = byDate.get(date);
    if (!day) {
      if (byDate.size >= days) break;
      day = { date, label: dayLabel(date), times: [] };
      byDate.set(date, day);
    }
    day.times.push({ start: slot.start, local: slot.local, label: timeLabel(`${match[4]}:${match[5]}`) });
  }
  return [...byDate.values()];
}

/** The window of free times a page asks for: from now, PICKER_WINDOW_DAYS ahead. */
export function pickerWindow(now: Date): { from: string; to: string } {
  return { from: now.toISOString(), to: new Date(now.getTime() + PICKER_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString() };
}

/** The slots the picker keeps: those of its first days (the page's state carries no more than it shows). */
export const shownSlots = (slots: readonly PickerSlot[], days = PICKER_DAYS): PickerSlot[] =>
  pickerDays(slots, days).flatMap((day) => day.times.map(({ start, local }) => ({ start, local })));

/**
 * An instant's wall-clock time in `timeZone` as 'YYYY-MM-DDTHH:mm' (the zone's rules by the
 * platform's Intl, never an offset computed here): an appointment's answer has its instant and the
 * clinic's zone, not a `local`. Numeric parts only, so the server's and the browser's agree.
 */
export function localClockOf(instant: string, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(instant));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
  } catch {
    return instant;
  }
}

/** 'New York' of 'America/New_York': how the picker names the clinic's zone. */
export const zoneName = (timeZone: string): string => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
