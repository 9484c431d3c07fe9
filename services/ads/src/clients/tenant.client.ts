import { ApiError, ErrorCode, Messages, routes } from '@hap/contracts';
import { AppError, notFound } from '@hap/service-kit';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';

/** What ads needs of a clinic: what its ads show and the account they run in. */
export interface AdsClinic {
  id: number;
  name: string;
  domain: string | null;
  phone: string | null;
  address: string | null;
  googleAdsAccountId: string | null;
}

/** What ads asks tenant (DESIGN §2: clinics live there). */
export interface TenantClient {
  /** The clinic; 404 'Unable to find client data for preview.' when there is none; 503 when tenant cannot answer. */
  clinic(id: number, requestId?: string): Promise<AdsClinic>;
}

export interface TenantClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
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
        const c = await client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', headers: internalHeaders({ requestId }) });
        return { id: c.id, name: c.name, domain: c.domain, phone: c.phone, address: c.address, googleAdsAccountId: c.googleAdsAccountId };
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) throw notFound(Messages.previewClientNotFound);
        throw Object.assign(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('tenant')), { cause: err });
      }
    },
  };
}
