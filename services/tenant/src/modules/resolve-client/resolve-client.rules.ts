import { DEV_CLIENT_ONE_PATHS, isDevelopmentHost, normaliseHost } from '@hap/contracts';

/**
 * The pure parts of choosing a page's client (docs/public-site.md#choosing-the-clinic, docs/public-site.md#choosing-the-clinic);
 * resolve-client.service.ts applies them in order with the database's facts.
 */

/**
 * `WWW.Clinic.com:443.` → `www.clinic.com`; a trailing root dot is the same
 * host; a bare IPv6 address (`::1`) is bracketed so no part is taken for a port.
 */
export function hostKey(host: string): string {
  const raw = host.trim();
  const bareIpv6 = !raw.startsWith('[') && raw.split(':').length > 2;
  return normaliseHost(bareIpv6 ? `[${raw}]` : raw).replace(/\.$/, '');
}

/** The path part only, starting with /, without a trailing slash (except the root). */
export function pathKey(path: string): string {
  const bare = path.trim().split(/[?#]/, 1)[0] || '/';
  const rooted = bare.startsWith('/') ? bare : `/${bare}`;
  return rooted.replace(/\/+$/, '') || '/';
}

/** Whether a mapping's path prefix covers a request path, on segment boundaries. */
export function pathMatches(prefix: string, path: string): boolean {
  const p = pathKey(prefix);
  if (p === '/') return true;
  const target = pathKey(path);
  return target === p || target.startsWith(`${p}/`);
}

export interface MappingCandidate {
  id: number;
  path: string;
  priority: number;
  clientId: number;
}

/** Longest matching path prefix, then lowest priority number, then lowest id. */
export function pickMapping<T extends MappingCandidate>(candidates: readonly T[], path: string): T | null {
  const matching = candidates.filter((m) => pathMatches(m.path, path));
  matching.sort(
    (a, b) => pathKey(b.path).length - pathKey(a.path).length || a.priority - b.priority || a.id - b.id,
  );
  return matching[0] ?? null;
}

/** One rule for every workspace (contracts): local machines and preview deployments. */
export { isDevelopmentHost };

export const isDevClientOnePath = (path: string): boolean =>
  (DEV_CLIENT_ONE_PATHS as readonly string[]).includes(pathKey(path).toLowerCase());
