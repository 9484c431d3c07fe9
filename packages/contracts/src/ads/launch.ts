import { z } from 'zod';
import { idField, timestamp } from '../fields';
import { GOOGLE_ADS_ID_PATTERN } from '../tenant/client';
import {
  AD_LIMITS,
  AGE_RANGES,
  AdCopySchema,
  CAMPAIGN_BUDGET,
  CAMPAIGN_RADIUS,
  CampaignStructureSchema,
  DemographicExclusionsSchema,
  GENDERS,
  INCOME_RANGES,
  optionValues,
  StructureResultSchema,
} from './campaign';

/**
 * Testing and launching a clinic's campaign (docs/campaigns.md#campaign-dialogs, docs/campaigns.md#campaign-builder, docs/admin.md#records, docs/admin.md#calls, docs/admin.md#messages): the call shapes of `POST /api/google-ads/test-campaign` and
 * `…/launch-campaign`, the builder's campaign template, and the launch log
 * (`campaign_launch_logs`) a launch is followed by.
 */

/** A Google Ads customer id: 10 digits, dashes allowed (123-456-7890). */
export const GoogleAdsCustomerIdSchema = z
  .string({ error: 'Google Ads account id must be text' })
  .trim()
  .regex(GOOGLE_ADS_ID_PATTERN, 'Google Ads account id must be 10 digits like 123-456-7890');

/** The builder's bid strategies (docs/admin.md#fixed-figures: Maximize Conversions by default). */
export const BID_STRATEGIES = ['Maximize Conversions', 'Maximize Clicks'] as const;
export type BidStrategy = (typeof BID_STRATEGIES)[number];

/** The builder's network settings; the default is docs/admin.md#fixed-figures's text. */
export const NETWORK_SETTINGS = ['Google Search (No Search or Display Network)', 'Google Search and search partners'] as const;
export type NetworkSetting = (typeof NETWORK_SETTINGS)[number];

const builderText = (label: string, max: number) => z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/**
 * docs/admin.md#records "Campaign template sent to test or launch", as the campaign
 * builder (docs/public-site.md#pages-and-routes) sends it: one ad group of the keywords, an ad per variation.
 */
export const BuilderTemplateSchema = z.object({
  campaignName: builderText('Campaign name', AD_LIMITS.campaignNameChars),
  budget: z
    .number({ error: 'Daily budget must be a number' })
    .min(CAMPAIGN_BUDGET.min, `Daily budget must be at least $${CAMPAIGN_BUDGET.min}`)
    .max(CAMPAIGN_BUDGET.max, `Daily budget must be at most $${CAMPAIGN_BUDGET.max}`),
  bidStrategy: z.enum(BID_STRATEGIES, { error: 'Choose a bid strategy' }).default('Maximize Conversions'),
  networkSettings: z.enum(NETWORK_SETTINGS, { error: 'Choose a network setting' }).default('Google Search (No Search or Display Network)'),
  finalUrl: z.url({ protocol: /^https?$/, error: 'Final URL must be an http(s) URL' }).max(2048),
  displayPath: z.array(z.string().trim().max(AD_LIMITS.pathChars, `Display path parts must be at most ${AD_LIMITS.pathChars} characters`)).max(2).default([]),
  keywords: z.array(z.string().trim().min(1).max(AD_LIMITS.keywordChars, `Keywords must be at most ${AD_LIMITS.keywordChars} characters`)).min(1, 'Add at least one keyword').max(AD_LIMITS.keywordsMax),
  adVariations: z.object({
    symptoms: AdCopySchema,
    benefits: AdCopySchema.optional(),
    offer: AdCopySchema.optional(),
  }),
  audiences: z
    .object({
      exclusions: z.object({
        gender: z.array(z.enum(optionValues(GENDERS))).max(GENDERS.length).default([]),
        age: z.array(z.enum(optionValues(AGE_RANGES))).max(AGE_RANGES.length).default([]),
        income: z.array(z.enum(optionValues(INCOME_RANGES))).max(INCOME_RANGES.length).default([]),
      }),
    })
    .default({ exclusions: { gender: [], age: [], income: [] } }),
});
export type BuilderTemplate = z.output<typeof BuilderTemplateSchema>;
export type BuilderTemplateInput = z.input<typeof BuilderTemplateSchema>;

/**
 * docs/admin.md#calls: the three call shapes of launch-campaign, and the two of
 * test-campaign, in one body.
 * - simple (Google Ads Campaign dialog): serviceId, clientId;
 * - preview (Campaign Preview dialog): + template (ad groups), finalUrl,
 *   targetAccountId, budget, radiusMiles, styleParam, demographicExclusions;
 * - builder (client ad-campaign page): google_ads_id, clientId, serviceId,
 *   template (the builder's), styleParam.
 * What is left out comes from the service's template campaign and the
 * defaults of docs/admin.md#fixed-figures.
 */
export const LaunchCampaignSchema = z.object({
  serviceId: idField('Service id'),
  clientId: idField('Client id'),
  google_ads_id: GoogleAdsCustomerIdSchema.optional(),
  targetAccountId: GoogleAdsCustomerIdSchema.optional(),
  /** Which of the template's campaigns (the preview dialog's choice); default its newest active one. */
  campaignId: idField('Campaign id').optional(),
  template: z
    .union([CampaignStructureSchema, BuilderTemplateSchema], {
      error: 'The campaign must have a name and ad groups, or (from the campaign builder) a campaign name, keywords and ad variations',
    })
    .optional(),
  finalUrl: z.url({ protocol: /^https?$/, error: 'Final URL must be an http(s) URL' }).max(2048).optional(),
  budget: z
    .number({ error: 'Daily budget must be a number' })
    .min(CAMPAIGN_BUDGET.min, `Daily budget must be at least $${CAMPAIGN_BUDGET.min}`)
    .max(CAMPAIGN_BUDGET.max, `Daily budget must be at most $${CAMPAIGN_BUDGET.max}`)
    .optional(),
  radiusMiles: z
    .number({ error: 'Radius must be a number' })
    .min(CAMPAIGN_RADIUS.min, `Radius must be at least ${CAMPAIGN_RADIUS.min} mile`)
    .max(CAMPAIGN_RADIUS.max, `Radius must be at most ${CAMPAIGN_RADIUS.max} miles`)
    .optional(),
  styleParam: z.enum(['B'], { error: 'styleParam is B or absent' }).optional(),
  demographicExclusions: DemographicExclusionsSchema.optional(),
  /**
   * On exemptible healthcare policy violations, ask Google for the exception
   * (the resources are saved and reviewed) instead of leaving them out.
   */
  requestPolicyExemption: z.boolean().default(false),
  /**
   * The second confirmation: a service that already has a
   * campaign in Google Ads is launched again only with this true; without it
   * the launch is refused (409, the issue's path `launchAgain`).
   */
  launchAgain: z.boolean({ error: 'launchAgain must be true or false' }).default(false),
  /**
   * The admin read the healthcare policy warnings (a prescription drug's name, body-image wording:
   * docs/campaigns.md#healthcare-policy-check) and launches anyway; without it a campaign with
   * warnings is refused (409, each warning an issue with the path `acceptPolicyWarnings`).
   */
  acceptPolicyWarnings: z.boolean({ error: 'acceptPolicyWarnings must be true or false' }).default(false),
});
export type LaunchCampaignInput = z.input<typeof LaunchCampaignSchema>;
export type LaunchCampaignBody = z.output<typeof LaunchCampaignSchema>;

/** Test Campaign takes what a launch takes. */
export const TestCampaignSchema = LaunchCampaignSchema;

/** docs/admin.md#calls test-campaign: data.preview (campaign, audience, ads, keywords, negative_keywords, extensions) and data.validation.issues. */
export const CampaignTestResultSchema = z.object({
  preview: z.object({
    campaign: z.object({
      name: z.string(),
      dailyBudget: z.number(),
      bidStrategy: z.string(),
      networkSetting: z.string(),
      finalUrl: z.string(),
      radiusMiles: z.number(),
      location: z.string(),
      customerId: z.string(),
    }),
    audience: z.object({ excluded: z.array(z.string()) }),
    ads: z.array(z.object({ adGroup: z.string(), headlines: z.array(z.string()), descriptions: z.array(z.string()), finalUrl: z.string() })),
    keywords: z.array(z.object({ adGroup: z.string(), text: z.string(), matchType: z.string() })),
    negative_keywords: z.array(z.string()),
    extensions: z.object({
      sitelinks: z.array(z.object({ text: z.string(), finalUrl: z.string() })),
      callouts: z.array(z.string()),
      call: z.string().nullable(),
    }),
  }),
  validation: z.object({
    /** Everything that would stop or change a launch, in words; empty: ready. */
    issues: z.array(z.string()),
    validationResults: z.array(StructureResultSchema),
    /** Google reviewed the operations (validate_only); false when Google Ads is not connected here. */
    checkedByGoogle: z.boolean(),
  }),
  message: z.string(),
});
export type CampaignTestResult = z.infer<typeof CampaignTestResultSchema>;

export const LAUNCH_STATUSES = ['queued', 'launching', 'launched', 'partial', 'policy_review', 'failed'] as const;
export type LaunchStatus = (typeof LAUNCH_STATUSES)[number];
/** A launch that is over: nothing changes it any more. */
export const isLaunchFinished = (status: LaunchStatus) => status !== 'queued' && status !== 'launching';

/** The error type docs/admin.md#messages reads from a launch that needs a healthcare policy exception. */
export const HEALTHCARE_POLICY_VIOLATION = 'HEALTHCARE_POLICY_VIOLATION';

export const PolicyViolationSchema = z.object({
  adGroup: z.string().nullable(),
  /** The keyword or ad text Google objected to. */
  text: z.string(),
  policyName: z.string(),
  exemptible: z.boolean(),
  /** Sent with an exemption request: saved, and serving once Google approves it. */
  exempted: z.boolean(),
});
export type PolicyViolation = z.infer<typeof PolicyViolationSchema>;

/** docs/admin.md#records campaign_launch_logs, as the screens follow a launch (the launch id is the job's). */
export const CampaignLaunchSchema = z.object({
  id: z.uuid(),
  clientId: z.number().int(),
  serviceId: z.number().int(),
  templateId: z.number().int(),
  campaignName: z.string(),
  customerId: z.string(),
  googleAdsCampaignId: z.string().nullable(),
  status: z.enum(LAUNCH_STATUSES),
  successfulAdGroups: z.number().int(),
  failedAdGroups: z.number().int(),
  totalAdGroups: z.number().int(),
  adGroupIds: z.array(z.string()),
  failedKeywords: z.array(z.object({ adGroup: z.string(), keyword: z.string(), reason: z.string() })),
  policyViolations: z.array(PolicyViolationSchema),
  /** HEALTHCARE_POLICY_VIOLATION, or what stopped the launch. */
  errorCode: z.string().nullable(),
  errorDetails: z.string().nullable(),
  /** What the admin does next (policy review). */
  nextSteps: z.array(z.string()),
  /** The campaign in Google Ads, once it exists. */
  googleAdsUrl: z.string().nullable(),
  requestPolicyExemption: z.boolean(),
  launchedBy: z.string(),
  launchedAt: timestamp(),
  finishedAt: timestamp().nullable(),
});
export type CampaignLaunch = z.infer<typeof CampaignLaunchSchema>;

/** How many days of figures the launch log shows beside each campaign. */
export const LAUNCH_LOG_FIGURE_DAYS = 30;

/**
 * A launch as the client's launch log shows it (docs/campaigns.md#campaigns-after-launch): its
 * service, its campaign as the last hourly read of Google Ads found it (PAUSED, ENABLED, REMOVED;
 * null before one), and its figures of the last 30 days (null when Google reported none).
 */
export const LaunchLogEntrySchema = CampaignLaunchSchema.extend({
  serviceName: z.string().nullable(),
  inGoogleAds: z.object({ status: z.string(), servingStatus: z.string(), dailyBudget: z.number(), readAt: timestamp() }).nullable(),
  lastDays: z.object({ days: z.number().int(), impressions: z.number().int(), clicks: z.number().int(), cost: z.number(), conversions: z.number() }).nullable(),
});
export type LaunchLogEntry = z.infer<typeof LaunchLogEntrySchema>;

export const CampaignLaunchParamSchema = z.object({ launchId: z.uuid('Launch id must be a UUID') });
/** A clinic's launch log; with serviceId, only that service's launches (whether it was launched before: docs/admin.md). */
/**
 * The Google Ads campaigns each clinic has, as its launches created them
 * (internal, for leads): only these ids count as campaigns of their own in
 * Results; any other landing `hap_cid` is 'other campaign' (results/page-views.ts).
 */
export const ClinicCampaignIdsQuerySchema = z.object({ clientId: idField('Client id', { fromText: true }).optional() });
export const ClinicCampaignIdsSchema = z.object({
  campaigns: z.array(z.object({ clientId: z.number().int().positive(), campaignId: z.string() })),
});
export type ClinicCampaignIds = z.infer<typeof ClinicCampaignIdsSchema>;

export const CampaignLaunchesQuerySchema = z.object({ clientId: idField('Client id', { fromText: true }), serviceId: idField('Service id', { fromText: true }).optional() });

/** Launches that created a campaign in Google Ads (paused): what "already launched" means. */
export const CAMPAIGN_CREATED_STATUSES: readonly LaunchStatus[] = ['launched', 'partial', 'policy_review'];

/** docs/admin.md#messages: the policy toast's next steps, when the admin asked Google for exceptions. */
export const POLICY_NEXT_STEPS = [
  'Open the campaign in Google Ads (it was created paused).',
  'Under Ads & assets and Keywords, find the items marked Disapproved or Eligible (limited) for Healthcare and medicines.',
  'Request a review (appeal) for them, or apply for healthcare advertising certification for the clinic.',
  'Enable the campaign once Google approves them.',
] as const;

/** The next steps when the flagged items were left out (no exception asked for). */
export const POLICY_LEFT_OUT_STEPS = [
  'The campaign was created (paused) without the keywords Google flagged; they are listed in the launch log.',
  'To advertise them, launch again with "request an exception" ticked: Google then saves them and reviews them.',
  'Or apply for healthcare advertising certification for the clinic in Google Ads, then launch again.',
] as const;

/**
 * `POST /internal/google-ads/conversions` (leads' worker → ads):
 * one lead's offline click conversion. The order id is the lead id, so
 * Google counts it once however often it is sent.
 */
export const OfflineConversionSchema = z.object({
  leadId: idField('Lead id'),
  clientId: idField('Client id'),
  gclid: z.string().trim().min(1, 'gclid is required').max(200),
  /** When the lead reached its clinic's conversion status. */
  convertedAt: z.iso.datetime({ offset: true, error: 'convertedAt must be a date and time' }),
});
export type OfflineConversion = z.infer<typeof OfflineConversionSchema>;

export const OfflineConversionResultSchema = z.object({
  /**
   * already_uploaded: Google had this order id (a retry); nothing was counted twice.
   * deferred: Google asks for it again later (the click or the conversion action is too
   * recent, or the quota is spent): send it again after `retryAfterSeconds`.
   */
  status: z.enum(['uploaded', 'already_uploaded', 'deferred']),
  customerId: z.string(),
  conversionActionId: z.string(),
  retryAfterSeconds: z.number().int().nullable(),
  /** Why it was deferred, in words. */
  note: z.string().nullable(),
});
export type OfflineConversionResult = z.infer<typeof OfflineConversionResultSchema>;
