import { Messages, routes, type ClinicAdsAccount, type DomainMapping } from '@hap/contracts';
import { createInternalClient, internalHeaders, siblingFailure } from '@hap/service-kit/internal-client';

/** What ads needs of a clinic: what its ads show and the account they run in. */
export interface AdsClinic {
  id: number;
  name: string;
  domain: string | null;
  phone: string | null;
  address: string | null;
  googleAdsAccountId: string | null;
  /** The manager account (MCC) the agency reaches the clinic's account through. */
  googleAdsManagerId: string | null;
}

/** What ads asks tenant (DESIGN §2: clinics live there). */
export interface TenantClient {
  /** The clinic; 404 'Unable to find client data for preview.' when there is none; 503 when tenant cannot answer. */
  clinic(id: number, requestId?: string): Promise<AdsClinic>;
  /** Every clinic with a Google Ads account (digits only), by id; 503 when tenant cannot answer. */
  adsAccounts(requestId?: string): Promise<ClinicAdsAccount[]>;
}

export interface TenantClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
}

/** The host an active mapping of the whole site (path `/`) gives the clinic, the first by priority. */
export function mappedHost(mappings: readonly DomainMapping[], clientId: number): string | null {
  const own = mappings.filter((m) => m.clientId === clientId && m.isActive && m.path === '/').sort((a, b) => a.priority - b.priority || a.id - b.id);
  return own[0]?.domain ?? null;
}

/** Tenant's `getClient` row (the admin projection, ads being a backend service), as the ads service. */
export function createTenantClient(options: TenantClientOptions): TenantClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'tenant',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'ads' },
    timeoutMs: options.timeoutMs,
  });
  return {
    async clinic(id, requestId) {
      try {
        const headers = internalHeaders({ requestId });
        const c = await client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', headers });
        // A clinic without its own domain field may still answer on a mapped host (the demo clinics do).
        const domain = c.domain?.trim() || mappedHost(await client.call(routes.listDomainMappings, {}, { headers }), id);
        return { id: c.id, name: c.name, domain, phone: c.phone, address: c.address, googleAdsAccountId: c.googleAdsAccountId, googleAdsManagerId: c.googleAdsManagerId };
      } catch (err) {
        throw siblingFailure(err, 'tenant', Messages.previewClientNotFound);
      }
    },
    async adsAccounts(requestId) {
      try {
        return await client.call(routes.listClinicAdsAccounts, {}, { headers: internalHeaders({ requestId }) });
      } catch (err) {
        throw siblingFailure(err, 'tenant', Messages.previewClientNotFound);
      }
    },
  };
}
