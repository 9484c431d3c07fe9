import { z } from 'zod';
import { CAMPAIGN_BUDGET, CAMPAIGN_RADIUS, DemographicExclusionsSchema, KEYWORD_MATCH_TYPES, LaunchReadinessSchema, StructureValidationSchema } from './campaign';
import { CampaignPolicyCheckSchema } from './policy-check';

/**
 * The campaign preview data of docs/admin.md#records (Campaign preview data) for one
 * clinic's service, and what the Google Ads Campaign Preview dialog (docs/public-site.md#pages-and-routes)
 * starts from: the launch defaults and the structure check.
 */
export const CampaignPreviewSchema = z.object({
  serviceName: z.string(),
  clientName: z.string(),
  landingUrl: z.string(),
  clientPhone: z.string().nullable(),
  clientAddress: z.string().nullable(),
  campaign: z.object({
    name: z.string(),
    adGroups: z.array(
      z.object({
        name: z.string(),
        keywordType: z.enum(KEYWORD_MATCH_TYPES),
        keywords: z.array(z.string()),
        ads: z.array(z.object({ headlines: z.array(z.string()), descriptions: z.array(z.string()), finalUrl: z.string() })),
        /**
         * The page a click on the group's first keyword lands on (docs/campaigns.md#message-match): the final
         * URL with the `kw` Google adds; the page echoes the keyword. The final URL when it has no keyword.
         */
        landingPage: z.string(),
      }),
    ),
    extensions: z.object({
      sitelinks: z.array(z.object({ text: z.string(), description: z.string(), description2: z.string(), finalUrl: z.string() })),
      callouts: z.array(z.string()),
      promotions: z.array(z.object({ text: z.string(), occasion: z.string().nullable(), startDate: z.string().nullable(), endDate: z.string().nullable() })),
      call: z.object({ phone: z.string() }).nullable(),
      location: z.object({ address: z.string() }).nullable(),
    }),
  }),
});
export type CampaignPreview = z.infer<typeof CampaignPreviewSchema>;

/** `GET /api/google-ads/preview`: which service, which of its template's campaigns, Template B. */
export const CampaignPreviewQuerySchema = z.object({
  serviceId: z.coerce.number({ error: 'Service id must be a number' }).int().positive('Service id must be a number'),
  campaignId: z.coerce.number().int().positive().optional(),
  styleParam: z.enum(['B']).optional(),
});

export const ServiceCampaignPreviewSchema = z.object({
  preview: CampaignPreviewSchema,
  /** The clinic the service belongs to (what a launch names). */
  clientId: z.number().int(),
  /** The template campaign shown, and the others to choose from. */
  campaignId: z.number().int(),
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })),
  defaults: z.object({
    dailyBudget: z.number().min(CAMPAIGN_BUDGET.min).max(CAMPAIGN_BUDGET.max),
    radiusMiles: z.number().min(CAMPAIGN_RADIUS.min).max(CAMPAIGN_RADIUS.max),
    exclusions: DemographicExclusionsSchema,
    bidStrategy: z.string(),
    networkSetting: z.string(),
  }),
  validation: StructureValidationSchema,
  /**
   * The healthcare policy check a launch makes (docs/campaigns.md#healthcare-policy-check): every ad
   * group's texts and the landing URL against the clinic's site and live pages.
   */
  policy: CampaignPolicyCheckSchema,
  /** What a launch of it still needs (Google Ads account, connection, domain), with where each is set. */
  readiness: LaunchReadinessSchema,
  /** The clinic's Google Ads account (docs/admin.md#validation: needed to test or launch); null when not set. */
  googleAdsAccountId: z.string().nullable(),
});
export type ServiceCampaignPreview = z.infer<typeof ServiceCampaignPreviewSchema>;
