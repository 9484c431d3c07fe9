import { Messages, routes, type ClientSiteDomain, type ClinicAdsAccount } from '@hap/contracts';
import { createSiblingClient, fromSibling, withRequestId, type SiblingClientOptions } from '@hap/service-kit/internal-client';

/** What ads needs of a clinic: what its ads show and the account they run in. */
export interface AdsClinic {
  id: number;
  name: string;
  /**
   * The clinic's own domain (tenant's `GET /internal/clients/:id/site`: the one with a certificate,
   * active or failing), or null while its pages are on the platform's host. The client's `domain`
   * profile field and the domain mappings are not read.
   */
  customDomain: ClientSiteDomain | null;
  phone: string | null;
  address: string | null;
  googleAdsAccountId: string | null;
  /** The manager account (MCC) the agency reaches the clinic's account through. */
  googleAdsManagerId: string | null;
}

/** What ads asks tenant (ARCHITECTURE.md#who-owns-what: clinics live there). */
export interface TenantClient {
  /** The clinic; 404 'Unable to find client data for preview.' when there is none; 503 when tenant cannot answer. */
  clinic(id: number, requestId?: string): Promise<AdsClinic>;
  /** Every clinic with a Google Ads account (digits only), by id; 503 when tenant cannot answer. */
  adsAccounts(requestId?: string): Promise<ClinicAdsAccount[]>;
}

export type TenantClientOptions = SiblingClientOptions;

/** Tenant's `getClient` row (the admin projection, ads being a backend service) and its `getClientSite` row, as the ads service. */
export function createTenantClient(options: TenantClientOptions): TenantClient {
  const client = createSiblingClient('ads', 'tenant', options);
  return {
    async clinic(id, requestId) {
      const [c, site] = await fromSibling(
        Promise.all([
          client.call(routes.getClient, { params: { id }, query: {} }, { projection: 'admin', ...withRequestId(requestId) }),
          client.call(routes.getClientSite, { params: { id } }, withRequestId(requestId)),
        ]),
        'tenant',
        Messages.previewClientNotFound,
      );
      return {
        id: c.id,
        name: c.name,
        customDomain: site.domain,
        phone: c.phone,
        address: c.address,
        googleAdsAccountId: c.googleAdsAccountId,
        googleAdsManagerId: c.googleAdsManagerId,
      };
    },
    adsAccounts: (requestId) => fromSibling(client.call(routes.listClinicAdsAccounts, {}, withRequestId(requestId)), 'tenant', Messages.previewClientNotFound),
  };
}
