import { z } from 'zod';
import { idField } from '../fields';

/**
 * A page an ad points to never disappears by an edit (README of services/templates,
 * "Page paths"): every former path of a page answers 301 to its current one, the
 * editor says who uses a page before its path changes, running campaigns' final
 * URLs follow the change through ads' audited path, and a deactivation that
 * running campaigns point to is asked first.
 */

/** One running Google Ads campaign whose final URL is a clinic's page. */
export const PageCampaignSchema = z.object({
  launchId: z.uuid(),
  clientId: z.number().int(),
  serviceId: z.number().int(),
  campaignName: z.string(),
  googleAdsCampaignId: z.string(),
  finalUrl: z.string(),
});
export type PageCampaign = z.infer<typeof PageCampaignSchema>;

/** POST /internal/google-ads/running-campaigns: the client services whose running campaigns are asked for. */
export const RunningCampaignsQuerySchema = z.strictObject({
  services: z
    .array(z.strictObject({ serviceId: idField('Service id'), clientId: idField('Client id') }))
    .max(5000, 'At most 5000 services at a time'),
});
export type RunningCampaignsQuery = z.infer<typeof RunningCampaignsQuerySchema>;

/**
 * The services' campaigns that run (ENABLED in Google Ads now). `checked` is false when
 * Google Ads could not be asked (not configured, not connected, unreachable): then every
 * campaign a launch created is listed, as one that may be running.
 */
export const RunningCampaignsSchema = z.object({
  campaigns: z.array(PageCampaignSchema),
  checked: z.boolean(),
});
export type RunningCampaigns = z.infer<typeof RunningCampaignsSchema>;

/** One client service whose page moved from one path to another. */
export const PageMoveSchema = z.strictObject({
  clientId: idField('Client id'),
  serviceId: idField('Service id'),
  fromPath: z.string().min(1).max(200),
  toPath: z.string().min(1).max(200),
});
export type PageMove = z.infer<typeof PageMoveSchema>;

/** POST /internal/google-ads/page-moves: pages that moved (templates, after the change committed), and the admin who moved them. */
export const PageMovesSchema = z.strictObject({
  moves: z.array(PageMoveSchema).max(5000, 'At most 5000 pages at a time'),
  /** The admin's e-mail, for the audit entries' names. */
  actorEmail: z.string().max(320).nullish(),
});
export type PageMoves = z.infer<typeof PageMovesSchema>;

export const PageMovesResultSchema = z.object({
  /** Campaigns whose ads' final URLs now name the new path. */
  updated: z.array(z.object({ launchId: z.uuid(), campaignName: z.string(), from: z.string(), to: z.string(), ads: z.number().int() })),
  /** Campaigns that could not be changed (their old URLs keep working through the 301). */
  failed: z.array(z.object({ launchId: z.uuid(), campaignName: z.string(), reason: z.string() })),
});
export type PageMovesResult = z.infer<typeof PageMovesResultSchema>;

/** GET /api/service-templates/:id/page-impact and /api/services/:id/page-impact: who uses a page before its path changes. */
export const PageImpactSchema = z.object({
  /** The page's current path (a template's slug, or the service's path). */
  path: z.string(),
  /** Clinics with an active service at this page. */
  clinics: z.number().int(),
  /** Running Google Ads campaigns whose final URL is this page (of those clinics). */
  runningCampaigns: z.number().int(),
  campaigns: z.array(PageCampaignSchema),
  /** False when Google Ads could not be asked: the campaigns are those launched, which may be running. */
  campaignsChecked: z.boolean(),
  /** What the editor shows before saving a new path. */
  message: z.string(),
});
export type PageImpact = z.infer<typeof PageImpactSchema>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The words of these checks (the editor and the API say the same). */
export const PAGE_MOVE_TEXTS = {
  impact: (path: string, clinics: number, campaigns: number) =>
    `/${path} is used by ${plural(clinics, 'clinic')} and ${plural(campaigns, 'running Google Ads campaign')}. ` +
    'After the change the old address answers with a permanent redirect (301) to the new one, and the running campaigns’ final URLs are updated in Google Ads.',
  deactivateRunning: (path: string, campaigns: number) =>
    `${plural(campaigns, 'running Google Ads campaign points', 'running Google Ads campaigns point')} to /${path}. ` +
    'Deactivating the service takes the page down, and their clicks would land on a page that is not found. Pause the campaigns first, or confirm to deactivate anyway.',
  deactivateUnchecked: (path: string) =>
    `The ads service did not answer, so it is not known whether running Google Ads campaigns point to /${path}. Deactivating the service takes the page down: try again, or confirm to deactivate anyway.`,
  campaignsUnchecked: 'Google Ads could not be asked which campaigns run now, so every campaign launched on this page is counted.',
} as const;
