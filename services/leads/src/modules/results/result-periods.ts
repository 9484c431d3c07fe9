import { DateTime } from 'luxon';

/** A range of UTC days as the periods of the result cells that add up to it exactly (migration ResultCells). */
export interface Periods {
  /** First days of the whole calendar months inside the range. */
  months: string[];
  /** Mondays of the whole ISO weeks inside what the months leave. */
  weeks: string[];
  /** The days left over. */
  days: string[];
}

const iso = (d: DateTime) => d.toISODate()!;

/** Whole weeks of [start, end) (end exclusive) and the days around them. */
function weeksAndDays(start: DateTime, end: DateTime, into: Periods): void {
  let week = start.weekday === 1 ? start : start.startOf('week').plus({ weeks: 1 });
  const firstWeek = week;
  while (week.plus({ weeks: 1 }) <= end) {
    into.weeks.push(iso(week));
    week = week.plus({ weeks: 1 });
  }
  const [daysBefore, daysAfter] = firstWeek < week ? [firstWeek, week] : [end, end];
  for (let day = start; day < daysBefore; day = day.plus({ days: 1 })) into.days.push(iso(day));
  for (let day = daysAfter; day < end; day = day.plus({ days: 1 })) into.days.push(iso(day));
}

/**
 * `from` … `to` (inclusive) as whole months, then whole ISO weeks of the edges
 * the months leave, then the days left: a year reads about 12 + 8 + 12 cells
 * a key instead of 365, and 30 days about 4 + 9 (Luxon's calendar, in UTC).
 */
export function periodsOf(from: string, to: string): Periods {
  const start = DateTime.fromISO(from, { zone: 'utc' });
  const end = DateTime.fromISO(to, { zone: 'utc' }).plus({ days: 1 });
  const periods: Periods = { months: [], weeks: [], days: [] };
  let month = start.day === 1 ? start : start.startOf('month').plus({ months: 1 });
  const firstMonth = month;
  while (month.plus({ months: 1 }) <= end) {
    periods.months.push(iso(month));
    month = month.plus({ months: 1 });
  }
  const [monthsFrom, monthsTo] = firstMonth < month ? [firstMonth, month] : [end, end];
  weeksAndDays(start, monthsFrom, periods);
  weeksAndDays(monthsTo, end, periods);
  return periods;
}
