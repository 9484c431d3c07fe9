import { DateTime } from 'luxon';
import { WEEKDAYS, type Availability, type MessagingSettings } from '@hap/contracts';

/*
 * Pure rules of the patient's messages (docs/speed-to-lead.md), unit-tested:
 * quiet hours in the clinic's time zone (Luxon) and a template's words.
 */

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Where quiet hours are read when the clinic has not said its zone (no booking availability yet). */
export const DEFAULT_QUIET_ZONE = 'America/New_York';

/**
 * When the quiet hours around `now` end, in the clinic's zone, or null when `now` is outside them (or there
 * are none): the patient's texts (docs/speed-to-lead.md) and the clinic users' alerts (docs/leads.md#delivery)
 * wait until then. Quiet hours may run over midnight (20:00–08:00) or within a day (12:00–13:00); equal ends
 * mean none. The end is the wall-clock time of that day in the zone, placed by Luxon, so a night on which the
 * clocks change still wakes at 08:00. A zone Luxon does not know is read as DEFAULT_QUIET_ZONE.
 */
export function quietUntil(now: Date, zone: string, quiet: MessagingSettings['quietHours'] | null): Date | null {
  if (!quiet) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  let local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid) local = DateTime.fromJSDate(now, { zone: DEFAULT_QUIET_ZONE });
  const minute = local.hour * 60 + local.minute;
  const overMidnight = start > end;
  const inside = overMidnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!inside) return null;
  const endDay = overMidnight && minute >= start ? local.plus({ days: 1 }) : local;
  return endDay.set({ hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 }).toJSDate();
}

/** The first word of a name, as a greeting uses it ('' when there is none). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * A message template with its words filled in. Without a booking link, `{bookingLink}` reads as a way to
 * reach the clinic (its phone, else 'reply to this text'); a word the template lacks is simply not used.
 */
export function renderMessage(template: string, values: { name: string; clinic: string; bookingLink: string | null; clinicPhone: string | null }): string {
  const reach = values.bookingLink ?? (values.clinicPhone ? `call us at ${values.clinicPhone}` : 'reply to this text');
  return template
    .replaceAll('{firstName}', firstName(values.name) || 'there')
    .replaceAll('{clinic}', values.clinic)
    .replaceAll('{bookingLink}', reach)
    .replaceAll('{clinicPhone}', values.clinicPhone ?? '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** Why a follow-up no longer goes (the delivery's note, and the timeline's). */
export const FOLLOW_UP_STOPPED = {
  booked: 'Stopped: the patient booked.',
  replied: 'Stopped: the patient replied.',
  optedOut: 'Stopped: the patient replied STOP.',
  moved: (status: string) => `Stopped: the lead was moved to ${status}.`,
  noStep: 'Stopped: the clinic’s sequence has no such step any more.',
} as const;

/** The reason a status change gives the lead's follow-ups. */
export const followUpStopReason = (status: string) => (status === 'booked' ? FOLLOW_UP_STOPPED.booked : FOLLOW_UP_STOPPED.moved(status));

/**
 * Whether the clinic is open at `now` by its booking hours (docs/booking.md#availability): a weekly range of
 * that weekday in its zone holds the minute, and the day is not closed. A nudge waits for opening hours
 * (docs/speed-to-lead.md#nudges).
 */
export function openAt(availability: Pick<Availability, 'timeZone' | 'weekly' | 'closedDates'>, now: Date): boolean {
  let local = DateTime.fromJSDate(now, { zone: availability.timeZone });
  if (!local.isValid) local = DateTime.fromJSDate(now, { zone: DEFAULT_QUIET_ZONE });
  if (availability.closedDates.includes(local.toISODate() ?? '')) return false;
  const minute = local.hour * 60 + local.minute;
  return availability.weekly[WEEKDAYS[local.weekday - 1]].some((range) => minute >= minutesOf(range.start) && minute < minutesOf(range.end));
}

/** Which reminders a lead still new is due (docs/speed-to-lead.md#nudges), given how long it has waited and what it has had. */
export function nudgesDue(input: { waitedMinutes: number; open: boolean; settings: Pick<MessagingSettings, 'nudgeAfterMinutes' | 'escalateAfterMinutes'>; had: readonly string[] }): Array<'nudge_users' | 'nudge_agency'> {
  if (!input.open) return [];
  const due: Array<'nudge_users' | 'nudge_agency'> = [];
  if (input.waitedMinutes >= input.settings.nudgeAfterMinutes && !input.had.includes('nudge_users')) due.push('nudge_users');
  if (input.waitedMinutes >= input.settings.escalateAfterMinutes && !input.had.includes('nudge_agency')) due.push('nudge_agency');
  return due;
}
