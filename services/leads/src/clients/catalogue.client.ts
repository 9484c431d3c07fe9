import { createHash } from 'node:crypto';
import { routes, type NamedService } from '@hap/contracts';
import { createContentCache, TEMPLATES_PAGE_CACHE, type ContentCache, type ContentCacheOptions } from '@hap/service-kit';
import { createSiblingClient, withRequestId, type SiblingClientOptions } from '@hap/service-kit/internal-client';

/** A service as leads needs to know it: whose it is and whether it takes leads. */
export interface CatalogueService {
  id: number;
  clientId: number;
  isActive: boolean;
  /** The service's name, as the admin inbox shows it. */
  name: string;
}

/** What leads asks templates: the services of a clinic (ARCHITECTURE.md#who-owns-what: services live there). */
export interface CatalogueClient {
  /** A clinic's services, active or not; throws when templates cannot answer. */
  servicesOf(clientId: number, requestId?: string): Promise<CatalogueService[]>;
  /** Many clinics' services' names at once (results by service, agency-wide); unknown ids are left out. Throws like servicesOf. */
  serviceNames(ids: readonly number[], requestId?: string): Promise<NamedService[]>;
}

export interface CatalogueClientOptions extends SiblingClientOptions {
  /** Where answers are kept (catalogueCache); null asks every time. */
  cache: ContentCache | null;
}

/** The cache's name in metrics; it follows the pages' cache of templates, which templates clears after every admin write. */
export const CATALOGUE_CACHE = 'leads.catalogue';

/**
 * The clinics' services as leads keeps them: for `ttlMs` at most, and
 * forgotten in every leads process at once when templates clears its page
 * cache (after any admin write: a service deactivated, its template changed),
 * so a service taken off line stops taking leads on every replica at once,
 * as its page stops showing. Null when `ttlMs` is 0.
 */
export function catalogueCache(options: Pick<ContentCacheOptions, 'redis' | 'ttlMs' | 'metrics' | 'logger'>): ContentCache | null {
  if (options.ttlMs <= 0) return null;
  return createContentCache({ name: CATALOGUE_CACHE, follows: TEMPLATES_PAGE_CACHE, maxEntries: 10_000, ...options });
}

/**
 * Templates' `listServicesForClient` row through the kit's signed internal
 * client, as the leads service (a backend service sees inactive services too).
 * With a cache, a burst of leads costs one call per clinic; a failed answer is
 * not kept (the next lead asks again).
 */
export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const client = createSiblingClient('leads', 'templates', options);
  const ask = (clientId: number, requestId?: string) =>
    client
      .call(routes.listServicesForClient, { params: { clientId } }, withRequestId(requestId))
      .then((list) => list.map(({ id, clientId: owner, isActive, name }) => ({ id, clientId: owner, isActive, name })));
  return {
    servicesOf: (clientId, requestId) => (options.cache ? options.cache.get(String(clientId), () => ask(clientId, requestId)) : ask(clientId, requestId)),
    serviceNames: (ids, requestId) => {
      if (!ids.length) return Promise.resolve([]);
      const ask = () => client.call(routes.listServiceNames, { body: { ids: [...ids] } }, withRequestId(requestId));
      // Kept like a clinic's services: an agency-wide breakdown names the same thousands of services on every read.
      if (!options.cache) return ask();
      const key = `names:${createHash('sha256').update([...ids].sort((a, b) => a - b).join(',')).digest('base64url')}`;
      return options.cache.get(key, ask);
    },
  };
}
