/**
 * Where a visit came from, zod-free: the public shell
 * classifies each page view with it and the leads service each lead's touch,
 * so views and leads are divided by the same rule. From the landing URL's
 * click ids and `utm_source`/`utm_medium`, else the referrer's host class.
 */

export const TRAFFIC_SOURCES = ['paid_google', 'paid_social', 'organic_search', 'referral', 'direct'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/** The words screens show for each source. */
export const TRAFFIC_SOURCE_LABELS: Record<TrafficSource, string> = {
  paid_google: 'Google Ads',
  paid_social: 'Paid social',
  organic_search: 'Organic search',
  referral: 'Referral',
  direct: 'Direct',
};

/** What a visit tells about its origin: a Touch's fields (leads/touch.ts) or a page request's. */
export interface VisitOrigin {
  utmSource?: string | null;
  utmMedium?: string | null;
  gclid?: string | null;
  gbraid?: string | null;
  wbraid?: string | null;
  fbclid?: string | null;
  /** Another site's address the visitor came from (not our own page). */
  referrer?: string | null;
  /** The landing URL's Google Ads campaign id (`hap_cid`): not a source, the campaign within paid_google. */
  campaignId?: string | null;
}

/** `utm_medium` values that mean a paid click (Google's and Meta's own vocabularies). */
const PAID_MEDIUMS = new Set(['cpc', 'ppc', 'paid', 'paidsearch', 'paid_search', 'paid-search', 'cpm', 'cpv', 'display', 'paid_social', 'paidsocial', 'paid-social', 'social_paid', 'ads']);
const GOOGLE_SOURCES = new Set(['google', 'adwords', 'googleads', 'google_ads', 'google-ads']);
const SOCIAL_SOURCES = new Set(['facebook', 'fb', 'instagram', 'ig', 'meta', 'tiktok', 'linkedin', 'twitter', 'x', 'pinterest', 'snapchat', 'reddit', 'youtube']);
/** Search engines by a label of their host (google.com, www.google.co.uk, search.yahoo.com, duckduckgo.com, …). */
const SEARCH_ENGINES = new Set(['google', 'bing', 'yahoo', 'duckduckgo', 'ecosia', 'baidu', 'yandex', 'brave', 'startpage', 'qwant', 'aol', 'ask']);

const word = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
const present = (value: string | null | undefined) => word(value) !== '';

/** The host's labels without `www.` and the public suffix's usual parts, e.g. `www.google.co.uk` → ['google', 'co', 'uk']. */
function hostLabels(referrer: string): string[] | null {
  try {
    return new URL(referrer).hostname.toLowerCase().replace(/^www\./, '').split('.');
  } catch {
    return null;
  }
}

/**
 * The visit's source. Click ids win (gclid/gbraid/wbraid: Google Ads;
 * fbclid with a paid medium: paid social), then `utm_medium`/`utm_source`,
 * then the referrer: a search engine's host is organic search, a social
 * network's is referral (an unpaid share), any other site is referral; no
 * referrer is direct.
 */
export function trafficSourceOf(origin: VisitOrigin): TrafficSource {
  if (present(origin.gclid) || present(origin.gbraid) || present(origin.wbraid)) return 'paid_google';
  const medium = word(origin.utmMedium);
  const source = word(origin.utmSource);
  const paid = PAID_MEDIUMS.has(medium);
  if (paid && GOOGLE_SOURCES.has(source)) return 'paid_google';
  if (paid && (SOCIAL_SOURCES.has(source) || present(origin.fbclid))) return 'paid_social';
  if (medium === 'organic') return 'organic_search';
  if (paid) return 'referral';
  const labels = origin.referrer ? hostLabels(origin.referrer) : null;
  if (labels && labels.length > 1) {
    // google.com, google.co.uk, search.yahoo.com, duckduckgo.com: a search engine's name is one of the first labels.
    if (labels.slice(0, -1).some((label) => SEARCH_ENGINES.has(label))) return 'organic_search';
    return 'referral';
  }
  // A tagged link with no paid medium (a newsletter, a partner's page) came from somewhere: referral.
  if (present(origin.utmSource) || present(origin.fbclid)) return 'referral';
  return 'direct';
}

