import { z } from 'zod';
import { idField, timestamp } from '../fields';
import { OptimizationGoalSchema, type OptimizationGoal } from '../queues';

/**
 * Google Ads campaigns of a service template (docs/campaigns.md#google-ads-templates, docs/admin.md#records "Google
 * Ads template campaign"), their limits (docs/public-site.md#validation, docs/public-site.md#fixed-figures and Google's own for
 * responsive search ads and assets) and the structure check of
 * `POST /api/google-ads/validate-structure` (docs/public-site.md#calls).
 */

/** What Google accepts in one responsive search ad and its assets; the spec's 30 / 90 first. */
export const AD_LIMITS = {
  headlineChars: 30,
  descriptionChars: 90,
  /** Headlines per responsive search ad. */
  headlinesMin: 3,
  headlinesMax: 15,
  /** Descriptions per responsive search ad. */
  descriptionsMin: 2,
  descriptionsMax: 4,
  /** The display path's two parts. */
  pathChars: 15,
  keywordChars: 80,
  keywordWords: 10,
  /** Keywords in one ad group (Google allows 20,000; a clinic's campaign needs far fewer). */
  keywordsMax: 200,
  /** Responsive search ads in one ad group. */
  adsPerAdGroupMax: 3,
  adGroupNameChars: 255,
  campaignNameChars: 255,
  sitelinkTextChars: 25,
  sitelinkDescriptionChars: 35,
  calloutChars: 25,
  sitelinksMax: 20,
  calloutsMax: 20,
} as const;

/** docs/admin.md#validation, docs/admin.md#fixed-figures: the preview's daily budget (dollars) and radius (miles). */
export const CAMPAIGN_BUDGET = { min: 1, max: 1000, default: 33, trt: 50 } as const;
export const CAMPAIGN_RADIUS = { min: 1, max: 100, default: 25 } as const;

export const KEYWORD_MATCH_TYPES = ['EXACT', 'PHRASE', 'BROAD'] as const;
export type KeywordMatchType = (typeof KEYWORD_MATCH_TYPES)[number];

/** docs/campaigns.md#google-ads-templates, docs/admin.md#fixed-figures: the Optimize selector's labels (the goals are queues.ts OptimizationGoalSchema). */
export const OPTIMIZATION_GOAL_LABELS: Readonly<Record<OptimizationGoal, string>> = {
  increase_conversions: 'Increase conversions',
  improve_ctr: 'Improve CTR',
  reduce_cost: 'Reduce cost',
  expand_reach: 'Expand reach',
};

/**
 * docs/admin.md#records demographic options: each with Google's criterion id (the
 * `AgeRangeType`, `GenderType` and `IncomeRangeType` enums of the Google Ads
 * API) and the label the screens show.
 */
export const AGE_RANGES = [
  { value: 'AGE_RANGE_18_24', label: '18-24', criterionId: 503001 },
  { value: 'AGE_RANGE_25_34', label: '25-34', criterionId: 503002 },
  { value: 'AGE_RANGE_35_44', label: '35-44', criterionId: 503003 },
  { value: 'AGE_RANGE_45_54', label: '45-54', criterionId: 503004 },
  { value: 'AGE_RANGE_55_64', label: '55-64', criterionId: 503005 },
  { value: 'AGE_RANGE_65_UP', label: '65+', criterionId: 503006 },
  { value: 'AGE_RANGE_UNDETERMINED', label: 'Unknown', criterionId: 503999 },
] as const;
export const GENDERS = [
  { value: 'MALE', label: 'Male', criterionId: 10 },
  { value: 'FEMALE', label: 'Female', criterionId: 11 },
  { value: 'UNDETERMINED', label: 'Unknown', criterionId: 20 },
] as const;
/** Google's income bands are by percentile: 0–50 is the lower 50 %, 90 and up the top 10 %. */
export const INCOME_RANGES = [
  { value: 'INCOME_RANGE_90_UP', label: 'Top 10%', criterionId: 510006 },
  { value: 'INCOME_RANGE_80_90', label: 'Top 11-20%', criterionId: 510005 },
  { value: 'INCOME_RANGE_70_80', label: 'Top 21-30%', criterionId: 510004 },
  { value: 'INCOME_RANGE_60_70', label: 'Top 31-40%', criterionId: 510003 },
  { value: 'INCOME_RANGE_50_60', label: 'Top 41-50%', criterionId: 510002 },
  { value: 'INCOME_RANGE_0_50', label: 'Lower 50%', criterionId: 510001 },
  { value: 'INCOME_RANGE_UNDETERMINED', label: 'Unknown', criterionId: 510000 },
] as const;
export type AgeRange = (typeof AGE_RANGES)[number]['value'];
export type Gender = (typeof GENDERS)[number]['value'];
export type IncomeRange = (typeof INCOME_RANGES)[number]['value'];

/** The option values of a demographic list, as a zod enum takes them. */
export const optionValues = <T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

/** docs/admin.md#calls launch call: what the campaign leaves out. */
export const DemographicExclusionsSchema = z.object({
  excludedAgeRanges: z.array(z.enum(optionValues(AGE_RANGES))).max(AGE_RANGES.length).default([]),
  excludedGenders: z.array(z.enum(optionValues(GENDERS))).max(GENDERS.length).default([]),
  excludedHouseholdIncomes: z.array(z.enum(optionValues(INCOME_RANGES))).max(INCOME_RANGES.length).default([]),
});
export type DemographicExclusions = z.output<typeof DemographicExclusionsSchema>;

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/*
 * These schemas also describe answers, which are encoded by them: no
 * transforms (trims and defaults only).
 */

/**
 * One responsive search ad as stored and sent. Lengths are not refused here:
 * what a model wrote is kept as written and the structure check says what
 * Google would refuse (validateCampaignStructure), so an admin sees why.
 */
export const AdCopySchema = z.object({
  headlines: z.array(text(300)).max(50),
  descriptions: z.array(text(500)).max(20),
});
export type AdCopy = z.infer<typeof AdCopySchema>;

export const AdGroupSchema = z.object({
  name: text(AD_LIMITS.adGroupNameChars).min(1, 'Ad group name is required'),
  keywordType: z.enum(KEYWORD_MATCH_TYPES).default('PHRASE'),
  keywords: z.array(text(300)).max(1000),
  ads: z.array(AdCopySchema).max(20),
});
export type AdGroup = z.infer<typeof AdGroupSchema>;

export const SitelinkSchema = z.object({
  linkText: text(200),
  description1: text(300).default(''),
  description2: text(300).default(''),
  /** A path on the clinic's site or a full URL; `{{CLIENT_WEBSITE}}` becomes the landing URL (docs/admin.md#records). */
  finalUrl: text(2048).nullable().default(null),
});
export type Sitelink = z.infer<typeof SitelinkSchema>;

export const CampaignExtensionsSchema = z.object({
  sitelinks: z.array(SitelinkSchema).max(100).default([]),
  callouts: z.array(text(200)).max(100).default([]),
});
export type CampaignExtensions = z.infer<typeof CampaignExtensionsSchema>;

/** What the structure check and a launch read of a campaign. */
export const CampaignStructureSchema = z.object({
  name: text(AD_LIMITS.campaignNameChars).min(1, 'Campaign name is required'),
  adGroups: z.array(AdGroupSchema).max(50),
  extensions: CampaignExtensionsSchema.default({ sitelinks: [], callouts: [] }),
});
export type CampaignStructure = z.infer<typeof CampaignStructureSchema>;

/** docs/admin.md#records Google Ads template campaign, owned by the ads service. */
export const TemplateCampaignSchema = CampaignStructureSchema.extend({
  id: z.number().int(),
  templateId: z.number().int(),
  description: z.string(),
  keywordTheme: z.string(),
  targetAudience: z.string(),
  isActive: z.boolean(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type TemplateCampaign = z.infer<typeof TemplateCampaignSchema>;

export const TemplateCampaignParamsSchema = z.object({
  id: idField('Template id', { fromText: true }),
  campaignId: idField('Campaign id', { fromText: true }),
});

/** `POST /api/google-ads/validate-structure` (docs/admin.md#calls); with `clientId`, the answer says whether that clinic can launch it. */
export const ValidateStructureSchema = z.object({
  template: CampaignStructureSchema,
  finalUrl: z.url({ protocol: /^https?$/, error: 'Final URL must be an http(s) URL' }).max(2048),
  clientId: idField('Client id').optional(),
});
export type ValidateStructureInput = z.input<typeof ValidateStructureSchema>;

export const StructureResultSchema = z.object({
  adGroupName: z.string(),
  errors: z.array(z.string()),
});
export type StructureResult = z.infer<typeof StructureResultSchema>;

export const StructureValidationSchema = z.object({
  allValid: z.boolean(),
  /** One entry per ad group, and one named 'Campaign' for the campaign's own fields and its extensions. */
  validationResults: z.array(StructureResultSchema),
  message: z.string(),
});
export type StructureValidation = z.infer<typeof StructureValidationSchema>;

/** What a launch needs besides a valid structure, each set on its own screen. */
export const LAUNCH_REQUIREMENTS = ['googleAdsAccount', 'googleAdsConnection', 'domain'] as const;
export type LaunchRequirement = (typeof LAUNCH_REQUIREMENTS)[number];

export const LaunchReadinessSchema = z.object({
  /** Nothing is missing: a launch would be sent to Google Ads. */
  ready: z.boolean(),
  missing: z.array(
    z.object({
      requirement: z.enum(LAUNCH_REQUIREMENTS),
      /** What is missing, in words an admin can act on. */
      message: z.string(),
      /** The admin page where it is set, and the link's words. */
      href: z.string(),
      linkText: z.string(),
    }),
  ),
});
export type LaunchReadiness = z.infer<typeof LaunchReadinessSchema>;

/** validate-structure's answer: the structure check, and with a clientId whether the clinic can launch (null without one). */
export const ValidateStructureResultSchema = StructureValidationSchema.extend({
  readiness: LaunchReadinessSchema.nullable(),
});
export type ValidateStructureResult = z.infer<typeof ValidateStructureResultSchema>;

/** `POST /api/service-templates/{id}/google-ads/generate` (docs/campaigns.md#google-ads-templates: the Generate Campaigns dialog). */
export const GenerateCampaignsSchema = z.object({
  /** What the clinic says about the service; empty: the template's own description is used. */
  serviceDescription: text(2000).default(''),
});
export type GenerateCampaignsInput = z.input<typeof GenerateCampaignsSchema>;

/** `POST /api/service-templates/{id}/google-ads/{campaignId}/optimize`. */
export const OptimizeCampaignSchema = z.object({
  optimizationGoal: OptimizationGoalSchema,
});

export const CAMPAIGN_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/**
 * What Optimize proposes for a campaign: its content as the
 * model rewrote it; the name stays. Stored beside the campaign on the request,
 * never over it, until the admin keeps it.
 */
export const CampaignProposalSchema = z.object({
  description: z.string(),
  keywordTheme: z.string(),
  targetAudience: z.string(),
  adGroups: z.array(AdGroupSchema),
  extensions: CampaignExtensionsSchema,
});
export type CampaignProposal = z.infer<typeof CampaignProposalSchema>;

/** What the admin did with an optimize request's proposal; null while it waits. */
export const PROPOSAL_DECISIONS = ['kept', 'discarded'] as const;
export type ProposalDecision = (typeof PROPOSAL_DECISIONS)[number];

/** A generate or optimize request as the screen follows it (the job's id is the request's). */
export const CampaignJobSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['generate', 'optimize']),
  templateId: z.number().int(),
  /** optimize: the campaign it rewrites. */
  campaignId: z.number().int().nullable(),
  goal: OptimizationGoalSchema.nullable(),
  status: z.enum(CAMPAIGN_JOB_STATUSES),
  /** Why it failed, in words an admin can act on. */
  error: z.string().nullable(),
  /** The campaigns it wrote or rewrote. */
  campaignIds: z.array(z.number().int()),
  /** optimize, once succeeded: the rewrite waiting beside the campaign (the campaign is unchanged until it is kept). */
  proposal: CampaignProposalSchema.nullable(),
  /** optimize: kept (applied to the campaign) or discarded; null while the admin has not chosen. */
  decision: z.enum(PROPOSAL_DECISIONS).nullable(),
  createdAt: timestamp(),
  finishedAt: timestamp().nullable(),
});
export type CampaignJob = z.infer<typeof CampaignJobSchema>;

/** An optimize request whose proposal waits for Keep or Discard. */
export const isPendingProposal = (job: CampaignJob) => job.kind === 'optimize' && job.status === 'succeeded' && job.proposal !== null && job.decision === null;

/** `GET /api/service-templates/{id}/google-ads` (docs/admin.md#calls: data.campaigns, data.serviceName). */
export const TemplateCampaignsSchema = z.object({
  templateId: z.number().int(),
  serviceName: z.string(),
  campaigns: z.array(TemplateCampaignSchema),
  /** Optimize proposals waiting for Keep or Discard, newest first. */
  proposals: z.array(CampaignJobSchema),
});
export type TemplateCampaigns = z.infer<typeof TemplateCampaignsSchema>;

export const CampaignJobParamSchema = z.object({ jobId: z.uuid('Job id must be a UUID') });

/** `GET /api/google-ads/template-summaries`: the Google Ads Templates list's counts and Ready marks. */
export const TemplateCampaignSummarySchema = z.object({
  templateId: z.number().int(),
  campaigns: z.number().int(),
  /** At least one active campaign passes the structure check. */
  ready: z.boolean(),
});
export type TemplateCampaignSummary = z.infer<typeof TemplateCampaignSummarySchema>;

/*
 * What the model writes (ads.generate, ads.optimize): Google's limits as the
 * schema's own, so the JSON schema the model gets carries them and an answer
 * that breaks them is sent back once with the problems. Every key is
 * required (structured output's strict mode).
 */
const modelText = (max: number) => z.string().trim().min(1).max(max);
export const WrittenCampaignSchema = z.object({
  name: modelText(80),
  description: modelText(300),
  keywordTheme: modelText(80),
  targetAudience: modelText(200),
  adGroups: z
    .array(
      z.object({
        name: modelText(80),
        keywordType: z.enum(KEYWORD_MATCH_TYPES),
        keywords: z.array(modelText(AD_LIMITS.keywordChars)).min(5).max(25),
        ads: z
          .array(
            z.object({
              headlines: z.array(modelText(AD_LIMITS.headlineChars)).min(AD_LIMITS.headlinesMin).max(AD_LIMITS.headlinesMax),
              descriptions: z.array(modelText(AD_LIMITS.descriptionChars)).min(AD_LIMITS.descriptionsMin).max(AD_LIMITS.descriptionsMax),
            }),
          )
          .min(1)
          .max(AD_LIMITS.adsPerAdGroupMax),
      }),
    )
    .min(1)
    .max(5),
  sitelinks: z
    .array(z.object({ linkText: modelText(AD_LIMITS.sitelinkTextChars), description1: modelText(AD_LIMITS.sitelinkDescriptionChars), description2: modelText(AD_LIMITS.sitelinkDescriptionChars) }))
    .min(2)
    .max(6),
  callouts: z.array(modelText(AD_LIMITS.calloutChars)).min(2).max(10),
});
export type WrittenCampaign = z.infer<typeof WrittenCampaignSchema>;

export const WrittenCampaignsSchema = z.object({ campaigns: z.array(WrittenCampaignSchema).min(1).max(3) });
export const RewrittenCampaignSchema = z.object({ campaign: WrittenCampaignSchema });
