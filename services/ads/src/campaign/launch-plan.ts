/**
 * From a launch or test request to what is sent (docs/campaigns.md#campaign-dialogs, docs/campaigns.md#campaign-builder, docs/admin.md#records, docs/admin.md#calls, docs/admin.md#fixed-figures): the campaign (the builder's, the preview's, or the service's
 * template campaign), the clinic's landing URL, address and phone, and the
 * defaults for whatever the call leaves out. Pure: the HTTP service and the
 * worker share it, tests check it.
 */
import {
  AD_LIMITS,
  Messages,
  validateCampaignStructure,
  type BuilderTemplate,
  type CampaignStructure,
  settingsKeywords,
  type DemographicExclusions,
  type GoogleAdsSettings,
  type LaunchCampaignBody,
  type StructureValidation,
  type TemplateCampaign,
} from '@hap/contracts';
import { DEFAULT_BID_STRATEGY, DEFAULT_NETWORK_SETTING, DEFAULT_RADIUS_MILES, defaultDailyBudget, defaultExclusions } from './campaign-defaults';
import { buildCampaignPreview, type PreviewClinic, type PreviewService } from './campaign-preview';
import { withStyleParam, type LandingSite } from './landing-url';
import type { LaunchSpec } from './campaign-operations';
import { customerIdDigits } from './customer-id';
import { parseUsAddress, usPhoneDigits } from './clinic-address';

export class UnreadableAddressError extends Error {
  constructor(clinic: string) {
    super(Messages.clinicAddressUnreadable(clinic));
    this.name = 'UnreadableAddressError';
  }
}

/** A TRT-like template campaign written for men: its launch excludes women (docs/admin.md#records, docs/admin.md#fixed-figures). */
export const excludesFemale = (targetAudience: string) => /\bmen\b/i.test(targetAudience) && !/\bwomen\b/i.test(targetAudience);

const isBuilderTemplate = (template: LaunchCampaignBody['template']): template is BuilderTemplate => template !== undefined && 'adVariations' in template;

/** The builder's campaign (docs/admin.md#records "Campaign template sent to test or launch") as ad groups: one of its keywords, an ad per variation. */
export function builderCampaign(template: BuilderTemplate): CampaignStructure {
  const { symptoms, benefits, offer } = template.adVariations;
  return {
    name: template.campaignName,
    adGroups: [
      {
        name: template.campaignName,
        keywordType: 'PHRASE',
        keywords: template.keywords,
        ads: [symptoms, benefits, offer].filter((ad): ad is NonNullable<typeof ad> => ad !== undefined && ad.headlines.length > 0),
      },
    ],
    extensions: { sitelinks: [], callouts: [] },
  };
}

/** The saved settings' keywords in every ad group, their headline and description first in every ad (no repeats). */
export function withSettings(adGroups: CampaignStructure['adGroups'], settings: GoogleAdsSettings): CampaignStructure['adGroups'] {
  const extra = settingsKeywords(settings);
  const first = (own: string[], added: string | undefined) => (added && !own.some((t) => t.toLowerCase() === added.toLowerCase()) ? [added, ...own] : own);
  return adGroups.map((group) => ({
    ...group,
    keywords: [...group.keywords, ...extra.filter((k) => !group.keywords.some((own) => own.toLowerCase() === k.toLowerCase()))],
    ads: group.ads.map((ad) => ({
      headlines: first(ad.headlines, settings.headline).slice(0, Math.max(AD_LIMITS.headlinesMax, ad.headlines.length)),
      descriptions: first(ad.descriptions, settings.description).slice(0, Math.max(AD_LIMITS.descriptionsMax, ad.descriptions.length)),
    })),
  }));
}

export interface LaunchPlanInput {
  clinic: PreviewClinic & { googleAdsAccountId: string | null; googleAdsManagerId: string | null };
  service: PreviewService;
  /** The service's template slug (TRT starts at 50 a day). */
  templateSlug: string;
  /** The service's saved Google Ads settings (docs/admin.md#records): budget and radius unless the call gives them; a launch of the service as it is also takes their keywords, headline and description. */
  settings: GoogleAdsSettings | null;
  /** The template campaign the service's launch starts from; null when the call brings its own campaign. */
  templateCampaign: TemplateCampaign | null;
  body: LaunchCampaignBody;
}

export interface LaunchPlan {
  /** The clinic's site the URLs are on. */
  site: LandingSite;
  /** What buildCampaignOperations takes; the campaign name is the template's, the launch adds its reference. */
  spec: LaunchSpec;
  loginCustomerId: string | null;
  structure: CampaignStructure;
  validation: StructureValidation;
  bidStrategy: string;
  networkSetting: string;
  clinicAddress: string;
}

/**
 * The launch of `input` or, when something it needs is missing, the error
 * that says so (UnreadableAddressError). The account is
 * the call's (google_ads_id, targetAccountId) or the clinic's; null: none.
 */
export function planLaunch(input: LaunchPlanInput): LaunchPlan | { missingAccount: true } {
  const { clinic, service, body } = input;
  const account = body.google_ads_id ?? body.targetAccountId ?? clinic.googleAdsAccountId?.trim() ?? '';
  if (!account) return { missingAccount: true };

  const builder = isBuilderTemplate(body.template) ? body.template : null;
  const given = builder ? builderCampaign(builder) : (body.template as CampaignStructure | undefined);
  const base: TemplateCampaign | null = input.templateCampaign;
  const campaign: TemplateCampaign = {
    id: base?.id ?? 0,
    templateId: base?.templateId ?? 0,
    description: base?.description ?? '',
    keywordTheme: base?.keywordTheme ?? '',
    targetAudience: base?.targetAudience ?? '',
    isActive: true,
    createdAt: base?.createdAt ?? new Date(0).toISOString(),
    updatedAt: base?.updatedAt ?? new Date(0).toISOString(),
    name: given?.name ?? base?.name ?? service.name,
    adGroups: given?.adGroups ?? base?.adGroups ?? [],
    extensions: given && given.extensions.sitelinks.length + given.extensions.callouts.length > 0 ? given.extensions : (base?.extensions ?? { sitelinks: [], callouts: [] }),
  };
  const settings = input.settings;
  // A launch of the service as it is (no campaign in the call) takes the saved settings' words too.
  if (settings && !given) campaign.adGroups = withSettings(campaign.adGroups, settings);
  // The landing URL, sitelinks, call and location as the preview shows them (on the clinic's site: landing-url.ts).
  const preview = buildCampaignPreview(clinic, service, campaign, { styleParam: body.styleParam ?? null });
  const finalUrl = withStyleParam(builder?.finalUrl ?? body.finalUrl ?? preview.landingUrl, body.styleParam);
  const address = parseUsAddress(clinic.address);
  if (!address) throw new UnreadableAddressError(clinic.name);

  const exclusions: DemographicExclusions = builder
    ? { excludedGenders: builder.audiences.exclusions.gender, excludedAgeRanges: builder.audiences.exclusions.age, excludedHouseholdIncomes: builder.audiences.exclusions.income }
    : (body.demographicExclusions ?? defaultExclusions(excludesFemale(campaign.targetAudience)));
  const bidStrategy = builder?.bidStrategy ?? DEFAULT_BID_STRATEGY;
  const networkSetting = builder?.networkSettings ?? DEFAULT_NETWORK_SETTING;
  const structure: CampaignStructure = { name: campaign.name, adGroups: campaign.adGroups, extensions: campaign.extensions };

  return {
    site: clinic.site,
    spec: {
      customerId: customerIdDigits(account),
      campaignName: preview.campaign.name,
      dailyBudgetDollars: builder?.budget ?? body.budget ?? settings?.dailyBudget ?? defaultDailyBudget(input.templateSlug),
      radiusMiles: body.radiusMiles ?? settings?.targetRadius ?? DEFAULT_RADIUS_MILES,
      address,
      finalUrl,
      displayPath: [builder?.displayPath[0] ?? service.path.split('/').filter(Boolean)[0], builder?.displayPath[1]],
      adGroups: preview.campaign.adGroups.map((g) => ({ name: g.name, keywordType: g.keywordType, keywords: g.keywords, ads: g.ads })),
      sitelinks: preview.campaign.extensions.sitelinks.map((s) => ({ text: s.text, description1: s.description, description2: s.description2, finalUrl: s.finalUrl })),
      callouts: preview.campaign.extensions.callouts,
      phoneDigits: usPhoneDigits(clinic.phone),
      exclusions,
      bidStrategy: bidStrategy === 'Maximize Clicks' ? 'MAXIMIZE_CLICKS' : 'MAXIMIZE_CONVERSIONS',
      searchPartners: networkSetting !== DEFAULT_NETWORK_SETTING,
    },
    loginCustomerId: clinic.googleAdsManagerId ? customerIdDigits(clinic.googleAdsManagerId) : null,
    structure,
    validation: validateCampaignStructure(structure),
    bidStrategy,
    networkSetting,
    clinicAddress: clinic.address ?? '',
  };
}
