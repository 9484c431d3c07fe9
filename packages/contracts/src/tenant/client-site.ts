import { z } from 'zod';

/**
 * Where a clinic's site is, as the other services read it (issue 28 item 5):
 * its own domain once it has one, else nothing (its pages are on the
 * platform's host by `?client=`). "Its own domain" is the one the edge holds a
 * certificate for and that is active or failing (the daily health check turns
 * an active domain failing with its reason, and back); the newest certificate
 * when there are several.
 */
export const CLIENT_SITE_DOMAIN_STATUSES = ['active', 'failing'] as const;

export const ClientSiteDomainSchema = z.object({
  /** ASCII (punycode), lower case. */
  domain: z.string(),
  status: z.enum(CLIENT_SITE_DOMAIN_STATUSES),
  /** Why it is failing, in words; null when active. */
  reason: z.string().nullable(),
});
export type ClientSiteDomain = z.infer<typeof ClientSiteDomainSchema>;

/** `GET /internal/clients/:id/site`. */
export const ClientSiteSchema = z.object({
  clientId: z.number().int(),
  domain: ClientSiteDomainSchema.nullable(),
});
export type ClientSite = z.infer<typeof ClientSiteSchema>;
