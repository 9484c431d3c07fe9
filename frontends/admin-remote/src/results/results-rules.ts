import { csvRow, TOO_FEW_VISITS, type Rate, type ResultsBreakdownBy, type ResultsBreakdownRow, type ResultsMeasures } from '@hap/contracts';

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

/** Google's search impression share ('64%'; '< 10%' under 10 %, as Google reports it), or '—' where it gives none. */
export const formatImpressionShare = (share: number | null) => (share === null ? '—' : share < 0.1 ? '< 10%' : percent(share));

/** A rate with its interval ('2.2% (0.9%–5.0%)'), or why there is none. */
export function formatRate(rate: Rate): string {
  if (rate.rate === null || rate.low === null || rate.high === null) return rate.note ?? TOO_FEW_VISITS;
  return `${percent(rate.rate)} (${percent(rate.low)}–${percent(rate.high)})`;
}

/** Dollars per click to the cent ('$0.63'), or '—'. */
const formatCpc = formatMoney;

/**
 * A figure the tiles and the table show: its label, its value and how it reads. Cost per lead and
 * per booking are always labelled 'paid' (Google Ads leads only) or 'all leads' (docs/results-and-experiments.md#the-results-screen).
 */
export interface Measure {
  label: string;
  value: (m: ResultsMeasures) => number | null;
  format: (n: number | null) => string;
}

const measure = (label: string, value: Measure['value'], format: Measure['format']): Measure => ({ label, value, format });
export const MEASURES = {
  visits: measure('Visits', (m) => m.views, formatCount),
  leads: measure('Leads', (m) => m.leads, formatCount),
  booked: measure('Booked', (m) => m.booked, formatCount),
  paidLeads: measure('Google Ads leads', (m) => m.paidLeads, formatCount),
  paidBooked: measure('Google Ads bookings', (m) => m.paidBooked, formatCount),
  spend: measure('Spend', (m) => m.spend, formatMoney),
  impressions: measure('Impressions', (m) => m.impressions, formatCount),
  clicks: measure('Clicks', (m) => m.clicks, formatCount),
  ctr: measure('CTR', (m) => m.ctr, (n) => formatShare(n)),
  searchImpressionShare: measure('Search impr. share', (m) => m.searchImpressionShare, formatImpressionShare),
  averageCpc: measure('Avg. CPC', (m) => m.averageCpc, formatCpc),
  googleConversions: measure('Google conversions', (m) => m.googleConversions, (n) => (n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: 2 }))),
  costPerPaidLead: measure('Cost per lead (paid)', (m) => m.costPerPaidLead, formatMoney),
  costPerLead: measure('Cost per lead (all leads)', (m) => m.costPerLead, formatMoney),
  costPerPaidBooking: measure('Cost per booking (paid)', (m) => m.costPerPaidBooking, formatMoney),
  costPerBooking: measure('Cost per booking (all bookings)', (m) => m.costPerBooking, formatMoney),
  showRate: measure('Show rate', (m) => m.showRate, formatShare),
  costPerAttended: measure('Cost per attended', (m) => m.costPerAttended, formatMoney),
} satisfies Record<string, Measure>;

/** The totals' tiles, in order. */
export const TILE_MEASURES: readonly Measure[] = [
  MEASURES.visits,
  MEASURES.leads,
  MEASURES.booked,
  MEASURES.spend,
  MEASURES.clicks,
  MEASURES.ctr,
  MEASURES.averageCpc,
  MEASURES.costPerPaidLead,
  MEASURES.costPerLead,
  MEASURES.costPerPaidBooking,
  MEASURES.costPerBooking,
  MEASURES.showRate,
  MEASURES.costPerAttended,
];

/** The table's figures for a breakdown: a campaign's are its ads' (what it bought, at what price); the others' are the funnel's. */
export function breakdownMeasures(by: ResultsBreakdownBy): readonly Measure[] {
  if (by === 'campaign') {
    return [MEASURES.impressions, MEASURES.clicks, MEASURES.ctr, MEASURES.searchImpressionShare, MEASURES.averageCpc, MEASURES.spend, MEASURES.paidLeads, MEASURES.costPerPaidLead, MEASURES.paidBooked, MEASURES.costPerPaidBooking, MEASURES.googleConversions, MEASURES.visits];
  }
  return [MEASURES.visits, MEASURES.leads, MEASURES.booked, MEASURES.spend, MEASURES.costPerLead, MEASURES.costPerBooking, MEASURES.showRate, MEASURES.costPerAttended];
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
  ['CTR', (m) => m.ctr],
  ['Search impression share', (m) => m.searchImpressionShare],
  ['Avg. CPC (USD)', (m) => m.averageCpc],
  ['Google conversions', (m) => m.googleConversions],
  ['Google Ads leads', (m) => m.paidLeads],
  ['Google Ads bookings', (m) => m.paidBooked],
  ['Cost per paid lead (USD)', (m) => m.costPerPaidLead],
  ['Cost per lead of any source (USD)', (m) => m.costPerLead],
  ['Cost per paid booking (USD)', (m) => m.costPerPaidBooking],
  ['Cost per booking of any source (USD)', (m) => m.costPerBooking],
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
