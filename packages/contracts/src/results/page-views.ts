import { TRAFFIC_SOURCES, type TrafficSource } from './traffic-source';

/**
 * First-party page views (docs/results-and-experiments.md), zod-free: the
 * public shell counts each view in Redis under one field per cell (day,
 * clinic, service, page kind, style variant, source); the leads worker folds
 * the counts into PostgreSQL rollups (leads.page_view_rollups). Both read the
 * cells and the Redis keys from here.
 */

/** The page kinds counted: a clinic's public pages (not /admin, /onboard, redirects or pages not found). */
export const COUNTED_PAGE_KINDS = ['home', 'client-landing', 'service', 'unified', 'thanks'] as const;
export type CountedPageKind = (typeof COUNTED_PAGE_KINDS)[number];

/** A service page's style (A default, B find-a-provider, C urgency); '-' for pages without styles. */
export const PAGE_VARIANTS = ['A', 'B', 'C', '-'] as const;
export type PageVariant = (typeof PAGE_VARIANTS)[number];

/** One rollup cell: what a view is counted under. */
export interface PageViewCell {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  clientId: number;
  /** The service page's client service; null for pages of no one service. */
  serviceId: number | null;
  kind: CountedPageKind;
  variant: PageVariant;
  source: TrafficSource;
  /** The Google Ads campaign id the ad click's landing URL carried (`hap_cid`, set by the launch's final URL suffix); null otherwise. */
  campaignId: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A Google Ads campaign id: digits (Google's are up to 20). */
const CAMPAIGN_ID = /^\d{1,20}$/;

/** The landing URL parameter that carries the Google Ads campaign id (the launch sets the campaign's final URL suffix `hap_cid={campaignid}`). */
export const CAMPAIGN_ID_PARAM = 'hap_cid';

/**
 * The rollups' campaign key of a landing `hap_cid` that is none of its
 * clinic's launched campaigns (a forged or mistyped value): one row,
 * whatever the value, labelled 'Other campaign' (the leads worker's fold).
 */
export const OTHER_CAMPAIGN_KEY = 'other';
export const OTHER_CAMPAIGN_LABEL = 'Other campaign';

/** A `hap_cid` value as a campaign id; anything but digits is no campaign. */
export const campaignIdOf = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim();
  return CAMPAIGN_ID.test(text) ? text : null;
};
const isId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The cell as a Redis hash field: `day|clientId|serviceId (0: none)|kind|variant|source|campaignId ('' : none)`. */
export const cellField = (cell: PageViewCell) => [cell.day, cell.clientId, cell.serviceId ?? 0, cell.kind, cell.variant, cell.source, cell.campaignId ?? ''].join('|');

/** A hash field back as its cell; null for anything this version did not write. */
export function cellOfField(field: string): PageViewCell | null {
  const [day, client, service, kind, variant, source, campaign, ...rest] = field.split('|');
  if (rest.length || campaign === undefined || !(campaign === '' || CAMPAIGN_ID.test(campaign)) || !day || !DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  const clientId = Number(client);
  const serviceId = Number(service);
  if (!isId(clientId) || !(serviceId === 0 || isId(serviceId))) return null;
  if (!(COUNTED_PAGE_KINDS as readonly string[]).includes(kind ?? '')) return null;
  if (!(PAGE_VARIANTS as readonly string[]).includes(variant ?? '')) return null;
  if (!(TRAFFIC_SOURCES as readonly string[]).includes(source ?? '')) return null;
  return { day, clientId, serviceId: serviceId || null, kind: kind as CountedPageKind, variant: variant as PageVariant, source: source as TrafficSource, campaignId: campaign || null };
}

/**
 * A view of an experiment's arm: counted beside the page's own
 * cell, at the experiment's URL only (an explicit style URL is not in the
 * experiment). Folded into leads.experiment_view_rollups.
 */
export interface ExperimentViewCell {
  day: string;
  experimentId: number;
  variant: 'A' | 'B' | 'C';
}

/** An experiment cell as a Redis hash field: `x|day|experimentId|variant` (never a page cell: those start with a day). */
export const experimentCellField = (cell: ExperimentViewCell) => ['x', cell.day, cell.experimentId, cell.variant].join('|');

/** An experiment cell's field back as its cell; null for anything else. */
export function experimentCellOfField(field: string): ExperimentViewCell | null {
  const [marker, day, id, variant, ...rest] = field.split('|');
  if (marker !== 'x' || rest.length || !day || !DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  const experimentId = Number(id);
  if (!isId(experimentId) || experimentId > 2147483647 || !(variant === 'A' || variant === 'B' || variant === 'C')) return null;
  return { day, experimentId, variant };
}

/**
 * The Redis keys of page views under a prefix (the stack's REDIS_PREFIX):
 * - `live`: a hash of view counts by cell field, incremented by the shell;
 * - `folding(id)`: `live` renamed by a fold, until its counts are in PostgreSQL;
 * - `visitors(field)`: a HyperLogLog of the cell's visitor hashes (kept 3 days);
 * - `touched`: a set of the cells whose visitors changed since the last fold (renamed like `live`);
 * - `salt(day)`: the day's random salt of the visitor hash, kept 2 days and never written anywhere else.
 */
export function pageViewKeys(prefix: string) {
  const base = `${prefix}:pv`;
  return {
    live: `${base}:live`,
    folding: (id: string) => `${base}:fold:${id}`,
    foldingPattern: `${base}:fold:*`,
    visitors: (field: string) => `${base}:uv:${field}`,
    touched: `${base}:touched`,
    touchedFolding: (id: string) => `${base}:touchedfold:${id}`,
    touchedFoldingPattern: `${base}:touchedfold:*`,
    salt: (day: string) => `${base}:salt:${day}`,
  };
}

/** How long a day's visitor sets and salt are kept: a fold reads yesterday's cells for a day after midnight. */
export const VISITOR_KEY_TTL_SECONDS = 3 * 24 * 3600;
export const SALT_TTL_SECONDS = 2 * 24 * 3600;
