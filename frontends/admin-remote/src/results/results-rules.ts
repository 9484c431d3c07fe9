import { csvRow, TOO_FEW_VISITS, type Rate, type ResultsBreakdownRow, type ResultsMeasures } from '@hap/contracts';

/**
 * The Results screen's pure rules: the range the screen
 * asks for, the period it compares with, deltas, the words of numbers, and
 * the CSV export.
 */

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayAt = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The `days` days ending with `today` (UTC), today included. */
export const lastDays = (days: number, today: string): DayRange => ({ from: dayOf(dayAt(today) - (days - 1) * DAY_MS), to: today });

/** How many days a range covers. */
export const daysIn = (range: DayRange) => Math.round((dayAt(range.to) - dayAt(range.from)) / DAY_MS) + 1;

/** The period of the same length just before (what the tiles compare with). */
export function previousPeriod(range: DayRange): DayRange {
  const length = daysIn(range);
  return { from: dayOf(dayAt(range.from) - length * DAY_MS), to: dayOf(dayAt(range.from) - DAY_MS) };
}

/** The change from `before` to `now` in words ('+25%', '−10%', 'new', 'no change'); null when neither is known. */
export function deltaOf(now: number | null, before: number | null): string | null {
  if (now === null || before === null) return null;
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const change = Math.round(((now - before) / before) * 100);
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}%`;
}

const whole = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCount = (n: number | null) => (n === null ? '—' : whole.format(n));
export const formatMoney = (n: number | null) => (n === null ? '—' : money.format(n));
const percent = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;

/** A share of a whole ('75%'), or '—' when there is nothing to divide. */
export const formatShare = (share: number | null) => (share === null ? '—' : percent(share));

/** A rate with its interval ('2.2% (0.9%–5.0%)'), or why there is none. */
export function formatRate(rate: Rate): string {
  if (rate.rate === null || rate.low === null || rate.high === null) return rate.note ?? TOO_FEW_VISITS;
  return `${percent(rate.rate)} (${percent(rate.low)}–${percent(rate.high)})`;
}


const MEASURE_COLUMNS: Array<[string, (m: ResultsMeasures) => string | number | null]> = [
  ['Visits', (m) => m.views],
  ['Visitors', (m) => m.visitors],
  ['Leads', (m) => m.leads],
  ['Contacted', (m) => m.contacted],
  ['Booked', (m) => m.booked],
  ['Won', (m) => m.won],
  ['Spend (USD)', (m) => m.spend],
  ['Clicks', (m) => m.clicks],
  ['Impressions', (m) => m.impressions],
  ['Cost per lead (USD)', (m) => m.costPerLead],
  ['Cost per booking (USD)', (m) => m.costPerBooking],
  ['Showed', (m) => m.showed],
  ['No-show', (m) => m.noShow],
  ['Show rate', (m) => m.showRate],
  ['Cost per attended (USD)', (m) => m.costPerAttended],
  ['Lead rate', (m) => m.leadRate.rate],
  ['Lead rate low (95%)', (m) => m.leadRate.low],
  ['Lead rate high (95%)', (m) => m.leadRate.high],
];

/** A breakdown as CSV: a header and a row per line, the range in the first columns. */
export function breakdownCsv(dimension: string, range: DayRange, rows: readonly ResultsBreakdownRow[]): string {
  const header = ['From', 'To', dimension, ...MEASURE_COLUMNS.map(([name]) => name)];
  const lines = rows.map((row) => [range.from, range.to, row.label, ...MEASURE_COLUMNS.map(([, read]) => read(row))]);
  return [header, ...lines].map(csvRow).join('');
}

/** Minutes as a front desk reads them: '45 s', '12 min', '3 h 5 min'; '—' when nothing was contacted. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
