/**
 * The ads service's port to Google Ads (docs/campaigns.md
 * §6.4): what launches, tests and conversion uploads need, in our words.
 * google-ads-api stays behind the one adapter (google-ads-api.gateway.ts).
 */
import type { MutateOperation } from 'google-ads-api';

/** The account a call acts on, and whose consent it uses. */
export interface AdsAccount {
  /** Digits only. */
  customerId: string;
  /** The manager account (MCC) the agency reaches the clinic's account through, digits only. */
  loginCustomerId: string | null;
  refreshToken: string;
}

export interface AdsPolicyIssue {
  kind: 'violation' | 'finding';
  /** The policy's name (HEALTH_IN_PERSONALIZED_ADS) or the finding's topics. */
  name: string;
  /** The text it is about. */
  violatingText: string | null;
  exemptible: boolean;
  /** What an exemption request sends back (keywords: the violation key). */
  key: { policy_name: string; violating_text: string } | null;
}

/** One of Google's errors, normalised. */
export interface AdsIssue {
  /** The index of the operation it is about (mutate_operations[i]), when it is about one. */
  opIndex: number | null;
  /** e.g. mutate_operations[9].ad_group_ad_operation.create.ad.responsive_search_ad.headlines[0].text */
  path: string;
  /** group:VALUE, e.g. policy_violation_error:POLICY_ERROR, quota_error:RESOURCE_EXHAUSTED. */
  code: string;
  message: string;
  trigger: string | null;
  policy: AdsPolicyIssue | null;
}

/** Google refused the request; nothing of it was applied (mutates are atomic). */
export class AdsRequestRefused extends Error {
  constructor(
    readonly issues: AdsIssue[],
    readonly requestId: string | null,
  ) {
    super(issues.map((i) => i.message).join('; ') || 'Google Ads refused the request');
    this.name = 'AdsRequestRefused';
  }
}

/** Google's quota is spent for now: try again after `delayMs` (its retry_delay). */
export class AdsRetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdsRetryLater';
  }
}

export type AdsOperation = MutateOperation<Record<string, unknown>>;

export interface MutateResult {
  /** The resource name of each operation's result, in order ('' for none, e.g. validate_only). */
  resourceNames: string[];
}

export interface FoundCampaign {
  resourceName: string;
  id: string;
  /** Its ad groups' resource names. */
  adGroups: string[];
}

export interface ClickConversion {
  gclid: string;
  /** The conversion action's id in the account. */
  conversionActionId: string;
  /** yyyy-mm-dd hh:mm:ss+hh:mm (Google requires the offset). */
  conversionDateTime: string;
  /** Our lead id: Google refuses a second upload with the same order id. */
  orderId: string;
  value: number | null;
  currencyCode: string;
}

/** Days YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DayMetrics {
  impressions: number;
  clicks: number;
  /** Millionths of the account's currency. */
  costMicros: number;
  conversions: number;
  conversionValue: number;
}

/** What a search campaign or keyword day adds: Google's search impression share (0.1–1, 0.0999 for under 10 %; null where Google gives none). */
export interface SearchShare {
  searchImpressionShare: number | null;
}

/** One campaign's day (GAQL: FROM campaign, segments.date). */
export interface CampaignDayRow extends DayMetrics, SearchShare {
  date: string;
  campaignId: string;
  campaignName: string;
}

/** One keyword's day (GAQL: FROM keyword_view, segments.date). */
export interface KeywordDayRow extends DayMetrics, SearchShare {
  date: string;
  campaignId: string;
  adGroupId: string;
  adGroupName: string;
  criterionId: string;
  keywordText: string;
  matchType: string;
}

/** What people typed that showed an ad group's ad, by day (GAQL: FROM search_term_view, segments.date). */
export interface SearchTermDayRow extends DayMetrics {
  date: string;
  campaignId: string;
  adGroupId: string;
  searchTerm: string;
}

/** A campaign of the account as it is now (GAQL: FROM campaign, not removed), enums as their names. */
export interface CampaignStateRow {
  campaignId: string;
  status: string;
  servingStatus: string;
  budgetMicros: number;
  /** Google says its budget limits it (primary status reason BUDGET_CONSTRAINED). */
  budgetLimited: boolean;
}

export interface PerformanceReport {
  campaigns: CampaignDayRow[];
  keywords: KeywordDayRow[];
  searchTerms: SearchTermDayRow[];
  /** The account's campaigns now: what the launch log shows beside each launch. */
  states: CampaignStateRow[];
}

/** A campaign as Google reports it (GAQL), enums as their names. */
export interface CampaignState {
  resourceName: string;
  id: string;
  name: string;
  /** ENABLED, PAUSED, REMOVED. */
  status: string;
  servingStatus: string;
  budgetResourceName: string;
  budgetMicros: number;
  ads: Array<{ adId: string; adGroup: string; status: string; approvalStatus: string; reviewStatus: string }>;
}

/** One ad of a campaign: its resource name (customers/{id}/ads/{adId}), its ad group's name, final URLs and responsive search ad texts. */
export interface CampaignAd {
  resourceName: string;
  adId: string;
  adGroupName: string;
  finalUrls: string[];
  /** The responsive search ad's headlines and descriptions, in order (empty for other kinds of ad). */
  headlines: string[];
  descriptions: string[];
}

export interface AdsGateway {
  /** One atomic mutate; `validateOnly`: Google checks it and applies nothing (Test Campaign). */
  mutate(account: AdsAccount, operations: readonly AdsOperation[], options?: { validateOnly?: boolean }): Promise<MutateResult>;
  /** A campaign of that exact name in the account, with its ad groups, or null. */
  findCampaign(account: AdsAccount, name: string): Promise<FoundCampaign | null>;
  /** The id of the account's click-upload conversion action of that name, created when there is none. */
  conversionAction(account: AdsAccount, name: string): Promise<string>;
  /** One click conversion (offline conversion import); refused ones throw AdsRequestRefused. */
  uploadClickConversion(account: AdsAccount, conversion: ClickConversion): Promise<void>;
  /** What the account's campaigns, keywords and search terms did each day of the range (three GAQL reports), and its campaigns' states now (a fourth). */
  performance(account: AdsAccount, range: DayRange): Promise<PerformanceReport>;
  /** A campaign's ads (not removed), by ad id, with their final URLs and texts (one GAQL read): what moves when a page's path changes, what follows a template's texts. */
  campaignAds(account: AdsAccount, campaignId: string): Promise<CampaignAd[]>;
  /** A campaign by id with its budget and its ads' policy review (two GAQL reads), or null when Google has none. */
  campaignState(account: AdsAccount, campaignId: string): Promise<CampaignState | null>;
}

/** A campaign's page in the Google Ads web interface. */
export const googleAdsCampaignUrl = (customerId: string, campaignId: string) =>
  `https://ads.google.com/aw/campaigns?campaignId=${encodeURIComponent(campaignId)}&__c=${encodeURIComponent(customerId)}`;

/** The id at the end of a resource name (customers/1/campaigns/42 → 42). */
export const idOfResource = (resourceName: string) => resourceName.split('/').pop()?.split('~').pop() ?? '';
