import { z } from 'zod';
import { CAMPAIGN_BUDGET } from './campaign';

/**
 * Campaigns after launch: a launched campaign as Google
 * reports it, and the two changes the launch log makes to it (pause or
 * resume, the daily budget). Each change is checked by Google first
 * (validate_only), applied once and audited.
 */

/** What an admin may set a launched campaign to (REMOVED is not offered). */
export const CAMPAIGN_SWITCH_STATUSES = ['paused', 'enabled'] as const;
export type CampaignSwitchStatus = (typeof CAMPAIGN_SWITCH_STATUSES)[number];

export const CampaignStatusChangeSchema = z.object({
  status: z.enum(CAMPAIGN_SWITCH_STATUSES, { error: "Status must be 'paused' or 'enabled'" }),
});
export type CampaignStatusChange = z.infer<typeof CampaignStatusChangeSchema>;

/** The daily budget in dollars, within the same bounds as a launch's. */
export const CampaignBudgetChangeSchema = z.object({
  dailyBudget: z
    .number({ error: 'Daily budget must be a number' })
    .min(CAMPAIGN_BUDGET.min, `Daily budget must be at least $${CAMPAIGN_BUDGET.min}`)
    .max(CAMPAIGN_BUDGET.max, `Daily budget must be at most $${CAMPAIGN_BUDGET.max}`),
});
export type CampaignBudgetChange = z.infer<typeof CampaignBudgetChangeSchema>;

/** One ad of the campaign and its policy review, Google's enum names (APPROVED, APPROVED_LIMITED, DISAPPROVED, REVIEW_IN_PROGRESS…). */
export const LaunchedAdSchema = z.object({
  adId: z.string(),
  adGroup: z.string(),
  /** ENABLED, PAUSED, REMOVED. */
  status: z.string(),
  approvalStatus: z.string(),
  reviewStatus: z.string(),
});
export type LaunchedAd = z.infer<typeof LaunchedAdSchema>;

/** A launched campaign as Google reports it now (GAQL). */
export const LaunchedCampaignSchema = z.object({
  launchId: z.uuid(),
  customerId: z.string(),
  campaignId: z.string(),
  name: z.string(),
  /** campaign.status: ENABLED, PAUSED, REMOVED. */
  status: z.string(),
  /** campaign.serving_status: SERVING, NONE, ENDED, PENDING, SUSPENDED. */
  servingStatus: z.string(),
  /** campaign_budget.amount_micros in dollars. */
  dailyBudget: z.number(),
  ads: z.array(LaunchedAdSchema),
});
export type LaunchedCampaign = z.infer<typeof LaunchedCampaignSchema>;

/** A change's outcome: applied, or nothing to do (already so: a double click or a retry applies nothing). */
export const CampaignChangeResultSchema = z.object({
  applied: z.boolean(),
  message: z.string(),
  campaign: LaunchedCampaignSchema,
});
export type CampaignChangeResult = z.infer<typeof CampaignChangeResultSchema>;
