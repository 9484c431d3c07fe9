import { splitByMonths } from '../../src/modules/results/results.repository';

describe('a range of days as whole months and edge days (results over long ranges)', () => {
  it.each([
    // A year ending mid-month: Dec 2025 … Oct 2026 whole; the edges are Nov 28–30 2025 and Nov 1–27 2026.
    ['2025-11-28', '2026-11-27', { monthsFrom: '2025-12-01', monthsTo: '2026-11-01' }],
    // Whole months exactly.
    ['2026-01-01', '2026-03-31', { monthsFrom: '2026-01-01', monthsTo: '2026-04-01' }],
    // February of a leap year, to its last day.
    ['2028-02-01', '2028-02-29', { monthsFrom: '2028-02-01', monthsTo: '2028-03-01' }],
    // Across a year's end.
    ['2025-12-15', '2026-02-10', { monthsFrom: '2026-01-01', monthsTo: '2026-02-01' }],
    // No whole month: both at the day after `to`, the edges are the whole range.
    ['2026-11-03', '2026-11-27', { monthsFrom: '2026-11-28', monthsTo: '2026-11-28' }],
    ['2026-10-20', '2026-11-10', { monthsFrom: '2026-11-11', monthsTo: '2026-11-11' }],
    ['2026-11-27', '2026-11-27', { monthsFrom: '2026-11-28', monthsTo: '2026-11-28' }],
  ])('%s … %s', (from, to, split) => {
    expect(splitByMonths(from, to)).toEqual(split);
  });
});
