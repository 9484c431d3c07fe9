import { z } from 'zod';
import { PerformanceAccountSchema, dayRange, isoDay } from '../ads/performance';
import { idField } from '../fields';

/**
 * Results: what the money bought, agency-wide or for one
 * clinic over a range of UTC days. Views and visitors come from the page view
 * rollups, leads and their stages from the leads table (by the day each lead
 * arrived; a lead's stage is its status now: contacted counts contacted,
 * booked and won; booked counts booked and won; showed and no-show come from
 * the lead's appointments as the clinic marked them), spend, clicks and
 * impressions from Google Ads as the ads service last read it (null when no
 * clinic account of the range has been read: not configured, not connected,
 * or not read yet; `adsAccounts` says which).
 */

export const ResultsQuerySchema = dayRange(
  z.object({
    clientId: idField('Client id', { fromText: true }).optional(),
    from: isoDay('from'),
    to: isoDay('to'),
  }),
);
export type ResultsQuery = z.output<typeof ResultsQuerySchema>;

export const RESULTS_BREAKDOWNS = ['service', 'variant', 'source', 'campaign'] as const;
export type ResultsBreakdownBy = (typeof RESULTS_BREAKDOWNS)[number];

export const ResultsBreakdownQuerySchema = dayRange(
  z.object({
    by: z.enum(RESULTS_BREAKDOWNS, { error: 'by must be service, variant, source or campaign' }),
    clientId: idField('Client id', { fromText: true }).optional(),
    from: isoDay('from'),
    to: isoDay('to'),
  }),
);
export type ResultsBreakdownQuery = z.output<typeof ResultsBreakdownQuerySchema>;

/** Below this many views a conversion rate is not shown as a number: 'too few visits to tell'. */
export const MIN_VIEWS_FOR_RATE = 100;
export const TOO_FEW_VISITS = 'too few visits to tell';

/**
 * A rate with its 95 % Wilson score interval; `rate` null (and `note` set)
 * when there are fewer than MIN_VIEWS_FOR_RATE views.
 */
export const RateSchema = z.object({
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  note: z.string().nullable(),
});
export type Rate = z.infer<typeof RateSchema>;

/** The 95 % Wilson score interval of `successes` out of `trials` (z = 1.96). */
export function wilsonInterval(successes: number, trials: number, z95 = 1.959964): { low: number; high: number } {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = Math.min(1, Math.max(0, successes / trials));
  const z2 = z95 * z95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const margin = (z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: successes <= 0 ? 0 : Math.max(0, centre - margin), high: successes >= trials ? 1 : Math.min(1, centre + margin) };
}

/** `successes` of `views` as a Rate: a number with its interval from MIN_VIEWS_FOR_RATE views on. */
export function rateOf(successes: number, views: number): Rate {
  if (views < MIN_VIEWS_FOR_RATE) return { rate: null, low: null, high: null, note: TOO_FEW_VISITS };
  const { low, high } = wilsonInterval(Math.min(successes, views), views);
  return { rate: Math.min(successes, views) / views, low, high, note: null };
}

/** Money per outcome: null when there is no spend figure or no outcome to divide by. */
export const costPer = (spend: number | null, count: number | null): number | null => (spend === null || count === null || count === 0 ? null : Math.round((spend / count) * 100) / 100);

/** A share of a whole (clicks of impressions): null when either is unknown or the whole is 0, never a made-up 0. */
export const shareOf = (part: number | null, whole: number | null): number | null => (part === null || whole === null || whole === 0 ? null : part / whole);

/** Google reports a search impression share under 10 % as 0.0999 (docs/results-and-experiments.md#search-impression-share). */
export const UNDER_TEN_PERCENT_SHARE = 0.0999;

/**
 * The search impression share of some days together: their impressions over the impressions Google
 * estimates they were eligible for (each day's impressions divided by its share), over the days that
 * have both; null without one. A day under 10 % counts as 0.0999, so a total under 10 % is an upper bound.
 */
export function searchImpressionShareOf(days: readonly { impressions: number; searchImpressionShare: number | null }[]): number | null {
  let impressions = 0;
  let eligible = 0;
  for (const day of days) {
    if (day.searchImpressionShare === null || day.searchImpressionShare <= 0 || day.impressions <= 0) continue;
    impressions += day.impressions;
    eligible += day.impressions / day.searchImpressionShare;
  }
  return eligible === 0 ? null : Math.min(1, impressions / eligible);
}

export const ResultsMeasuresSchema = z.object({
  views: z.number().int(),
  /** Distinct visitors, summed over days and cells (a visitor seen on two days or pages counts twice). */
  visitors: z.number().int(),
  leads: z.number().int(),
  contacted: z.number().int(),
  booked: z.number().int(),
  won: z.number().int(),
  /** Of those leads, how many came to their booked consultation (an appointment marked showed) and how many did not (no-show only). */
  showed: z.number().int(),
  noShow: z.number().int(),
  /** showed / (showed + noShow): of the consultations marked either way; null while none is. */
  showRate: z.number().nullable(),
  /** US dollars; null: no Google Ads figures for the range. */
  spend: z.number().nullable(),
  clicks: z.number().int().nullable(),
  impressions: z.number().int().nullable(),
  /** Of the leads and bookings, those that came from Google Ads (traffic source paid_google). */
  paidLeads: z.number().int(),
  paidBooked: z.number().int(),
  /** Google's own conversions count (its tag and imports), as reported; null without Google Ads figures. */
  googleConversions: z.number().nullable(),
  /** Clicks per impression; null without impressions. */
  ctr: z.number().nullable(),
  /** Google's search impression share over the range (searchImpressionShareOf); null where Google gives none. */
  searchImpressionShare: z.number().nullable(),
  /** Spend per click (US dollars); null without clicks. */
  averageCpc: z.number().nullable(),
  /** Spend per lead of any source ('all leads'): how the screens label it. */
  costPerLead: z.number().nullable(),
  /** Spend per booking of any source ('all bookings'). */
  costPerBooking: z.number().nullable(),
  /** Spend per Google Ads lead and booking ('paid'): the money and the outcomes it bought. */
  costPerPaidLead: z.number().nullable(),
  costPerPaidBooking: z.number().nullable(),
  /** Spend per consultation attended (showed); null without spend or attendance. */
  costPerAttended: z.number().nullable(),
  /** Leads per view. */
  leadRate: RateSchema,
  /** Bookings (booked or won) per view. */
  bookingRate: RateSchema,
});
export type ResultsMeasures = z.infer<typeof ResultsMeasuresSchema>;

/** One day of the chart: clicks and impressions (and spend) null without Google Ads figures for the range. */
export const ResultsDaySchema = z.object({
  date: z.string(),
  views: z.number().int(),
  leads: z.number().int(),
  spend: z.number().nullable(),
  clicks: z.number().int().nullable(),
  impressions: z.number().int().nullable(),
});

export const ResultsSummarySchema = ResultsMeasuresSchema.extend({
  from: z.string(),
  to: z.string(),
  clientId: z.number().int().nullable(),
  /** Every day of the range, oldest first (days without anything are zeros). */
  series: z.array(ResultsDaySchema),
  /** The clinic accounts whose Google Ads figures the spend stands on, and how each was last read. */
  adsAccounts: z.array(PerformanceAccountSchema),
  /** Why there are no Google Ads figures, when there are none (not configured, not connected, the ads service not answering). */
  adsNote: z.string().nullable(),
});
export type ResultsSummary = z.infer<typeof ResultsSummarySchema>;

export const ResultsBreakdownRowSchema = ResultsMeasuresSchema.extend({
  /** The row's key: a service id, a variant (A, B, C, '-'), a source, a Google Ads campaign id ('' for none). */
  key: z.string(),
  label: z.string(),
  /** The row's clinic when the row is one clinic's (service and campaign rows). */
  clientId: z.number().int().nullable(),
});
export type ResultsBreakdownRow = z.infer<typeof ResultsBreakdownRowSchema>;

export const ResultsBreakdownSchema = z.object({
  by: z.enum(RESULTS_BREAKDOWNS),
  from: z.string(),
  to: z.string(),
  clientId: z.number().int().nullable(),
  rows: z.array(ResultsBreakdownRowSchema),
  adsNote: z.string().nullable(),
});
export type ResultsBreakdown = z.infer<typeof ResultsBreakdownSchema>;
