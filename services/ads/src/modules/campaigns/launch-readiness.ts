import { ErrorCode, GOOGLE_ADS_AUTH_PAGE, Messages, type LaunchReadiness } from '@hap/contracts';
import { AppError, conflict } from '@hap/service-kit';
import type { PlatformOriginMissingError } from '../../campaign/landing-url';
import type { AdsClinic } from '../../clients/tenant.client';
import type { GoogleAdsAccess } from '../launches/launch.service';

/** Where a clinic's Google Ads account is set (the Clients screen's Edit). */
export const CLIENTS_PAGE = '/admin/clients';
/** A clinic's Domains screen: its domains' states, and a failing one's running campaigns with Pause. */
export const domainsPageOf = (clientId: number) => `/admin/clients/${clientId}/domains`;

/**
 * What a launch for `clinic` would fail on besides its structure: the clinic's Google Ads account (customer ID), the agency's Google
 * Ads connection (or Google Ads not being configured at all), the clinic's
 * domain when it is failing its daily check (docs/domains.md: the final URL
 * is on it), or no landing URL at all (no domain of its own and no platform
 * origin configured). A clinic without a domain of its own is ready: its
 * URLs are on the platform's host. The words are those a
 * launch answers with, and each names the admin page where it is set.
 */
export async function launchReadiness(
  clinic: Pick<AdsClinic, 'id' | 'name' | 'customDomain' | 'googleAdsAccountId'>,
  access: GoogleAdsAccess,
  platformOrigin: string | null,
): Promise<LaunchReadiness> {
  const missing: LaunchReadiness['missing'] = [];
  if (!clinic.googleAdsAccountId?.trim()) {
    missing.push({
      requirement: 'googleAdsAccount',
      message: `${clinic.name} has no Google Ads account ID (customer ID): set it in the client's settings.`,
      href: CLIENTS_PAGE,
      linkText: `Set ${clinic.name}'s Google Ads account in Clients`,
    });
  }
  if (!access.gateway) {
    missing.push({ requirement: 'googleAdsConnection', message: Messages.googleAdsNotConfigured, href: GOOGLE_ADS_AUTH_PAGE, linkText: 'Open Google Ads Authentication' });
  } else if (!(await access.refreshToken())) {
    missing.push({ requirement: 'googleAdsConnection', message: Messages.googleAdsNotConnected, href: GOOGLE_ADS_AUTH_PAGE, linkText: 'Connect Google Ads' });
  }
  const own = clinic.customDomain;
  if (own?.status === 'failing') {
    missing.push({ requirement: 'domain', message: Messages.domainFailing(own.domain, own.reason), href: domainsPageOf(clinic.id), linkText: Messages.domainFailingLink(clinic.name) });
  } else if (!own && !platformOrigin) {
    missing.push({ requirement: 'domain', message: Messages.platformOriginMissing, href: CLIENTS_PAGE, linkText: `Open ${clinic.name} in Clients` });
  }
  return { ready: missing.length === 0, missing };
}

/** A test or launch whose URLs are on the clinic's failing domain: 409 with the domain's reason, its issue naming the `domain` field so screens need not read the words. */
export const failingDomainConflict = (message: string) => conflict(message, [{ path: 'domain', message }]);

/** A clinic without its own domain on a platform whose public origin is not configured: 503 NOT_CONFIGURED. */
export const platformOriginUnavailable = (err: PlatformOriginMissingError) => new AppError(503, ErrorCode.NOT_CONFIGURED, err.message);
