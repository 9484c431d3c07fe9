import { DateTime } from 'luxon';
import { periodsOf } from '../../src/modules/results/result-periods';

/** Every day of a range, as the periods would add them up (Luxon's calendar). */
function daysCovered({ months, weeks, days }: ReturnType<typeof periodsOf>): string[] {
  const out: string[] = [...days];
  const add = (start: string, count: number) => {
    for (let i = 0; i < count; i++) out.push(DateTime.fromISO(start, { zone: 'utc' }).plus({ days: i }).toISODate()!);
  };
  for (const week of weeks) add(week, 7);
  for (const month of months) add(month, DateTime.fromISO(month, { zone: 'utc' }).daysInMonth!);
  return out.sort();
}

describe('a range of days as whole months, whole weeks and days (results over long ranges)', () => {
  it('a year ending mid-month: eleven whole months, the edges in weeks and days', () => {
    const periods = periodsOf('2025-11-28', '2026-11-27');
    expect(periods.months).toEqual(['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01']);
    // Nov 28–30 2025: a Friday to a Sunday, no whole week; Nov 1–27 2026: Mondays 2, 9 and 16 start whole weeks.
    expect(periods.weeks).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(periods.days).toEqual(['2025-11-28', '2025-11-29', '2025-11-30', '2026-11-01', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
  });

  it.each([
    ['whole months exactly', '2026-01-01', '2026-03-31'],
    ['February of a leap year', '2028-02-01', '2028-02-29'],
    ['across a year’s end', '2025-12-15', '2026-02-10'],
    ['thirty days, no whole month', '2026-11-05', '2026-12-04'],
    ['three weeks inside a month', '2026-10-20', '2026-11-10'],
    ['one day', '2026-11-27', '2026-11-27'],
    ['a week from a Monday', '2026-11-02', '2026-11-08'],
    ['366 days', '2027-12-05', '2028-12-04'],
  ])('%s: every day once, no other (%s … %s)', (_what, from, to) => {
    const expected: string[] = [];
    for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) expected.push(new Date(at).toISOString().slice(0, 10));
    expect(daysCovered(periodsOf(from, to))).toEqual(expected);
  });

  it('thirty days read about thirteen cells a key, not thirty', () => {
    const { months, weeks, days } = periodsOf('2026-11-05', '2026-12-04');
    expect(months).toEqual([]);
    expect(weeks.length + days.length).toBeLessThanOrEqual(14);
  });
});
