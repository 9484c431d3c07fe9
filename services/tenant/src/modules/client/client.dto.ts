import type { Client, TrackingSettings } from '@hap/contracts';
import type { ClientEntity } from './client.entity';

/** Row → API shape: camelCase fields, dates as ISO strings. */
export function toClientDto(row: ClientEntity): Client {
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
  return 'webhookSecret' in dto ? { ...dto, webhookSecret: redactSecret(dto.webhookSecret ?? null) } : dto;
}
