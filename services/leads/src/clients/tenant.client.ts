import { routes } from '@hap/contracts';
import { createInternalClient, internalHeaders } from '@hap/service-kit/internal-client';

/** What a delivery needs to know of a clinic. */
export interface Clinic {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** Where new leads are POSTed, signed with `secret`; null when the clinic has none. */
  webhook: { url: string; secret: string } | null;
  /** The clinic's CRM sub-account (GoHighLevel location id); null until it has one. */
  crmLocationId: string | null;
}

/** What leads asks tenant: clinics live there (DESIGN §2). */
export interface TenantClient {
  /** The clinic; throws ApiError (404 when it is gone, 503 when tenant cannot answer). */
  clinic(id: number): Promise<Clinic>;
}

export function createTenantClient(options: { baseUrl: string; internalSecret: string; timeoutMs: number }): TenantClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    target: 'tenant',
    internalSecret: options.internalSecret,
    identity: { kind: 'service', service: 'leads' },
    timeoutMs: options.timeoutMs,
  });
  return {
    async clinic(id) {
      const found = await client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', headers: internalHeaders({}) });
      const webhook = found.webhookUrl && found.webhookSecret ? { url: found.webhookUrl, secret: found.webhookSecret } : null;
      return { id: found.id, name: found.name, email: found.email ?? null, phone: found.phone ?? null, webhook, crmLocationId: found.ghlSubaccountId ?? null };
    },
  };
}
