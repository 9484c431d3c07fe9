import {
  BuilderTemplateSchema,
  type BidStrategy,
  type BuilderTemplateInput,
  type DemographicExclusions,
  type NetworkSetting,
  type ServiceCampaignPreview,
} from '@hap/contracts';

/**
 * The campaign builder's form (docs/campaigns.md#campaign-builder) as the screen holds it:
 * text as typed, lists one item per line (keywords: commas too). What is
 * sent is docs/admin.md#records's "Campaign template sent to test or launch",
 * checked by the API's own schema before it leaves.
 */
export interface BuilderForm {
  campaignName: string;
  budget: string;
  bidStrategy: BidStrategy;
  networkSettings: NetworkSetting;
  finalUrl: string;
  displayPath1: string;
  displayPath2: string;
  keywords: string;
  /** The Symptoms/Problems variation. */
  headlines: string;
  descriptions: string;
  /** Who does not see the ads: the groups left unchecked (DemographicChecks, the same control as the Preview dialog's). */
  exclusions: DemographicExclusions;
}

export type BuilderTab = 'settings' | 'ads' | 'targeting';

export const emptyBuilderForm = (): BuilderForm => ({
  campaignName: '',
  budget: '33',
  bidStrategy: 'Maximize Conversions',
  networkSettings: 'Google Search (No Search or Display Network)',
  finalUrl: '',
  displayPath1: '',
  displayPath2: '',
  keywords: '',
  headlines: '',
  descriptions: '',
  exclusions: { excludedAgeRanges: [], excludedGenders: [], excludedHouseholdIncomes: [] },
});

/** One item per line (keywords also split on commas); blanks dropped. */
export const linesOf = (text: string, commas = false) =>
  text
    .split(commas ? /[\n,]/ : /\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The builder starts from the service's campaign preview: its first ad as the variation, every keyword, the docs/admin.md#fixed-figures defaults. */
export function builderFormFrom(data: ServiceCampaignPreview): BuilderForm {
  const { preview, defaults } = data;
  const firstAd = preview.campaign.adGroups.find((g) => g.ads.length > 0)?.ads[0];
  const keywords = [...new Set(preview.campaign.adGroups.flatMap((g) => g.keywords))];
  const path = new URL(preview.landingUrl).pathname.split('/').filter(Boolean)[0] ?? '';
  return {
    ...emptyBuilderForm(),
    campaignName: preview.campaign.name,
    budget: String(defaults.dailyBudget),
    finalUrl: preview.landingUrl,
    displayPath1: path.slice(0, 15),
    keywords: keywords.join('\n'),
    headlines: (firstAd?.headlines ?? []).join('\n'),
    descriptions: (firstAd?.descriptions ?? []).join('\n'),
    exclusions: { excludedAgeRanges: [...defaults.exclusions.excludedAgeRanges], excludedGenders: [...defaults.exclusions.excludedGenders], excludedHouseholdIncomes: [...defaults.exclusions.excludedHouseholdIncomes] },
  };
}

/** Where each of the schema's fields sits on the screen. */
const FIELD_OF: ReadonlyArray<[prefix: string, field: keyof BuilderForm, tab: BuilderTab]> = [
  ['campaignName', 'campaignName', 'settings'],
  ['budget', 'budget', 'settings'],
  ['bidStrategy', 'bidStrategy', 'settings'],
  ['networkSettings', 'networkSettings', 'settings'],
  ['finalUrl', 'finalUrl', 'settings'],
  ['displayPath', 'displayPath1', 'settings'],
  ['keywords', 'keywords', 'ads'],
  ['adVariations.symptoms.headlines', 'headlines', 'ads'],
  ['adVariations.symptoms.descriptions', 'descriptions', 'ads'],
  ['audiences', 'exclusions', 'targeting'],
];

export type BuilderErrors = Partial<Record<keyof BuilderForm, string>>;

/** The template to send, or the form's errors (the first per field) and the tab of the first. */
export function builderTemplateOf(form: BuilderForm): { template: BuilderTemplateInput } | { errors: BuilderErrors; tab: BuilderTab } {
  const candidate = {
    campaignName: form.campaignName,
    budget: form.budget.trim() === '' ? Number.NaN : Number(form.budget),
    bidStrategy: form.bidStrategy,
    networkSettings: form.networkSettings,
    finalUrl: form.finalUrl.trim(),
    displayPath: [form.displayPath1, form.displayPath2].map((p) => p.trim()).filter(Boolean),
    keywords: linesOf(form.keywords, true),
    adVariations: { symptoms: { headlines: linesOf(form.headlines), descriptions: linesOf(form.descriptions) } },
    audiences: { exclusions: { gender: form.exclusions.excludedGenders, age: form.exclusions.excludedAgeRanges, income: form.exclusions.excludedHouseholdIncomes } },
  };
  const parsed = BuilderTemplateSchema.safeParse(candidate);
  if (parsed.success) return { template: candidate as BuilderTemplateInput };
  const errors: BuilderErrors = {};
  let tab: BuilderTab | null = null;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const place = FIELD_OF.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`));
    if (!place) continue;
    const [, field, where] = place;
    errors[field] ??= issue.message === 'Invalid input: expected number, received NaN' ? 'Daily budget must be a number' : issue.message;
    tab ??= where;
  }
  return { errors, tab: tab ?? 'settings' };
}
