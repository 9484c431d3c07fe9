import { parseClientParam } from '@hap/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * What the server reads off a page request, and the caching each answer gets: plain
 * functions of the request, kept apart from app.ts's routes.
 */

/** The first value of a header a proxy may have sent as a list. */
export const firstValue = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;

/** The host the visitor reached (the gateway's x-forwarded-host): a name and a port; anything else (a forged header) is not worth a canonical URL. */
export function visitorHost(request: FastifyRequest): string {
  const claimed = firstValue(request.headers['x-forwarded-host']) ?? request.headers.host ?? '';
  return /^[a-z0-9.-]{1,253}(?::\d{1,5})?$/i.test(claimed) ? claimed.toLowerCase() : 'localhost';
}

export const visitorProto = (request: FastifyRequest) => (firstValue(request.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http');

/**
 * Who may keep a page, and how long (README, "How a page is made", step 3). A page that
 * depends on nothing but its URL and host (a clinic chosen by a mapped host or the
 * development /trt and /ed paths, rendered from both answers, setting no cookie) may be kept
 * by browsers and shared caches (a CDN) for 30 s, served stale for a minute while they ask
 * again, and for a day while we answer errors. A page chosen by the session cookie or the
 * default (a ?client= visit changes the cookie, the URL stays; a shared cache does not key
 * on cookies), one that sets the cookie, one rendered with fallbacks and a last good copy
 * sent while tenant or templates is down are revalidated on every view (weak ETag, 304);
 * an error or not-found page is not stored.
 */
export const PAGE_CACHE = {
  shared: 'public, max-age=30, stale-while-revalidate=60, stale-if-error=86400',
  /** A URL an experiment runs at: one URL, a page per arm, chosen by the visitor's cookie; never kept by a shared cache. */
  experiment: 'private, no-cache',
  revalidate: 'no-cache',
  none: 'no-store',
} as const;

/** Hashed assets are immutable; a miss must not be cached long, or a deploy's new file would stay "missing". */
export function replyAssetMissing(reply: FastifyReply) {
  return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
}

/**
 * The address of a page that moved from `from` to `to`: the service's segment of the
 * URL's path (`/{path}`, `/{path}/b`, `/services/{path}`, `/unified/{path}/style-a`)
 * is replaced, and the whole query (`?client=12&gclid=…`) kept.
 */
export function movedAddress(url: URL, from: string, to: string): string | null {
  const segments = url.pathname.split('/');
  const first = (segments[1] ?? '').toLowerCase();
  const at = first === 'services' || first === 'funnel-service' || first === 'unified' ? 2 : 1;
  let segment: string;
  try {
    segment = decodeURIComponent(segments[at] ?? '');
  } catch {
    return null;
  }
  if (segment.toLowerCase() !== from.toLowerCase()) return null;
  segments[at] = encodeURIComponent(to);
  return `${segments.join('/')}${url.search}`;
}

/**
 * Whether the thank-you page may name the clinic its request resolved to: not
 * when a `?client=` names a clinic that does not exist (never did, or was
 * deleted) and the resolution fell back to another (the session's, client 1).
 * A host that names its clinic wins over the parameter, as on every page.
 */
export function thanksMayNameClinic(source: string, clientParam: string | null): boolean {
  if (clientParam === null || parseClientParam(clientParam) === null) return true;
  return source === 'query' || source === 'host';
}
