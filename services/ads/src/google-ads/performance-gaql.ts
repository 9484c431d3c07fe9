/**
 * Google Ads performance as GAQL, pure: the two reports
 * the ads worker reads for a clinic account and a day range, and how their
 * rows (google-ads-api's GoogleAdsRow objects) read as our day rows. Google
 * answers int64 metrics as strings (REST JSON) and enums as names there, as
 * numbers when decoded from protobuf: both are read.
 */
import type { CampaignDayRow, DayRange, KeywordDayRow, SearchTermDayRow } from './ads-gateway';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Google's performance metrics of a row (cost in micros of the account's currency). */
const METRICS = ['metrics.impressions', 'metrics.clicks', 'metrics.cost_micros', 'metrics.conversions', 'metrics.conversions_value'];

/**
 * Search impression share: selectable from campaign and keyword_view, not from search_term_view
 * (Google refuses the query there).
 */
const SHARE = 'metrics.search_impression_share';

/** segments.date within the range, both ends included; a day that is not YYYY-MM-DD never reaches a query. */
function during(range: DayRange): string {
  for (const day of [range.from, range.to]) if (!DAY.test(day)) throw new RangeError(`Not a day: ${day}`);
  if (range.from > range.to) throw new RangeError(`${range.from} is after ${range.to}`);
  return `segments.date BETWEEN '${range.from}' AND '${range.to}'`;
}

/** Campaigns by day, keywords (keyword_view: ad group criteria) by day and search terms (search_term_view) by day, over a bounded range. */
export function performanceQueries(range: DayRange): { campaigns: string; keywords: string; searchTerms: string } {
  const where = during(range);
  return {
    searchTerms: `SELECT campaign.id, ad_group.id, search_term_view.search_term, segments.date, ${METRICS.join(', ')} FROM search_term_view WHERE ${where}`,
    campaigns: `SELECT campaign.id, campaign.name, segments.date, ${METRICS.join(', ')}, ${SHARE} FROM campaign WHERE ${where}`,
    keywords:
      `SELECT campaign.id, ad_group.id, ad_group.name, ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ` +
      `ad_group_criterion.keyword.match_type, segments.date, ${METRICS.join(', ')}, ${SHARE} FROM keyword_view WHERE ${where}`,
  };
}

/** An int64 as Google sends it (string, number or Long) as a whole number; micros stay micros. */
export function wholeNumber(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = Number(typeof value === 'object' ? String(value) : value);
  if (!Number.isFinite(n)) return 0;
  return Math.round(n);
}

/** A double metric (conversions can be fractional under data-driven attribution). */
export function amount(value: unknown): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Search impression share as Google reports it (0.1 to 1; 0.0999 stands for under 10 %), null where it
 * gives none: absent (REST leaves it out), a network without one, or a value outside 0–1.
 */
export function impressionShare(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 && n <= 1 ? n : null;
}

/** Micros (millionths of the account's currency) as currency units: 33 500 000 → 33.5. */
export const fromMicros = (micros: number) => micros / 1_000_000;

/** KeywordMatchType by number (protobuf) or name (REST). */
const MATCH_TYPE_NAMES: Readonly<Record<number, string>> = { 0: 'UNSPECIFIED', 1: 'UNKNOWN', 2: 'EXACT', 3: 'PHRASE', 4: 'BROAD' };
export const matchTypeName = (value: unknown): string =>
  typeof value === 'number' ? (MATCH_TYPE_NAMES[value] ?? 'UNKNOWN') : typeof value === 'string' && value ? value : 'UNKNOWN';

type Row = Record<string, Record<string, unknown> | undefined>;
const idOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function metricsOf(row: Row) {
  const m = row.metrics ?? {};
  return {
    impressions: wholeNumber(m.impressions),
    clicks: wholeNumber(m.clicks),
    costMicros: wholeNumber(m.cost_micros),
    conversions: amount(m.conversions),
    conversionValue: amount(m.conversions_value),
  };
}

export function campaignDayOf(row: Row): CampaignDayRow {
  return {
    date: String(row.segments?.date ?? ''),
    campaignId: idOf(row.campaign?.id),
    campaignName: String(row.campaign?.name ?? ''),
    ...metricsOf(row),
    searchImpressionShare: impressionShare(row.metrics?.search_impression_share),
  };
}

export function keywordDayOf(row: Row): KeywordDayRow {
  const criterion = row.ad_group_criterion ?? {};
  const keyword = (criterion.keyword ?? {}) as Record<string, unknown>;
  return {
    date: String(row.segments?.date ?? ''),
    campaignId: idOf(row.campaign?.id),
    adGroupId: idOf(row.ad_group?.id),
    adGroupName: String(row.ad_group?.name ?? ''),
    criterionId: idOf(criterion.criterion_id),
    keywordText: String(keyword.text ?? ''),
    matchType: matchTypeName(keyword.match_type),
    ...metricsOf(row),
    searchImpressionShare: impressionShare(row.metrics?.search_impression_share),
  };
}

export function searchTermDayOf(row: Row): SearchTermDayRow {
  return {
    date: String(row.segments?.date ?? ''),
    campaignId: idOf(row.campaign?.id),
    adGroupId: idOf(row.ad_group?.id),
    searchTerm: String(row.search_term_view?.search_term ?? ''),
    ...metricsOf(row),
  };
}

/** The account's campaigns as they are now (no date: a state, not a metric). */
export const CAMPAIGN_STATES_QUERY =
  "SELECT campaign.id, campaign.status, campaign.serving_status, campaign.primary_status_reasons, campaign_budget.amount_micros FROM campaign WHERE campaign.status != 'REMOVED'";
