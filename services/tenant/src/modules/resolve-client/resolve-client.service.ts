import { DEFAULT_CLIENT_ID, parseClientParam, type ClientResolution } from '@hap/contracts';
import type { ContentCache } from '@hap/service-kit';
import type { ClientRepository } from '../client/client.repository';
import type { DomainMappingRepository } from '../domain-mapping/domain-mapping.repository';
import { hostKey, isDevClientOnePath, isDevelopmentHost, pickMapping } from './resolve-client.rules';

export interface ResolveClientFacts {
  host: string;
  path: string;
  client?: string;
  session?: string;
}

/**
 * Chooses the client of a page request. The order (docs/public-site.md#choosing-the-clinic): a mapped
 * host, then ?client=, then /trt and /ed on development hosts, then the
 * session's client, then client 1. Each step queries only when reached.
 *
 * With a cache (public pages), the two facts it reads from the database are
 * cached, not the resolution: a host's active mappings (key: the normalised
 * host) and whether a client id exists (key: the id). The path only enters
 * through pure rules (the mapping's prefix, /trt and /ed), so every path of a
 * host shares its entries. Any audited tenant write clears the cache.
 */
export class ResolveClientService {
  constructor(
    private readonly mappings: DomainMappingRepository,
    private readonly clients: ClientRepository,
    private readonly cache: ContentCache | null = null,
  ) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache ? this.cache.get(key, load) : load();
  }

  async resolve(facts: ResolveClientFacts): Promise<ClientResolution> {
    const host = hostKey(facts.host);
    const mapping = pickMapping(await this.cached(`mappings:${host}`, () => this.mappings.activeForDomain(host)), facts.path);
    if (mapping) return { clientId: mapping.clientId, source: 'host' };

    const fromQuery = await this.existingClient(facts.client);
    if (fromQuery !== null) return { clientId: fromQuery, source: 'query' };

    if (isDevelopmentHost(host) && isDevClientOnePath(facts.path)) return { clientId: DEFAULT_CLIENT_ID, source: 'path' };

    const fromSession = await this.existingClient(facts.session);
    if (fromSession !== null) return { clientId: fromSession, source: 'session' };

    return { clientId: DEFAULT_CLIENT_ID, source: 'default' };
  }

  /** A client id given as text, when it is a positive integer of a client that exists. */
  private async existingClient(value: string | undefined): Promise<number | null> {
    const id = parseClientParam(value);
    return id !== null && (await this.cached(`client-exists:${id}`, () => this.clients.exists(id))) ? id : null;
  }
}
