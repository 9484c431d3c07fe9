import { routes } from '@hap/contracts';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';

/** A service as leads needs to know it: whose it is and whether it takes leads. */
export interface CatalogueService {
  id: number;
  clientId: number;
  isActive: boolean;
  /** The service's name, as the admin inbox shows it. */
  name: string;
}

/** What leads asks templates: the services of a clinic (DESIGN §2: services live there). */
export interface CatalogueClient {
  /** A clinic's services, active or not; throws when templates cannot answer. */
  servicesOf(clientId: number, requestId?: string): Promise<CatalogueService[]>;
}

export interface CatalogueClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  /** How long an answer is reused (ms); 0 asks every time. */
  cacheMs: number;
}

/**
 * Templates' `listServicesForClient` row through the kit's signed internal
 * client, as the leads service (a backend service sees inactive services too).
 * Answers are kept `cacheMs` per clinic: a burst of leads costs one call, and a
 * service an admin just deactivated takes leads for at most that long.
 */
export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'templates',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'leads' },
    timeoutMs: options.timeoutMs,
  });
  const cache = new Map<number, { at: number; services: Promise<CatalogueService[]> }>();
  return {
    servicesOf(clientId, requestId) {
      const now = Date.now();
      const kept = cache.get(clientId);
      if (kept && now - kept.at < options.cacheMs) return kept.services;
      const services = client
        .call(routes.listServicesForClient, { params: { clientId } }, { headers: internalHeaders({ requestId }) })
        .then((list) => list.map(({ id, clientId: owner, isActive, name }) => ({ id, clientId: owner, isActive, name })));
      if (options.cacheMs > 0) {
        cache.set(clientId, { at: now, services });
        // A failed answer is not kept: the next lead asks again.
        services.catch(() => cache.get(clientId)?.services === services && cache.delete(clientId));
        if (cache.size > 10_000) cache.delete(cache.keys().next().value as number);
      }
      return services;
    },
  };
}
