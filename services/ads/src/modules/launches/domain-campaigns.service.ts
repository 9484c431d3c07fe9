import type { DataSource } from 'typeorm';
import { ErrorCode, Messages, type DomainCampaign } from '@hap/contracts';
import { AppError, assertAdmin, conflict, type Actor } from '@hap/service-kit';
import { hostOf } from '../../campaign/landing-url';
import { AdsRetryLater } from '../../google-ads/ads-gateway';
import { LaunchRepository } from './launch.repository';
import type { GoogleAdsAccess } from './launch.service';

/** A domain as typed in a path (IDN or ASCII, any case, a trailing dot) as the URL standard writes its host. */
function hostKey(domain: string): string | null {
  const value = domain.trim().replace(/\.$/, '');
  if (!value || /[/:?#@\s]/.test(value)) return null;
  return hostOf(`https://${value}/`);
}

/**
 * Running campaigns on a clinic's domain: its launches that
 * created a campaign whose final URL (or a sitelink's) is on the domain, as
 * Google Ads reports them now; only the ENABLED ones (running) are listed,
 * each with its launch id for the existing pause row. Launches on other hosts
 * cost no call to Google; none on the domain answers an empty list.
 */
export class DomainCampaignsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GoogleAdsAccess,
  ) {}

  async running(actor: Actor, clientId: number, domain: string): Promise<DomainCampaign[]> {
    assertAdmin(actor);
    const host = hostKey(domain);
    if (!host) return [];
    const launches = await new LaunchRepository(this.dataSource).withCampaign({ clientId });
    const onDomain = launches.filter((l) => l.request && [l.request.finalUrl, ...l.request.sitelinks.map((s) => s.finalUrl)].some((url) => hostOf(url) === host));
    if (onDomain.length === 0) return [];

    const gateway = this.access.gateway;
    if (!gateway) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.googleAdsNotConfigured);
    const refreshToken = await this.access.refreshToken();
    if (!refreshToken) throw conflict(Messages.googleAdsNotConnected);

    const states = await Promise.all(
      onDomain.map(async (launch) => {
        try {
          return await gateway.campaignState({ customerId: launch.customerId, loginCustomerId: launch.loginCustomerId, refreshToken }, launch.googleAdsCampaignId!);
        } catch (err) {
          if (err instanceof AdsRetryLater) {
            throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, `Google Ads quota is exhausted for now. Please try again in ${Math.ceil(err.delayMs / 1000)} seconds.`);
          }
          throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('Google Ads'));
        }
      }),
    );
    return onDomain.flatMap((launch, i) => {
      const state = states[i];
      // Removed in Google Ads (no campaign any more, or REMOVED) and paused campaigns are not running.
      if (state?.status !== 'ENABLED') return [];
      return [
        {
          launchId: launch.id,
          campaignName: launch.campaignName,
          googleAdsCampaignId: launch.googleAdsCampaignId!,
          status: 'ENABLED' as const,
          finalUrl: launch.request!.finalUrl,
          launchedAt: launch.launchedAt.toISOString(),
        },
      ];
    });
  }
}
