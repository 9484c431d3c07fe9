import { z } from 'zod';
import { idField } from '../fields';
import { AdCopySchema } from './campaign';

/**
 * A template's ad texts reaching the campaigns already made from it
 * (docs/campaigns.md#ad-texts-follow-the-template): after a push, the
 * headlines and descriptions of the clinics' launched campaigns are compared
 * with what a launch of the service would send now (the template's campaign
 * and the service's own headline and description), ad group by ad group;
 * each campaign's changes are checked by Google (validate_only), confirmed by
 * the admin (the launch's policy warnings included), applied and audited, one
 * campaign a request (as its pause or budget change is).
 */

/** The most clinics one list covers (a push's clinics). */
export const AD_TEXTS_MAX_CLINICS = 200;

/** Which campaigns: those the clinics' launches of this template created. */
export const AdTextsScopeSchema = z.strictObject({
  templateId: idField('Template id'),
  clientIds: z
    .array(idField('Client id'))
    .min(1, 'Choose at least one clinic')
    .max(AD_TEXTS_MAX_CLINICS, `At most ${AD_TEXTS_MAX_CLINICS} clinics at a time`),
});
export type AdTextsScope = z.infer<typeof AdTextsScopeSchema>;

/** A launch of the scope that created a campaign in Google Ads (read from the launch log; Google not asked). */
export const AdTextCampaignSchema = z.object({
  launchId: z.uuid(),
  clientId: z.number().int(),
  serviceId: z.number().int(),
  campaignName: z.string(),
});
export type AdTextCampaign = z.infer<typeof AdTextCampaignSchema>;

export const AdTextCampaignsSchema = z.object({ campaigns: z.array(AdTextCampaignSchema) });
export type AdTextCampaigns = z.infer<typeof AdTextCampaignsSchema>;

/** One responsive search ad whose texts differ from the template's now. */
export const AdTextChangeSchema = z.object({
  adGroup: z.string(),
  /** Google's ad id. */
  adId: z.string(),
  before: AdCopySchema,
  after: AdCopySchema,
});
export type AdTextChange = z.infer<typeof AdTextChangeSchema>;

/** One launched campaign and what following the template would change in it. */
export const CampaignAdTextsSchema = AdTextCampaignSchema.extend({
  /** As Google reports it now: ENABLED, PAUSED, or REMOVED (then nothing is compared). */
  status: z.string(),
  changes: z.array(AdTextChangeSchema),
  /** Ads whose texts are the template's already. */
  unchanged: z.number().int(),
  /** Ad groups of the campaign that no ad group of the template's campaign matches by name: left as they are. */
  notFromTemplate: z.array(z.string()),
  /** Healthcare policy warnings of the new texts (docs/campaigns.md#healthcare-policy-check), in words: an update needs the admin's yes. */
  warnings: z.array(z.string()),
  /** Why this campaign's ads cannot follow the template now (a blocking policy finding, Google's refusal, a failing domain), or null. */
  problem: z.string().nullable(),
});
export type CampaignAdTexts = z.infer<typeof CampaignAdTextsSchema>;

/** POST /api/google-ads/launches/:launchId/ad-texts: the admin's yes to the new texts' policy warnings, as a launch asks it. */
export const AdTextsUpdateSchema = z.strictObject({
  /** Without it, texts with healthcare policy warnings are refused (409, each warning an issue with the path `acceptPolicyWarnings`). */
  acceptPolicyWarnings: z.boolean({ error: 'acceptPolicyWarnings must be true or false' }).default(false),
});
export type AdTextsUpdateInput = z.input<typeof AdTextsUpdateSchema>;

/** An update's outcome: applied, or nothing to do (its ads have the template's texts already: a retry or a double click). */
export const AdTextsUpdateResultSchema = z.object({
  applied: z.boolean(),
  /** How many ads were changed. */
  ads: z.number().int(),
  message: z.string(),
});
export type AdTextsUpdateResult = z.infer<typeof AdTextsUpdateResultSchema>;
