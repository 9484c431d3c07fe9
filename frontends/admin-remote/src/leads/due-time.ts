import { DateTime } from 'luxon';

/**
 * A task's due time in the clinic's zone (docs/leads.md#tasks), by luxon: shown as the clinic reads it, and typed
 * as a date and a time there, sent as an instant with its offset.
 */
export function formatDue(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toLocaleString({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** `2026-12-05` + `10:00` in `zone` → `2026-12-05T10:00:00.000-05:00`; null when it is no time. */
export function dueFromInputs(date: string, time: string, zone: string): string | null {
  const due = DateTime.fromISO(`${date}T${time}`, { zone });
  return due.isValid ? due.toISO() : null;
}

/** The form's first suggestion: tomorrow at 10 am in the clinic's zone. */
export function tomorrowAtTen(zone: string): { date: string; time: string } {
  const due = DateTime.now().setZone(zone).plus({ days: 1 });
  return { date: due.toISODate() ?? '', time: '10:00' };
}
