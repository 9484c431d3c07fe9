import { GOOGLE_ADS_AUTH_PAGE, Messages, type LaunchReadiness } from '@hap/contracts';
import { conflict } from '@hap/service-kit';
import type { MissingDomainError } from '../../campaign/campaign-preview';
import type { AdsClinic } from '../../clients/tenant.client';
import type { GoogleAdsAccess } from '../launches/launch.service';

/** Where a clinic's Google Ads account and domain are set (the Clients screen's Edit). */
export const CLIENTS_PAGE = '/admin/clients';

/**
 * What a launch for `clinic` would fail on besides its structure (issue 24
 * item 4): the clinic's Google Ads account (customer ID), the agency's Google
 * Ads connection (or Google Ads not being configured at all), the clinic's
 * domain (the final URL's host). The words are those a launch answers with,
 * and each names the admin page where it is set.
 */
export async function launchReadiness(clinic: Pick<AdsClinic, 'name' | 'domain' | 'googleAdsAccountId'>, access: GoogleAdsAccess): Promise<LaunchReadiness> {
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
  if (!clinic.domain?.trim()) {
    missing.push({ requirement: 'domain', message: Messages.clinicWithoutDomain(clinic.name), href: CLIENTS_PAGE, linkText: `Set ${clinic.name}'s domain in Clients` });
  }
  return { ready: missing.length === 0, missing };
}

/** A campaign asked of a clinic without a domain: 409 whose issue names the `domain` field, so screens need not read the words. */
export const missingDomainConflict = (err: MissingDomainError) => conflict(err.message, [{ path: 'domain', message: err.message }]);
