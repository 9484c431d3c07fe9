import { z } from 'zod';
import { idField } from '../fields';
import { AdCopySchema } from './campaign';

/**
 * A template's ad texts reaching the campaigns already made from it
 * (docs/campaigns.md#ad-texts-follow-the-template): after a push, the
 * headlines and descriptions of the clinics' launched campaigns are compared
 * with what a launch of the service would send now (the template's campaign
 * and the service's own headline and description), ad group by ad group;
 * the changes are checked by Google (validate_only), confirmed by the admin
 * (the launch's policy warnings included), applied and audited.
 */

/** The most clinics one check or update covers (a push's clinics). */
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

/** POST /api/google-ads/ad-texts/apply: the scope and the admin's yes to the policy warnings, as a launch asks it. */
export const AdTextsApplySchema = AdTextsScopeSchema.extend({
  /** Without it, texts with healthcare policy warnings are refused (409, each warning an issue with the path `acceptPolicyWarnings`). */
  acceptPolicyWarnings: z.boolean({ error: 'acceptPolicyWarnings must be true or false' }).default(false),
});
export type AdTextsApplyInput = z.input<typeof AdTextsApplySchema>;
export type AdTextsApply = z.output<typeof AdTextsApplySchema>;

/** One responsive search ad whose texts differ from the template's now. */
export const AdTextChangeSchema = z.object({
  adGroup: z.string(),
  /** Google's ad id. */
  adId: z.string(),
  before: AdCopySchema,
  after: AdCopySchema,
});
export type AdTextChange = z.infer<typeof AdTextChangeSchema>;

/** One launched campaign of the scope and what following the template would change in it. */
export const CampaignAdTextsSchema = z.object({
  launchId: z.uuid(),
  clientId: z.number().int(),
  serviceId: z.number().int(),
  campaignName: z.string(),
  /** As Google reports it now: ENABLED or PAUSED (removed campaigns are left out). */
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

/** POST /api/google-ads/ad-texts/check: the scope's campaigns, changes checked by Google (nothing applied). */
export const AdTextsReviewSchema = z.object({ campaigns: z.array(CampaignAdTextsSchema) });
export type AdTextsReview = z.infer<typeof AdTextsReviewSchema>;

export const AdTextsApplyResultSchema = z.object({
  updated: z.array(z.object({ launchId: z.uuid(), campaignName: z.string(), ads: z.number().int() })),
  failed: z.array(z.object({ launchId: z.uuid(), campaignName: z.string(), reason: z.string() })),
});
export type AdTextsApplyResult = z.infer<typeof AdTextsApplyResultSchema>;
