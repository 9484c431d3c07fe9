import type { EntityManager } from 'typeorm';
import {
  checkCampaignPolicy,
  describePolicyFinding,
  ErrorCode,
  LaunchCampaignSchema,
  Messages,
  type AdTextCampaigns,
  type AdTextsScope,
  type AdTextsUpdateResult,
  type CampaignAdTexts,
} from '@hap/contracts';
import { AppError, assertAdmin, conflict, notFound, recordAudit, type Actor, type AuditNames } from '@hap/service-kit';
import { planAdTexts, rsaTextAssets, type AdTextPlan } from '../../campaign/ad-texts';
import type { LaunchPlan } from '../../campaign/launch-plan';
import type { AdsAccount, AdsGateway, AdsOperation } from '../../google-ads/ads-gateway';
import { googleChangeError, googleFailureReason } from '../../google-ads/change-errors';
import type { CampaignLaunchEntity } from './launch.entity';
import { LaunchRepository } from './launch.repository';
import type { CampaignSources, LaunchService } from './launch.service';

/** One campaign's comparison: what the review shows, what an update sends. */
interface CampaignReview {
  entry: CampaignAdTexts;
  texts: AdTextPlan;
  plan: LaunchPlan | null;
  operations: AdsOperation[];
  /** What a launch of the service would be refused for now (a failing domain, no account, templates not answering): an update answers it as it is. */
  refusal?: AppError;
}

interface Reach {
  gateway: AdsGateway;
  refreshToken: string;
}

const campaignOf = (launch: CampaignLaunchEntity) => ({ launchId: launch.id, clientId: launch.clientId, serviceId: launch.serviceId, campaignName: launch.campaignName });

const accountOf = (launch: CampaignLaunchEntity, reach: Reach): AdsAccount => ({ customerId: launch.customerId, loginCustomerId: launch.loginCustomerId, refreshToken: reach.refreshToken });

/**
 * A template's ad texts reaching the campaigns already launched from it
 * (docs/campaigns.md#ad-texts-follow-the-template): each campaign's ads
 * (Google's, now) against what a launch of its service would send now
 * (LaunchService.prepare: the template's campaign with the service's own
 * headline and description), ad group by ad group. The admin asks after a
 * push (the rollout screen); ads reads templates and tenant as a launch does,
 * and templates never waits on it.
 */
export class AdTextsService {
  private readonly launches: LaunchRepository;

  constructor(
    private readonly sources: CampaignSources,
    private readonly planner: LaunchService,
  ) {
    this.launches = new LaunchRepository(sources.dataSource);
  }

  /** Google Ads as it can be reached, or the launch's refusal: 503 not configured, 409 not connected. */
  private async reach(): Promise<Reach> {
    const gateway = this.sources.access.gateway;
    if (!gateway) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.googleAdsNotConfigured);
    const refreshToken = await this.sources.access.refreshToken();
    if (!refreshToken) throw conflict(Messages.googleAdsNotConnected);
    return { gateway, refreshToken };
  }

  /**
   * The template's campaign a launch was made from: of the template's active ones, the one whose
   * ad groups share the most names with the launch's planned ones (none shared: the newest).
   */
  private async sourceCampaignId(launch: CampaignLaunchEntity): Promise<number | undefined> {
    const rows = (await this.sources.campaigns.listByTemplate(launch.templateId)).filter((c) => c.isActive);
    const launched = new Set((launch.request?.adGroups ?? []).map((g) => g.name.trim()));
    const shared = (row: (typeof rows)[number]) => row.adGroups.filter((g) => launched.has(g.name.trim())).length;
    return rows.reduce<(typeof rows)[number] | undefined>((best, row) => (best === undefined || shared(row) > shared(best) ? row : best), undefined)?.id;
  }

  /** The campaign against the template's texts now, or null when Google has it no more (removed). */
  private async review(actor: Actor, launch: CampaignLaunchEntity, reach: Reach): Promise<CampaignReview | null> {
    const account = accountOf(launch, reach);
    const campaignId = launch.googleAdsCampaignId!;
    const state = await reach.gateway.campaignState(account, campaignId);
    if (!state || state.status === 'REMOVED') return null;
    const entry: CampaignAdTexts = {
      ...campaignOf(launch),
      status: state.status,
      changes: [],
      unchanged: 0,
      notFromTemplate: [],
      warnings: [],
      problem: null,
    };
    let plan: LaunchPlan;
    try {
      const source = await this.sourceCampaignId(launch);
      ({ plan } = await this.planner.prepare(actor, LaunchCampaignSchema.parse({ serviceId: launch.serviceId, clientId: launch.clientId, campaignId: source })));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { entry: { ...entry, problem: err.message }, texts: { changes: [], unchanged: 0, notFromTemplate: [] }, plan: null, operations: [], refusal: err };
    }
    const texts = planAdTexts(plan.spec.adGroups, await reach.gateway.campaignAds(account, campaignId));
    // The launch's healthcare policy check, on the new texts alone (docs/campaigns.md#healthcare-policy-check).
    const findings = checkCampaignPolicy({ adGroups: texts.changes.map((c) => ({ name: c.ad.adGroupName, keywordType: 'PHRASE' as const, keywords: [] as string[], ads: [c.after] })) }, null, null);
    const blocking = findings.filter((f) => f.severity === 'block').map((f) => `${f.adGroup}: ${describePolicyFinding(f)}`);
    return {
      entry: {
        ...entry,
        changes: texts.changes.map((c) => ({ adGroup: c.ad.adGroupName, adId: c.ad.adId, before: c.before, after: c.after })),
        unchanged: texts.unchanged,
        notFromTemplate: texts.notFromTemplate,
        warnings: findings.filter((f) => f.severity === 'warn').map((f) => `${f.adGroup}: ${describePolicyFinding(f)}`),
        problem: blocking.length ? `${Messages.launchPolicyIssues(blocking.length)} ${blocking.join(' ')}` : null,
      },
      texts,
      plan,
      operations: texts.changes.map((c) => ({ entity: 'ad', operation: 'update', resource: { resource_name: c.ad.resourceName, responsive_search_ad: rsaTextAssets(c.after) } })),
    };
  }

  /** Google's check of a review's changes (validate_only): its refusal becomes the campaign's problem. */
  private async checked(review: CampaignReview, launch: CampaignLaunchEntity, reach: Reach): Promise<CampaignReview> {
    if (review.entry.problem || review.operations.length === 0) return review;
    try {
      await reach.gateway.mutate(accountOf(launch, reach), review.operations, { validateOnly: true });
      return review;
    } catch (err) {
      return { ...review, entry: { ...review.entry, problem: googleFailureReason(err) } };
    }
  }

  /** The scope's launches that created a campaign, newest first (the launch log only). */
  async campaigns(actor: Actor, scope: AdTextsScope): Promise<AdTextCampaigns> {
    assertAdmin(actor);
    const launches = await this.launches.withCampaign(scope);
    return { campaigns: launches.map(campaignOf) };
  }

  /** The launch, or why there is no campaign of it to compare. */
  private async launchOf(launchId: string, manager?: EntityManager): Promise<CampaignLaunchEntity> {
    const launch = await this.launches.get(launchId, manager);
    if (!launch) throw notFound(Messages.launchNotFound(launchId));
    if (!launch.googleAdsCampaignId) throw conflict(`This launch (${launch.status}) did not create a campaign in Google Ads, so it has no ads to update.`);
    return launch;
  }

  async check(actor: Actor, launchId: string): Promise<CampaignAdTexts> {
    assertAdmin(actor);
    const launch = await this.launchOf(launchId);
    const reach = await this.reach();
    try {
      const review = await this.review(actor, launch, reach);
      if (!review) return { ...campaignOf(launch), status: 'REMOVED', changes: [], unchanged: 0, notFromTemplate: [], warnings: [], problem: null };
      return (await this.checked(review, launch, reach)).entry;
    } catch (err) {
      googleChangeError(err);
    }
  }

  /**
   * The campaign given the template's texts (docs/campaigns.md#ad-texts-follow-the-template): in one
   * transaction holding its launch's advisory lock (launched-campaign.service.ts), compared again,
   * refused for a blocking finding or for warnings the admin did not accept, checked by Google,
   * applied, its launch's planned ads updated and audited.
   */
  async update(actor: Actor, launchId: string, { acceptPolicyWarnings }: { acceptPolicyWarnings: boolean }): Promise<AdTextsUpdateResult> {
    assertAdmin(actor);
    const reach = await this.reach();
    return this.sources.dataSource.transaction(async (manager) => {
      await this.launches.lockCampaignChanges(launchId, manager);
      const launch = await this.launchOf(launchId, manager);
      let review: CampaignReview | null;
      try {
        review = await this.review(actor, launch, reach);
      } catch (err) {
        googleChangeError(err);
      }
      if (!review) throw conflict(`Google Ads has no campaign ${launch.googleAdsCampaignId} in account ${launch.customerId} any more (it may have been removed there).`);
      if (review.refusal) throw review.refusal;
      if (review.entry.problem) throw new AppError(422, ErrorCode.VALIDATION_FAILED, review.entry.problem);
      if (review.operations.length === 0) return { applied: false, ads: 0, message: "Its ads already have the template's texts; nothing was changed." };
      const warnings = review.entry.warnings;
      if (warnings.length > 0 && !acceptPolicyWarnings) throw conflict(Messages.adTextPolicyWarnings(warnings.length), warnings.map((message) => ({ path: 'acceptPolicyWarnings', message })));
      const account = accountOf(launch, reach);
      try {
        await reach.gateway.mutate(account, review.operations, { validateOnly: true });
        await reach.gateway.mutate(account, review.operations);
      } catch (err) {
        googleChangeError(err);
      }
      if (launch.request && review.plan) {
        const changed = new Set(review.texts.changes.map((c) => c.ad.adGroupName));
        const planned = new Map(review.plan.spec.adGroups.map((g) => [g.name, g.ads]));
        launch.request = { ...launch.request, adGroups: launch.request.adGroups.map((g) => (changed.has(g.name) && planned.has(g.name) ? { ...g, ads: planned.get(g.name)! } : g)) };
        await this.launches.save(launch, manager);
      }
      const started = await this.launches.startEntry(launch.id, manager);
      const names: AuditNames = { client: started?.changes?.names?.client, service: started?.changes?.names?.service, campaign: launch.campaignName, account: launch.customerId };
      const ads = review.entry.changes;
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'campaign_launch',
        entityId: launch.id,
        changes: {
          before: { googleAdsCampaignId: launch.googleAdsCampaignId, ads: ads.map((c) => ({ adGroup: c.adGroup, adId: c.adId, ...c.before })) },
          after: { googleAdsCampaignId: launch.googleAdsCampaignId, ads: ads.map((c) => ({ adGroup: c.adGroup, adId: c.adId, ...c.after })), reason: 'ad texts follow the template' },
        },
        names,
      });
      return { applied: true, ads: ads.length, message: `${ads.length === 1 ? '1 ad has' : `${ads.length} ads have`} the template's texts now. Google reviews changed ads before they show.` };
    });
  }
}

