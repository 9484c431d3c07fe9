import type { DataSource } from 'typeorm';
import {
  type PageCampaign,
  type PageMoves,
  type PageMovesResult,
  type RunningCampaigns,
  type RunningCampaignsQuery,
} from '@hap/contracts';
import { forbidden, isService, recordAudit, type Actor, type AuditNames } from '@hap/service-kit';
import { movedPageUrl } from '../../campaign/landing-url';
import { type AdsAccount, type AdsOperation } from '../../google-ads/ads-gateway';
import { googleFailureReason } from '../../google-ads/change-errors';
import type { CampaignLaunchEntity } from './launch.entity';
import { LaunchRepository } from './launch.repository';
import type { GoogleAdsAccess } from './launch.service';

const asPageCampaign = (launch: CampaignLaunchEntity): PageCampaign => ({
  launchId: launch.id,
  clientId: launch.clientId,
  serviceId: launch.serviceId,
  campaignName: launch.campaignName,
  googleAdsCampaignId: launch.googleAdsCampaignId!,
  finalUrl: launch.request?.finalUrl ?? '',
});

/**
 * Campaigns on a clinic's page when the page's path changes or its service is
 * deactivated (docs/admin.md#page-paths). Templates asks; ads
 * answers from its launch log and Google Ads and never asks templates back.
 */
export class PageCampaignsService {
  private readonly launches: LaunchRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GoogleAdsAccess,
  ) {
    this.launches = new LaunchRepository(dataSource);
  }

  private assertTemplates(actor: Actor): void {
    if (!isService(actor.identity, 'templates')) throw forbidden('Only the templates service may ask about campaigns on its pages.');
  }

  /** The launches of these services that created a campaign in Google Ads, newest first. */
  private async launchesOf(services: ReadonlyArray<{ serviceId: number; clientId: number }>): Promise<CampaignLaunchEntity[]> {
    if (services.length === 0) return [];
    const launches = await this.launches.withCampaign({ serviceIds: [...new Set(services.map((s) => s.serviceId))] });
    const pairs = new Set(services.map((s) => `${s.clientId}:${s.serviceId}`));
    return launches.filter((l) => pairs.has(`${l.clientId}:${l.serviceId}`));
  }

  private async account(launch: CampaignLaunchEntity): Promise<AdsAccount | null> {
    if (!this.access.gateway) return null;
    const refreshToken = await this.access.refreshToken();
    return refreshToken ? { customerId: launch.customerId, loginCustomerId: launch.loginCustomerId, refreshToken } : null;
  }

  /** The running ones (ENABLED in Google Ads); when Google cannot be asked, every launched one, `checked: false`. */
  async running(actor: Actor, { services }: RunningCampaignsQuery): Promise<RunningCampaigns> {
    this.assertTemplates(actor);
    const launches = await this.launchesOf(services);
    if (launches.length === 0) return { campaigns: [], checked: true };
    const gateway = this.access.gateway;
    const account = await this.account(launches[0]!);
    if (!gateway || !account) return { campaigns: launches.map(asPageCampaign), checked: false };
    let checked = true;
    const states = await Promise.all(
      launches.map(async (launch) => {
        try {
          return (await gateway.campaignState({ ...account, customerId: launch.customerId, loginCustomerId: launch.loginCustomerId }, launch.googleAdsCampaignId!))?.status ?? 'REMOVED';
        } catch {
          checked = false;
          return 'UNKNOWN';
        }
      }),
    );
    return { campaigns: launches.filter((_, i) => states[i] === 'ENABLED' || states[i] === 'UNKNOWN').map(asPageCampaign), checked };
  }

  /**
   * Every campaign these services' launches created gets its ads' final URLs on the
   * new path: checked by Google (validate_only), applied, the launch's planned URLs
   * updated and audited, one campaign at a time under the launch's advisory lock
   * (the lock of launched-campaign.service.ts, so a pause or budget change waits).
   */
  async move(actor: Actor, { moves, actorEmail }: PageMoves): Promise<PageMovesResult> {
    this.assertTemplates(actor);
    const result: PageMovesResult = { updated: [], failed: [] };
    for (const move of moves) {
      for (const found of await this.launchesOf([move])) {
        try {
          const done = await this.moveOne(actor, found.id, move.fromPath, move.toPath, actorEmail ?? null);
          if (done) result.updated.push(done);
        } catch (err) {
          result.failed.push({ launchId: found.id, campaignName: found.campaignName, reason: googleFailureReason(err) });
        }
      }
    }
    return result;
  }

  private moveOne(actor: Actor, launchId: string, fromPath: string, toPath: string, actorEmail: string | null): Promise<PageMovesResult['updated'][number] | null> {
    return this.dataSource.transaction(async (manager) => {
      await this.launches.lockCampaignChanges(launchId, manager);
      const launch = await this.launches.get(launchId, manager);
      if (!launch) throw new Error(`Launch ${launchId} is gone.`);
      const gateway = this.access.gateway;
      const account = await this.account(launch);
      if (!gateway || !account) throw new Error('Google Ads is not configured or not connected.');
      const ads = await gateway.campaignAds(account, launch.googleAdsCampaignId!);
      const operations: AdsOperation[] = [];
      for (const ad of ads) {
        const moved = ad.finalUrls.map((url) => movedPageUrl(url, fromPath, toPath) ?? url);
        if (moved.some((url, i) => url !== ad.finalUrls[i])) {
          operations.push({ entity: 'ad', operation: 'update', resource: { resource_name: ad.resourceName, final_urls: moved } });
        }
      }
      const request = launch.request;
      const before = request?.finalUrl ?? null;
      const after = before ? (movedPageUrl(before, fromPath, toPath) ?? before) : null;
      if (operations.length === 0 && before === after) return null;
      if (operations.length) {
        await gateway.mutate(account, operations, { validateOnly: true });
        await gateway.mutate(account, operations);
      }
      if (request && after) {
        launch.request = {
          ...request,
          finalUrl: after,
          sitelinks: request.sitelinks.map((s) => ({ ...s, finalUrl: movedPageUrl(s.finalUrl, fromPath, toPath) ?? s.finalUrl })),
        };
        await this.launches.save(launch, manager);
      }
      const started = await this.launches.startEntry(launch.id, manager);
      const names: AuditNames = {
        ...(actorEmail ? { actor: actorEmail } : {}),
        client: started?.changes?.names?.client,
        service: started?.changes?.names?.service,
        campaign: launch.campaignName,
        account: launch.customerId,
      };
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'campaign_launch',
        entityId: launch.id,
        changes: {
          before: { finalUrl: before, googleAdsCampaignId: launch.googleAdsCampaignId },
          after: { finalUrl: after, googleAdsCampaignId: launch.googleAdsCampaignId, adsMoved: operations.length, reason: `page moved from /${fromPath} to /${toPath}` },
        },
        names,
      });
      return { launchId: launch.id, campaignName: launch.campaignName, from: before ?? '', to: after ?? '', ads: operations.length };
    });
  }
}
