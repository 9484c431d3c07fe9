import { ClientPublicSchema, Messages, routes, type ClientPublic, type ClinicSite } from '@hap/contracts';
import { createInternalClient, internalHeaders, siblingFailure } from '@hap/service-kit/internal-client';

/** What templates asks tenant: clinics live there (ARCHITECTURE.md#who-owns-what), so their existence is its answer. */
export interface TenantClient {
  /** Resolves when client `id` exists; 404 'Client {id} was not found.' when not; 503 when tenant cannot answer. */
  assertClientExists(id: number, requestId?: string): Promise<void>;
  /** The clinic's public projection (what anonymous pages may read); the same errors. */
  publicClient(id: number, requestId?: string): Promise<ClientPublic>;
  /** Where the clinic's pages are live (ClientSchema `siteDomain`: its own domain, else null for the platform's address); the same errors. */
  clinicSite(id: number, requestId?: string): Promise<ClinicSite>;
}

export interface TenantClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
}


/**
 * Tenant's `getClient` row through the kit's signed internal client, as the
 * templates service (a backend service: tenant answers the admin projection,
 * which is not passed on). No retries: the admin's save is cheap to repeat,
 * and a write must not wait long on a sibling that is down.
 */
export function createTenantClient(options: TenantClientOptions): TenantClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'tenant',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'templates' },
    timeoutMs: options.timeoutMs,
  });
  return {
    async assertClientExists(id, requestId) {
      try {
        await client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', headers: internalHeaders({ requestId }) });
      } catch (err) {
        throw siblingFailure(err, 'tenant', Messages.clientNotFound(id));
      }
    },
    async publicClient(id, requestId) {
      let found;
      try {
        found = await client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', headers: internalHeaders({ requestId }) });
      } catch (err) {
        throw siblingFailure(err, 'tenant', Messages.clientNotFound(id));
      }
      // Tenant answers a backend service the admin record: only the public fields go on.
      return ClientPublicSchema.parse(found);
    },
    async clinicSite(id, requestId) {
      try {
        const found = await client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', headers: internalHeaders({ requestId }) });
        return { clientId: found.id, domain: found.siteDomain };
      } catch (err) {
        throw siblingFailure(err, 'tenant', Messages.clientNotFound(id));
      }
    },
  };
}
