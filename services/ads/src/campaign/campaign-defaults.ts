/**
 * The campaign defaults of docs/admin.md#records, docs/admin.md#fixed-figures: budget, radius, bid
 * strategy, network, call to action and the demographic exclusions a preview
 * starts from.
 */
import { CAMPAIGN_BUDGET, CAMPAIGN_RADIUS, type DemographicExclusions } from '@hap/contracts';

export const DEFAULT_BID_STRATEGY = 'Maximize Conversions';
export const DEFAULT_NETWORK_SETTING = 'Google Search (No Search or Display Network)';
export const DEFAULT_CALL_TO_ACTION = 'Schedule Now';

/** The TRT service's slug: its built-in campaign starts at a higher budget (docs/admin.md#records). */
export const TRT_SLUG = 'trt';

/** docs/admin.md#fixed-figures: 33 dollars a day, 50 for TRT; a template's own budget wins when it is in range. */
export function defaultDailyBudget(serviceSlug: string, templateBudget?: number | null): number {
  if (templateBudget != null && templateBudget >= CAMPAIGN_BUDGET.min && templateBudget <= CAMPAIGN_BUDGET.max) return templateBudget;
  return serviceSlug.toLowerCase() === TRT_SLUG ? CAMPAIGN_BUDGET.trt : CAMPAIGN_BUDGET.default;
}

export const DEFAULT_RADIUS_MILES = CAMPAIGN_RADIUS.default;

/**
 * docs/admin.md#fixed-figures default exclusions: gender Female and Unknown (only Unknown
 * when the template excludes no Female), age 18-24 and Unknown, income
 * Lower 50% and Unknown.
 */
export function defaultExclusions(templateExcludesFemale: boolean): DemographicExclusions {
  return {
    excludedGenders: templateExcludesFemale ? ['FEMALE', 'UNDETERMINED'] : ['UNDETERMINED'],
    excludedAgeRanges: ['AGE_RANGE_18_24', 'AGE_RANGE_UNDETERMINED'],
    excludedHouseholdIncomes: ['INCOME_RANGE_0_50', 'INCOME_RANGE_UNDETERMINED'],
  };
}
