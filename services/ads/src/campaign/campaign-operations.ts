/**
 * One atomic Google Ads mutate that builds a whole Search campaign (docs/campaigns.md): the budget, a paused campaign on
 * Google Search only with Maximize Conversions and the EU political
 * advertising declaration, a radius around the clinic, ad groups with their
 * keywords and responsive search ads, demographic exclusions per ad group,
 * and sitelink, callout and call assets. Pure: the launch worker sends what
 * this returns; tests check it with the library's own request verification.
 */
import { AGE_RANGES, AD_LIMITS, FINAL_URL_SUFFIX, GENDERS, INCOME_RANGES, type DemographicExclusions, type KeywordMatchType } from '@hap/contracts';
import { enums, ResourceNames, toMicros, type MutateOperation } from 'google-ads-api';
import type { PostalAddress } from './clinic-address';
import { customerIdDigits } from './customer-id';
import { rsaTextAssets, usableTexts as usable } from './ad-texts';

export { customerIdDigits };

export interface LaunchAdGroup {
  name: string;
  keywordType: KeywordMatchType;
  keywords: string[];
  ads: Array<{ headlines: string[]; descriptions: string[] }>;
}

export interface LaunchSpec {
  /** Digits only (123-456-7890 → 1234567890). */
  customerId: string;
  campaignName: string;
  dailyBudgetDollars: number;
  radiusMiles: number;
  address: PostalAddress;
  finalUrl: string;
  /** The ad's display path parts (at most 15 characters each). */
  displayPath: [string?, string?];
  adGroups: LaunchAdGroup[];
  sitelinks: Array<{ text: string; description1: string; description2: string; finalUrl: string }>;
  callouts: string[];
  /** Ten digits, or null for no call asset. */
  phoneDigits: string | null;
  exclusions: DemographicExclusions;
  /** docs/admin.md#fixed-figures: Maximize Conversions unless the builder chose Maximize Clicks. */
  bidStrategy?: 'MAXIMIZE_CONVERSIONS' | 'MAXIMIZE_CLICKS';
  /** Also on Google's search partners (the builder's network setting); default Google Search only. */
  searchPartners?: boolean;
}

/** Where each operation came from, so Google's answer (by operation index) can name the ad group or keyword. */
export interface OperationSource {
  kind: 'budget' | 'campaign' | 'location' | 'ad_group' | 'keyword' | 'ad' | 'exclusion' | 'asset' | 'asset_link';
  adGroup?: string;
  keyword?: string;
}

export interface CampaignOperations {
  operations: MutateOperation<Record<string, unknown>>[];
  sources: OperationSource[];
}

const MATCH_TYPES: Readonly<Record<KeywordMatchType, number>> = {
  EXACT: enums.KeywordMatchType.EXACT,
  PHRASE: enums.KeywordMatchType.PHRASE,
  BROAD: enums.KeywordMatchType.BROAD,
};

const criterionIds = <T extends readonly { value: string; criterionId: number }[]>(options: T) =>
  new Map<string, number>(options.map((o) => [o.value, o.criterionId]));
const AGE_IDS = criterionIds(AGE_RANGES);
const GENDER_IDS = criterionIds(GENDERS);
const INCOME_IDS = criterionIds(INCOME_RANGES);

const pathPart = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, '-').slice(0, AD_LIMITS.pathChars);

export function buildCampaignOperations(spec: LaunchSpec): CampaignOperations {
  const customerId = customerIdDigits(spec.customerId);
  let next = -1;
  // Temporary ids: negative, unique across every resource of the request, defined before use.
  const tempId = () => String(next--);
  const operations: MutateOperation<Record<string, unknown>>[] = [];
  const sources: OperationSource[] = [];
  const add = (source: OperationSource, entity: MutateOperation<Record<string, unknown>>['entity'], resource: Record<string, unknown>) => {
    operations.push({ entity, operation: 'create', resource });
    sources.push(source);
  };

  const budget = ResourceNames.campaignBudget(customerId, tempId());
  add({ kind: 'budget' }, 'campaign_budget', {
    resource_name: budget,
    name: `${spec.campaignName} budget`,
    amount_micros: toMicros(spec.dailyBudgetDollars),
    delivery_method: enums.BudgetDeliveryMethod.STANDARD,
    explicitly_shared: false,
  });

  const campaign = ResourceNames.campaign(customerId, tempId());
  add({ kind: 'campaign' }, 'campaign', {
    resource_name: campaign,
    name: spec.campaignName,
    // Created paused: an admin turns it on in Google Ads once the clinic is ready.
    status: enums.CampaignStatus.PAUSED,
    advertising_channel_type: enums.AdvertisingChannelType.SEARCH,
    campaign_budget: budget,
    // Every click's landing URL carries Google's campaign id and the ad group keyword that matched (filled in
    // by Google at click time): the public pages read hap_cid, so a lead is tied to the campaign whose spend it
    // came from, and kw, so the page can echo the keyword (docs/campaigns.md#message-match).
    final_url_suffix: FINAL_URL_SUFFIX,
    ...(spec.bidStrategy === 'MAXIMIZE_CLICKS' ? { target_spend: {} } : { maximize_conversions: {} }),
    network_settings: {
      target_google_search: true,
      target_search_network: spec.searchPartners ?? false,
      target_content_network: false,
      target_partner_search_network: false,
    },
    geo_target_type_setting: { positive_geo_target_type: enums.PositiveGeoTargetType.PRESENCE },
    contains_eu_political_advertising: enums.EuPoliticalAdvertisingStatus.DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING,
  });

  add({ kind: 'location' }, 'campaign_criterion', {
    campaign,
    proximity: {
      address: {
        street_address: spec.address.streetAddress,
        city_name: spec.address.cityName,
        province_code: spec.address.provinceCode,
        postal_code: spec.address.postalCode,
        country_code: spec.address.countryCode,
      },
      radius: spec.radiusMiles,
      radius_units: enums.ProximityRadiusUnits.MILES,
    },
  });

  for (const group of spec.adGroups) {
    const adGroup = ResourceNames.adGroup(customerId, tempId());
    add({ kind: 'ad_group', adGroup: group.name }, 'ad_group', {
      resource_name: adGroup,
      campaign,
      name: group.name,
      status: enums.AdGroupStatus.ENABLED,
      type: enums.AdGroupType.SEARCH_STANDARD,
    });
    for (const keyword of usable(group.keywords, AD_LIMITS.keywordsMax)) {
      add({ kind: 'keyword', adGroup: group.name, keyword }, 'ad_group_criterion', {
        ad_group: adGroup,
        status: enums.AdGroupCriterionStatus.ENABLED,
        keyword: { text: keyword, match_type: MATCH_TYPES[group.keywordType] },
      });
    }
    for (const ad of group.ads.slice(0, AD_LIMITS.adsPerAdGroupMax)) {
      add({ kind: 'ad', adGroup: group.name }, 'ad_group_ad', {
        ad_group: adGroup,
        status: enums.AdGroupAdStatus.ENABLED,
        ad: {
          final_urls: [spec.finalUrl],
          responsive_search_ad: {
            ...rsaTextAssets(ad),
            path1: pathPart(spec.displayPath[0]) || undefined,
            path2: pathPart(spec.displayPath[0]) ? pathPart(spec.displayPath[1]) || undefined : undefined,
          },
        },
      });
    }
    // Demographics are excluded per ad group: Google's own sample does it there for Search (notes §2.4).
    const exclusions: Array<[string, Record<string, unknown>]> = [
      ...spec.exclusions.excludedGenders.map((g): [string, Record<string, unknown>] => ['gender', { type: GENDER_IDS.get(g) }]),
      ...spec.exclusions.excludedAgeRanges.map((a): [string, Record<string, unknown>] => ['age_range', { type: AGE_IDS.get(a) }]),
      ...spec.exclusions.excludedHouseholdIncomes.map((i): [string, Record<string, unknown>] => ['income_range', { type: INCOME_IDS.get(i) }]),
    ];
    for (const [field, value] of exclusions) {
      add({ kind: 'exclusion', adGroup: group.name }, 'ad_group_criterion', { ad_group: adGroup, negative: true, [field]: value });
    }
  }

  const link = (asset: string, fieldType: number) =>
    add({ kind: 'asset_link' }, 'campaign_asset', { campaign, asset, field_type: fieldType });
  for (const sitelink of spec.sitelinks.slice(0, AD_LIMITS.sitelinksMax)) {
    const asset = ResourceNames.asset(customerId, tempId());
    const described = sitelink.description1.trim() && sitelink.description2.trim();
    add({ kind: 'asset' }, 'asset', {
      resource_name: asset,
      final_urls: [sitelink.finalUrl],
      sitelink_asset: {
        link_text: sitelink.text.trim(),
        ...(described ? { description1: sitelink.description1.trim(), description2: sitelink.description2.trim() } : {}),
      },
    });
    link(asset, enums.AssetFieldType.SITELINK);
  }
  for (const callout of usable(spec.callouts, AD_LIMITS.calloutsMax)) {
    const asset = ResourceNames.asset(customerId, tempId());
    add({ kind: 'asset' }, 'asset', { resource_name: asset, callout_asset: { callout_text: callout } });
    link(asset, enums.AssetFieldType.CALLOUT);
  }
  if (spec.phoneDigits) {
    const asset = ResourceNames.asset(customerId, tempId());
    add({ kind: 'asset' }, 'asset', { resource_name: asset, call_asset: { country_code: 'US', phone_number: spec.phoneDigits } });
    link(asset, enums.AssetFieldType.CALL);
  }
  return { operations, sources };
}
