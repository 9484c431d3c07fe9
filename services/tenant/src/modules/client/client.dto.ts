import type { Client, TrackingSettings } from '@hap/contracts';
import type { ClientEntity } from './client.entity';

/** What the custom domains module says of a clinic's address (ClientSchema `domainClaim`, `siteDomain`). */
export interface ClientSiteView {
  domainClaim: Client['domainClaim'];
  siteDomain: string | null;
}

/** A clinic whose claims were not read (a projection that does not carry them). */
export const NO_SITE_VIEW: ClientSiteView = { domainClaim: null, siteDomain: null };

/** Row → API shape: camelCase fields, dates as ISO strings; `site` from the custom domains module (ClientService reads it). */
export function toClientDto(row: ClientEntity, site: ClientSiteView = NO_SITE_VIEW): Client {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    domain: row.domain,
    brandColor: row.brandColor,
    brandBgColor: row.brandBgColor,
    logoPath: row.logoPath,
    officeImagePath: row.officeImagePath,
    googleAdsTagId: row.googleAdsTagId,
    googleAdsAccountId: row.googleAdsAccountId,
    googleAdsManagerId: row.googleAdsManagerId,
    googleAnalyticsId: row.googleAnalyticsId,
    facebookPixelId: row.facebookPixelId,
    trackingEnabled: row.trackingEnabled,
    conversionTrackingEnabled: row.conversionTrackingEnabled,
    offlineConversionStatus: row.offlineConversionStatus,
    bookingLink: row.bookingLink,
    ghlSubaccountId: row.ghlSubaccountId,
    ghlSubaccountName: row.ghlSubaccountName,
    ghlCreatedAt: row.ghlCreatedAt ? row.ghlCreatedAt.toISOString() : null,
    crmStatus: row.crmStatus,
    crmError: row.crmError,
    crmUpdatedAt: row.crmUpdatedAt ? row.crmUpdatedAt.toISOString() : null,
    webhookUrl: row.webhookUrl,
    webhookSecret: row.webhookSecret,
    portalProfileEditable: row.portalProfileEditable,
    leadDetailEmail: row.leadDetailEmail,
    monthlyAdBudget: row.monthlyAdBudget,
    targetCostPerBooking: row.targetCostPerBooking,
    domainClaim: site.domainClaim,
    siteDomain: site.siteDomain,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTrackingSettingsDto(row: ClientEntity): TrackingSettings {
  return {
    googleAdsTagId: row.googleAdsTagId,
    facebookPixelId: row.facebookPixelId,
    googleAnalyticsId: row.googleAnalyticsId,
    trackingEnabled: row.trackingEnabled,
    conversionTrackingEnabled: row.conversionTrackingEnabled,
  };
}

/** How a secret appears in the audit log: that it changed, never its value. */
const redactSecret = (secret: string | null) => (secret ? `••••${secret.slice(-4)}` : null);

/** A client as the audit log keeps it: the webhook secret redacted. */
export function toAuditedClient(dto: Partial<Client>): Partial<Client> {
  // What the custom domains module says is its own audit's, not a client field.
  const { domainClaim: _claim, siteDomain: _site, ...fields } = dto;
  return 'webhookSecret' in fields ? { ...fields, webhookSecret: redactSecret(fields.webhookSecret ?? null) } : fields;
}
