import type { DataSource, EntityManager } from 'typeorm';
// The enums alone (google-ads-api/enums), not the whole library: see services/ads/README.md.
import { enums } from 'google-ads-api/enums';
import {
  ErrorCode,
  Messages,
  type CampaignChangeResult,
  type CampaignSwitchStatus,
  type LaunchedCampaign,
} from '@hap/contracts';
import { AppError, assertAdmin, conflict, notFound, recordAudit, type Actor, type AuditNames } from '@hap/service-kit';
import { googleChangeError } from '../../google-ads/change-errors';
import { type AdsAccount, type AdsGateway, type AdsOperation, type CampaignState } from '../../google-ads/ads-gateway';
import { fromMicros } from '../../google-ads/performance-gaql';
import type { CampaignLaunchEntity } from './launch.entity';
import { LaunchRepository } from './launch.repository';
import type { GoogleAdsAccess } from './launch.service';

const STATUS_OF: Record<CampaignSwitchStatus, 'PAUSED' | 'ENABLED'> = { paused: 'PAUSED', enabled: 'ENABLED' };
const toMicros = (dollars: number) => Math.round(dollars * 100) * 10_000;
const dollars = (micros: number) => Math.round(fromMicros(micros) * 100) / 100;

/**
 * Campaigns after launch: the launch log's campaign as
 * Google reports it, paused or resumed, its daily budget changed. Each
 * change is checked by Google (validate_only), then applied and audited, in
 * one transaction holding the launch's advisory lock: a double click or a
 * retry waits for the first, reads the campaign as it left it and applies
 * nothing more.
 */
export class LaunchedCampaignService {
  private readonly launches: LaunchRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GoogleAdsAccess,
  ) {
    this.launches = new LaunchRepository(dataSource);
  }

  /** The launch, its campaign id, the gateway and the account, or the reason there is nothing to act on. */
  private async target(manager: EntityManager, launchId: string): Promise<{ launch: CampaignLaunchEntity; campaignId: string; gateway: AdsGateway; account: AdsAccount }> {
    const launch = await this.launches.get(launchId, manager);
    if (!launch) throw notFound(Messages.launchNotFound(launchId));
    if (!launch.googleAdsCampaignId) {
      throw conflict(`This launch (${launch.status}) did not create a campaign in Google Ads, so there is nothing to read, pause or change.`);
    }
    if (!this.access.gateway) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.googleAdsNotConfigured);
    const refreshToken = await this.access.refreshToken();
    if (!refreshToken) throw conflict(Messages.googleAdsNotConnected);
    return {
      launch,
      campaignId: launch.googleAdsCampaignId,
      gateway: this.access.gateway,
      account: { customerId: launch.customerId, loginCustomerId: launch.loginCustomerId, refreshToken },
    };
  }

  private async state(gateway: AdsGateway, account: AdsAccount, launch: CampaignLaunchEntity, campaignId: string): Promise<CampaignState> {
    let state: CampaignState | null;
    try {
      state = await gateway.campaignState(account, campaignId);
    } catch (err) {
      googleChangeError(err);
    }
    if (!state) throw conflict(`Google Ads has no campaign ${campaignId} in account ${launch.customerId} any more (it may have been removed there).`);
    return state;
  }

  async read(actor: Actor, launchId: string): Promise<LaunchedCampaign> {
    assertAdmin(actor);
    const { launch, campaignId, gateway, account } = await this.target(this.dataSource.manager, launchId);
    return toLaunchedCampaign(launch, await this.state(gateway, account, launch, campaignId));
  }

  async setStatus(actor: Actor, launchId: string, status: CampaignSwitchStatus): Promise<CampaignChangeResult> {
    assertAdmin(actor);
    const wanted = STATUS_OF[status];
    return this.change(actor, launchId, {
      already: (s) => s.status === wanted,
      alreadyMessage: `The campaign is already ${status}; nothing was changed.`,
      operations: (s) => [{ entity: 'campaign', operation: 'update', resource: { resource_name: s.resourceName, status: enums.CampaignStatus[wanted] } }],
      audit: (s) => ({ before: { status: s.status }, after: { status: wanted } }),
      applied: (s) => ({ ...s, status: wanted }),
      message: `The campaign is ${status === 'paused' ? 'paused' : 'running again (enabled)'}.`,
    });
  }

  async setBudget(actor: Actor, launchId: string, dailyBudget: number): Promise<CampaignChangeResult> {
    assertAdmin(actor);
    const micros = toMicros(dailyBudget);
    return this.change(actor, launchId, {
      already: (s) => s.budgetMicros === micros,
      alreadyMessage: `The daily budget is already $${dailyBudget}; nothing was changed.`,
      operations: (s) => {
        if (!s.budgetResourceName) throw conflict('Google Ads reports no budget for this campaign.');
        return [{ entity: 'campaign_budget', operation: 'update', resource: { resource_name: s.budgetResourceName, amount_micros: micros } }];
      },
      audit: (s) => ({ before: { dailyBudget: dollars(s.budgetMicros) }, after: { dailyBudget: dollars(micros) } }),
      applied: (s) => ({ ...s, budgetMicros: micros }),
      message: `The daily budget is now $${dailyBudget}.`,
    });
  }

  private async change(
    actor: Actor,
    launchId: string,
    change: {
      already(state: CampaignState): boolean;
      alreadyMessage: string;
      operations(state: CampaignState): AdsOperation[];
      audit(state: CampaignState): { before: Record<string, unknown>; after: Record<string, unknown> };
      applied(state: CampaignState): CampaignState;
      message: string;
    },
  ): Promise<CampaignChangeResult> {
    return this.dataSource.transaction(async (manager) => {
      // One change of a launch's campaign at a time: the second waits, then finds it done.
      await this.launches.lockCampaignChanges(launchId, manager);
      const { launch, campaignId, gateway, account } = await this.target(manager, launchId);
      const state = await this.state(gateway, account, launch, campaignId);
      if (change.already(state)) return { applied: false, message: change.alreadyMessage, campaign: toLaunchedCampaign(launch, state) };
      const operations = change.operations(state);
      try {
        await gateway.mutate(account, operations, { validateOnly: true });
        await gateway.mutate(account, operations);
      } catch (err) {
        googleChangeError(err);
      }
      const started = await this.launches.startEntry(launch.id, manager);
      const names: AuditNames = { client: started?.changes?.names?.client, service: started?.changes?.names?.service, campaign: launch.campaignName, account: launch.customerId };
      const { before, after } = change.audit(state);
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'campaign_launch',
        entityId: launch.id,
        changes: { before: { ...before, googleAdsCampaignId: campaignId }, after: { ...after, googleAdsCampaignId: campaignId } },
        names,
      });
      return { applied: true, message: change.message, campaign: toLaunchedCampaign(launch, change.applied(state)) };
    });
  }
}

function toLaunchedCampaign(launch: CampaignLaunchEntity, state: CampaignState): LaunchedCampaign {
  return {
    launchId: launch.id,
    customerId: launch.customerId,
    campaignId: state.id,
    name: state.name,
    status: state.status,
    servingStatus: state.servingStatus,
    dailyBudget: dollars(state.budgetMicros),
    ads: state.ads,
  };
}
