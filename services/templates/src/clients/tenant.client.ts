import { ClientPublicSchema, Messages, routes, type ClientPublic, type ClinicSite } from '@hap/contracts';
import { createSiblingClient, fromSibling, withRequestId, type SiblingClientOptions } from '@hap/service-kit/internal-client';

/** What templates asks tenant: clinics live there (ARCHITECTURE.md#who-owns-what), so their existence is its answer. */
export interface TenantClient {
  /** Resolves when client `id` exists; 404 'Client {id} was not found.' when not; 503 when tenant cannot answer. */
  assertClientExists(id: number, requestId?: string): Promise<void>;
  /** The clinic's public projection (what anonymous pages may read); the same errors. */
  publicClient(id: number, requestId?: string): Promise<ClientPublic>;
  /** Where the clinic's pages are live (ClientSchema `siteDomain`: its own domain, else null for the platform's address); the same errors. */
  clinicSite(id: number, requestId?: string): Promise<ClinicSite>;
}

export type TenantClientOptions = SiblingClientOptions;

/**
 * Tenant's `getClient` row through the kit's signed internal client, as the
 * templates service (a backend service: tenant answers the admin projection,
 * which is not passed on). No retries: the admin's save is cheap to repeat,
 * and a write must not wait long on a sibling that is down.
 */
export function createTenantClient(options: TenantClientOptions): TenantClient {
  const client = createSiblingClient('templates', 'tenant', options);
  /** The admin record of client `id`; 404 with templates' words when there is none. */
  const clinic = (id: number, requestId?: string) =>
    fromSibling(client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', ...withRequestId(requestId) }), 'tenant', Messages.clientNotFound(id));
  return {
    async assertClientExists(id, requestId) {
      await clinic(id, requestId);
    },
    // Tenant answers a backend service the admin record: only the public fields go on.
    publicClient: async (id, requestId) => ClientPublicSchema.parse(await clinic(id, requestId)),
    async clinicSite(id, requestId) {
      const found = await clinic(id, requestId);
      return { clientId: found.id, domain: found.siteDomain };
    },
  };
}
