import { z } from 'zod';

/**
 * Where a clinic's site is, as the other services read it:
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

/** A clinic's site as links need it: its live domain (ClientSchema `siteDomain`), else the platform's address by `?client=`. */
export interface ClinicSite {
  clientId: number;
  /** ASCII, lower case; null: on the platform's address. */
  domain: string | null;
}

const RELATIVE_BASE = 'http://platform.invalid';

/**
 * A page of a clinic's site, the one rule for every link to its live pages
 * (ads' landing URLs, the admin's and the portal's live-page links):
 * `https://{domain}/{path}` on its live domain, else `{platformOrigin}/{path}?client={id}`
 * (docs/public-site.md#choosing-the-clinic: an unmapped host picks the clinic by the query). Without a
 * platform origin the platform link is a path on this site (`/trt?client=7`).
 * `path` may carry its own query or fragment.
 */
export function clinicPageUrl(site: ClinicSite, path: string, platformOrigin = ''): string {
  const base = site.domain ? `https://${site.domain.toLowerCase()}` : platformOrigin ? new URL(platformOrigin).origin : RELATIVE_BASE;
  const url = new URL(`/${path.trim().replace(/^\/+/, '')}`, `${base}/`);
  if (!site.domain) url.searchParams.set('client', String(site.clientId));
  const text = url.toString();
  return text.startsWith(RELATIVE_BASE) ? text.slice(RELATIVE_BASE.length) : text;
}
