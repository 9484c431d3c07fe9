/**
 * Where a clinic's campaigns send people: the one place
 * landing URLs, sitelinks' URLs and launched campaigns' final URLs are built.
 *
 * - A clinic with its own domain (tenant's `GET /internal/clients/:id/site`:
 *   the domain the edge holds a certificate for, active or failing) has them
 *   on that domain: `https://{domain}/{path}`.
 * - Before that, they are on the platform's host (PUBLIC_BASE_URL) with
 *   `?client={id}`: the public shell resolves a page's clinic by the numeric
 *   client id in `?client=` when the host maps to no clinic (docs/public-site.md#choosing-the-clinic).
 *
 * The client's `domain` profile field and the admin's domain mappings no
 * longer decide a campaign's URLs (see services/ads/README.md).
 * Template B adds `style=B` either way (docs/public-site.md#page-styles).
 */
import { Messages, clinicPageUrl, serviceSegmentIndex, type ClientSiteDomain, type PolicySite } from '@hap/contracts';

/** A clinic without its own domain, on a platform whose public origin is not configured (production without PUBLIC_BASE_URL). */
export class PlatformOriginMissingError extends Error {
  constructor() {
    super(Messages.platformOriginMissing);
    this.name = 'PlatformOriginMissingError';
  }
}

export type LandingSite =
  /** The clinic's own domain (ASCII, lower case) and how its daily check stands. */
  | { kind: 'domain'; domain: string; status: ClientSiteDomain['status']; reason: string | null }
  /** The platform's origin (https://app.agency.example) and the clinic's id for `?client=`. */
  | { kind: 'platform'; origin: string; clientId: number };

/**
 * The site of a clinic from tenant's answer: its own domain, else the
 * platform's origin with its id (PlatformOriginMissingError when there is none).
 */
export function landingSiteOf(clinic: { id: number; customDomain: ClientSiteDomain | null }, platformOrigin: string | null): LandingSite {
  const own = clinic.customDomain;
  if (own) return { kind: 'domain', domain: own.domain.toLowerCase(), status: own.status, reason: own.reason };
  if (!platformOrigin) throw new PlatformOriginMissingError();
  return { kind: 'platform', origin: new URL(platformOrigin).origin, clientId: clinic.id };
}

/** The site as the healthcare policy check reads a final URL against it (docs/campaigns.md#healthcare-policy-check). */
export const policySiteOf = (site: LandingSite): PolicySite => (site.kind === 'domain' ? { kind: 'domain', domain: site.domain, failing: site.status === 'failing' } : site);

/** The words a launch or test is refused with when its URLs are on the clinic's failing domain; null when they are not. */
export function failingDomainOf(site: LandingSite, urls: readonly string[]): string | null {
  if (site.kind !== 'domain' || site.status !== 'failing') return null;
  return urls.some((url) => hostOf(url) === site.domain) ? Messages.domainFailing(site.domain, site.reason) : null;
}

const trimSlashes = (value: string) => value.replace(/^\/+|\/+$/g, '');

/**
 * A page of the clinic's site: `https://{domain}/{path}`, or
 * `{platform origin}/{path}?client={id}`; `style=B` for Template B.
 * `path` may carry its own query or fragment (a sitelink's `/book?x=1#top`).
 */
export function siteUrl(site: LandingSite, path: string, styleParam?: 'B' | null): string {
  // The one rule for links to a clinic's live pages (contracts clinicPageUrl), which the admin's and the portal's links share.
  const page = trimSlashes(path.trim());
  const url = new URL(site.kind === 'domain' ? clinicPageUrl({ clientId: 0, domain: site.domain }, page) : clinicPageUrl({ clientId: site.clientId, domain: null }, page, site.origin));
  if (styleParam === 'B') url.searchParams.set('style', 'B');
  return url.toString();
}

/** A URL the call gives (the builder's or the preview's final URL) with Template B's `style=B` (docs/public-site.md#page-styles). */
export function withStyleParam(url: string, styleParam: 'B' | null | undefined): string {
  if (styleParam !== 'B') return url;
  const parsed = new URL(url);
  parsed.searchParams.set('style', 'B');
  return parsed.toString();
}

/** The placeholder a sitelink's link may hold: the service's landing URL (docs/admin.md#records). */
export const CLIENT_WEBSITE_PLACEHOLDER = '{{CLIENT_WEBSITE}}';

/** `landing` with a tail added: a fragment replaces the landing URL's, a query's parameters join its own (`?client=` stays). */
function withTail(landing: string, tail: string): string {
  const url = new URL(landing);
  const hashAt = tail.indexOf('#');
  const query = hashAt === -1 ? tail : tail.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : tail.slice(hashAt);
  if (query.startsWith('?')) for (const [key, value] of new URLSearchParams(query.slice(1))) url.searchParams.set(key, value);
  if (hash) url.hash = hash;
  return url.toString();
}

/**
 * Where a sitelink goes: the placeholder becomes the landing URL (a `#…` or
 * `?…` after it stays on it, a path after it is a page of the site), a path is
 * a page of the clinic's site, a full URL stays as it is, nothing at all is the
 * landing URL.
 */
export function sitelinkUrl(link: string | null, landingUrl: string, site: LandingSite): string {
  const value = (link ?? '').trim();
  if (!value) return landingUrl;
  if (value.includes(CLIENT_WEBSITE_PLACEHOLDER)) {
    const rest = value.replace(CLIENT_WEBSITE_PLACEHOLDER, '');
    if (!rest) return landingUrl;
    if (/^[?#]/.test(rest)) return withTail(landingUrl, rest);
    return pageUrl(site, rest);
  }
  if (/^https?:\/\//i.test(value)) return value;
  return pageUrl(site, value);
}

/** A path with its own query or fragment, as a page of the site (`?client=` kept on the platform's host). */
function pageUrl(site: LandingSite, value: string): string {
  const parsed = new URL(value.replace(/^\/*/, '/'), 'https://site.invalid');
  return withTail(siteUrl(site, parsed.pathname), `${parsed.search}${parsed.hash}`);
}

/** The host of a URL, lower case, or null when it is not a URL. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * A landing URL with its page moved from `fromPath` to `toPath` (a template's slug
 * or a service's path changed; docs/admin.md#page-paths): the
 * service's segment is replaced, the host, the rest of the path, the query
 * (`?client=`, `style=B`) and the fragment stay. Null when the URL is not on that page.
 */
export function movedPageUrl(url: string, fromPath: string, toPath: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const segments = parsed.pathname.split('/');
  // segments[0] is '' (the path starts with '/'); the service's segment is the first, or the second after a prefix.
  const at = serviceSegmentIndex(segments);
  const segment = segments[at];
  if (segment === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (decoded.toLowerCase() !== fromPath.toLowerCase()) return null;
  segments[at] = encodeURIComponent(toPath);
  parsed.pathname = segments.join('/');
  return parsed.toString();
}
