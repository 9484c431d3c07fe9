import { z } from 'zod';
import { clinicPageUrl, type ClinicSite } from '../tenant/client-site';
import { clinicDomainOf } from '../tenant/portal-profile';

/**
 * The clinic portal's Pages (docs/portal.md: "the clinic's pages with links
 * and previews"), access 'clinic': the clinic is the signed identity's. Links
 * are built as the admin builds them: on the clinic's domain when it has one
 * (the Services screen's live-page link), else this platform's `?client=`
 * URLs (the Clients screen's View Client Homepage; docs/public-site.md#pages-and-routes routes).
 */

/** `GET /api/portal/pages`: one link of the clinic's site. */
export const PortalPageLinkSchema = z.object({
  /** Absolute on the clinic's domain; else a path on this platform with `?client=` (as the admin's View Client Homepage). */
  url: z.string(),
});

/** One active service's landing page, with its A/B/C styles (docs/public-site.md#pages-and-routes `/{servicePath}/{a|b|c}`). */
export const PortalServicePageSchema = z.object({
  serviceId: z.number().int(),
  name: z.string(),
  path: z.string(),
  url: z.string(),
  styles: z.object({ A: z.string(), B: z.string(), C: z.string() }),
});
export type PortalServicePage = z.infer<typeof PortalServicePageSchema>;

export const PortalPagesSchema = z.object({
  /** The clinic's domain the links are on, or null (links are this platform's, by `?client=`). */
  domain: z.string().nullable(),
  home: PortalPageLinkSchema,
  /** Each ACTIVE service of the clinic, by name. */
  services: z.array(PortalServicePageSchema),
  thanks: PortalPageLinkSchema,
});
export type PortalPages = z.infer<typeof PortalPagesSchema>;

/**
 * The clinic's home page on this platform, as the admin's View Client
 * Homepage opens it (docs/admin.md#clients): clients 1–3 the main home route, the
 * others the standalone home, by `?client=`.
 */
export function clientHomepageUrl(clientId: number): string {
  return clientId >= 1 && clientId <= 3 ? `/?client=${clientId}` : `/standalone-client-home?client=${clientId}`;
}

/** The clinic's home page where it is live: its live domain's root, else the platform's home by `?client=` (clientHomepageUrl). */
export function clinicHomeUrl(site: ClinicSite): string {
  return site.domain ? clinicPageUrl(site, '') : clientHomepageUrl(site.clientId);
}

const STYLES = ['A', 'B', 'C'] as const;

/**
 * The links of a clinic's pages: on its live domain when it has one (ClientSchema
 * `siteDomain`, never a domain not proved yet; the domain's
 * root is its home page; a service at `/{path}`, its styles at
 * `/{path}/a|b|c`), else this platform's paths with `?client=`, as the
 * admin's screens build them. `services` are the ones to list (the active).
 */
export function portalPagesOf(
  client: { id: number; domain: string | null },
  services: readonly { id: number; name: string; path: string }[],
): PortalPages {
  const domain = clinicDomainOf(client.domain);
  const at = (path: string) => clinicPageUrl({ clientId: client.id, domain: domain?.host ?? null }, path);
  return {
    domain: domain?.host ?? null,
    home: { url: clinicHomeUrl({ clientId: client.id, domain: domain?.host ?? null }) },
    services: services.map((service) => {
      const slug = service.path.replace(/^\/+|\/+$/g, '');
      const slugPath = slug.split('/').map(encodeURIComponent).join('/');
      return {
        serviceId: service.id,
        name: service.name,
        path: slug,
        url: at(slugPath),
        styles: Object.fromEntries(STYLES.map((style) => [style, at(`${slugPath}/${style.toLowerCase()}`)])) as Record<(typeof STYLES)[number], string>,
      };
    }),
    thanks: { url: at('thanks') },
  };
}
