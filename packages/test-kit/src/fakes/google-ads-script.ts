/**
 * What the Google Ads fake (google-ads.ts) is told and keeps: the scripts a test posts, the report
 * rows they hold, Google's words for scripted refusals, and a campaign as the fake stores it.
 */
export interface FakeGoogleAdsScript {
  /** Keywords containing `text` violate `policyName`. */
  policyKeywords?: Array<{ text: string; policyName: string; exemptible: boolean }>;
  /** The next N mutates fail with RESOURCE_EXHAUSTED and this retry delay. */
  quota?: { times: number; retrySeconds: number };
  /** The next N mutates are applied and then the connection is dropped without an answer (a crash mid-launch). */
  dropAfterCommit?: number;
  /** The next N campaign searches find nothing (a campaign made by an attempt running at the same time). */
  searchBlind?: number;
  /** The next N click conversions are refused as too recent (Google: try again in about six hours). */
  conversionTooRecent?: number;
  /** What each customer's performance reports answer (rows outside a query's date range are left out). */
  performance?: Record<string, { campaigns?: FakeCampaignDay[]; keywords?: FakeKeywordDay[]; searchTerms?: FakeSearchTermDay[] }>;
  /** Reports of a customer fail: the next `times` with exhausted quota and Google's retry delay, or every one refused. */
  /** Every mutate updating a campaign or a budget is refused with this error (validate_only too, as Google checks it there). */
  refuseUpdates?: { errorCode: Record<string, string>; message: string };
  /** Campaigns (by id) Google says are limited by their budget (campaign.primary_status_reasons BUDGET_CONSTRAINED). */
  budgetLimited?: string[];
  /** What each new ad's policy summary says (default APPROVED, REVIEWED). */
  adPolicy?: { approvalStatus: string; reviewStatus: string };
  reportErrors?: Record<string, { quota: { times: number; retrySeconds: number } } | { refused: 'USER_PERMISSION_DENIED' | 'CUSTOMER_NOT_ENABLED' }>;
}

export interface FakeDayMetrics {
  date: string;
  impressions: number;
  clicks: number;
  costMicros: number;
  conversions: number;
  conversionValue: number;
  /** metrics.search_impression_share (campaign and keyword_view only); left out of the answer when not set, as REST JSON does. */
  searchImpressionShare?: number;
}
export interface FakeCampaignDay extends FakeDayMetrics {
  campaignId: string;
  campaignName: string;
}
export interface FakeKeywordDay extends FakeDayMetrics {
  campaignId: string;
  adGroupId: string;
  adGroupName: string;
  criterionId: string;
  text: string;
  matchType: 'EXACT' | 'PHRASE' | 'BROAD';
}

export interface FakeSearchTermDay extends FakeDayMetrics {
  campaignId: string;
  adGroupId: string;
  searchTerm: string;
}

/** Google's words for the scripted refusals. */
export const REFUSALS = {
  USER_PERMISSION_DENIED:
    "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
  CUSTOMER_NOT_ENABLED: "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
} as const;

export interface FakeCampaign {
  customerId: string;
  id: string;
  resourceName: string;
  name: string;
  status: string;
  budgetMicros: string;
  budgetResourceName: string;
  /** What Google appends to every landing URL of the campaign's ads (ValueTrack parameters resolved at click time). */
  finalUrlSuffix: string | null;
  adGroups: Array<{
    resourceName: string;
    name: string;
    keywords: Array<{ text: string; matchType: string; exempted: boolean }>;
    ads: number;
    exclusions: number;
    /** Each ad's id and policy summary (ad_group_ad.policy_summary). */
    adPolicies?: Array<{ adId: string; approvalStatus: string; reviewStatus: string; finalUrls?: string[]; headlines?: string[]; descriptions?: string[] }>;
  }>;
  assets: number;
  /** Every final URL its ads and assets (sitelinks) were created with, in order. */
  finalUrls: string[];
  /** Its campaign-level negative keywords (campaign_criterion, negative). */
  negatives?: Array<{ resourceName: string; text: string; matchType: string }>;
}

/** Google's request and answer JSON as the fake reads and writes it, untyped. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * What each operation of a mutate changes, as the fake's calls record it: entity.field=value
 * (campaign.status=PAUSED, campaign_budget.amount_micros=50000000, ad_group_criterion.status=PAUSED),
 * a negative keyword added, a resource removed.
 */
export function updatesOf(ops: readonly Json[]): string[] {
  return ops.flatMap((op) => {
    const [kind, value] = Object.entries(op)[0] as [string, Json];
    if (kind === 'campaign_criterion_operation' && value.create?.negative && value.create?.keyword) return [`campaign_criterion.negative_keyword=${String(value.create.keyword?.text)}:${String(value.create.keyword?.match_type)}`];
    if (value.remove) return [`${kind.replace(/_operation$/, '')}.remove=${String(value.remove)}`];
    if (!value.update) return [];
    const entity = kind.replace(/_operation$/, '');
    return Object.entries(value.update as Json)
      .filter(([k]) => k !== 'resource_name')
      .flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Json).map(([k2, v2]) => [`${k}.${k2}`, v2] as const) : [[k, v] as const]))
      .map(([k, v]) => `${entity}.${k}=${Array.isArray(v) ? v.map((x: Json) => (x && typeof x === 'object' ? String(x.text) : String(x))).join('|') : String(v)}`);
  });
}

/** A responsive search ad's texts from a created ad or an ad's update, when it has them. */
export function rsaTextsOf(ad: Json | undefined): { headlines?: string[]; descriptions?: string[] } {
  const rsa: Json | undefined = ad?.responsive_search_ad;
  if (!rsa) return {};
  return { headlines: ((rsa.headlines ?? []) as Json[]).map((h) => String(h.text)), descriptions: ((rsa.descriptions ?? []) as Json[]).map((d) => String(d.text)) };
}

/** `POST /__fake/campaigns`: a campaign that exists already (made outside the test's view), by customer and name, an ad in each of its ad groups. */
export function seededCampaign(body: Json, newId: () => string): FakeCampaign {
  const customer = String(body.customerId);
  const id = newId();
  const made: FakeCampaign = {
    customerId: customer,
    id,
    resourceName: `customers/${customer}/campaigns/${id}`,
    name: String(body.name),
    status: String(body.status ?? 'PAUSED'),
    budgetMicros: String(body.budgetMicros ?? '0'),
    budgetResourceName: `customers/${customer}/campaignBudgets/${newId()}`,
    finalUrlSuffix: null,
    adGroups: [],
    assets: 0,
    finalUrls: [],
  };
  const policy = (body.adPolicy as FakeGoogleAdsScript['adPolicy']) ?? { approvalStatus: 'APPROVED', reviewStatus: 'REVIEWED' };
  for (const group of (body.adGroups as string[] | undefined) ?? []) {
    made.adGroups.push({ resourceName: `customers/${customer}/adGroups/${newId()}`, name: group, keywords: [], ads: 1, exclusions: 0, adPolicies: [{ adId: newId(), ...policy }] });
  }
  return made;
}
