import { z } from 'zod';
import { timestamp } from '../fields';

/**
 * Running campaigns on a clinic's domain: when the domain
 * fails its daily check, the screen lists the launched campaigns whose final
 * URL is on it and still running (ENABLED in Google Ads; paused and removed
 * ones are left out), each with a one-click pause through
 * `POST /api/google-ads/launches/:launchId/status` `{ status: 'paused' }`.
 */
export const DomainCampaignSchema = z.object({
  launchId: z.uuid(),
  campaignName: z.string(),
  googleAdsCampaignId: z.string(),
  /** As Google reports it now: always ENABLED here (running). */
  status: z.literal('ENABLED'),
  /** The campaign's final URL as launched (its host is the domain). */
  finalUrl: z.string(),
  launchedAt: timestamp(),
});
export type DomainCampaign = z.infer<typeof DomainCampaignSchema>;
