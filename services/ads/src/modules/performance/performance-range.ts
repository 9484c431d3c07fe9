import type { DayRange } from '../../google-ads/ads-gateway';

/** The hourly read: the last three days, Google's numbers for recent days still moving (late conversions, invalid clicks). */
export const HOURLY_DAYS = 3;
/** What connecting Google Ads reads first. */
export const BACKFILL_DAYS = 30;
/** The hourly read's schedule (one across all ads workers: a BullMQ job scheduler, by this id). */
export const HOURLY_SCHEDULER_ID = 'performance-hourly';
export const HOURLY_EVERY_MS = 60 * 60 * 1000;

const DAY_MS = 86_400_000;
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now: Date = new Date()): DayRange {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}
