import type { EntityManager } from 'typeorm';
import {
  checkCampaignPolicy,
  describePolicyFinding,
  ErrorCode,
  LaunchCampaignSchema,
  Messages,
  type AdTextsApply,
  type AdTextsApplyResult,
  type AdTextsReview,
  type AdTextsScope,
  type CampaignAdTexts,
} from '@hap/contracts';
import { AppError, assertAdmin, conflict, recordAudit, type Actor, type AuditNames } from '@hap/service-kit';
import { planAdTexts, rsaTextAssets, type AdTextPlan } from '../../campaign/ad-texts';
import type { LaunchPlan } from '../../campaign/launch-plan';
import type { AdsAccount, AdsGateway, AdsOperation } from '../../google-ads/ads-gateway';
import { googleFailureReason } from '../../google-ads/change-errors';
import type { CampaignLaunchEntity } from './launch.entity';
import { LaunchRepository } from './launch.repository';
import type { CampaignSources, LaunchService } from './launch.service';

/** One campaign's comparison: what the review shows, what an update sends. */
interface CampaignReview {
  entry: CampaignAdTexts;
  texts: AdTextPlan;
  plan: LaunchPlan | null;
  operations: AdsOperation[];
}

interface Reach {
  gateway: AdsGateway;
  refreshToken: string;
}

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
      launchId: launch.id,
      clientId: launch.clientId,
      serviceId: launch.serviceId,
      campaignName: launch.campaignName,
      status: state.status,
      changes: [],
      unchanged: 0,
      notFromTemplate: [],
      warnings: [],
      problem: null,
    };
    let plan: LaunchPlan;
    try {
      const campaignId = await this.sourceCampaignId(launch);
      ({ plan } = await this.planner.prepare(actor, LaunchCampaignSchema.parse({ serviceId: launch.serviceId, clientId: launch.clientId, campaignId })));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { entry: { ...entry, problem: err.message }, texts: { changes: [], unchanged: 0, notFromTemplate: [] }, plan: null, operations: [] };
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

  async check(actor: Actor, scope: AdTextsScope): Promise<AdTextsReview> {
    assertAdmin(actor);
    const launches = await this.launches.withCampaign(scope);
    if (launches.length === 0) return { campaigns: [] };
    const reach = await this.reach();
    const campaigns: CampaignAdTexts[] = [];
    for (const launch of launches) {
      try {
        const review = await this.review(actor, launch, reach);
        if (review) campaigns.push((await this.checked(review, launch, reach)).entry);
      } catch (err) {
        campaigns.push({ launchId: launch.id, clientId: launch.clientId, serviceId: launch.serviceId, campaignName: launch.campaignName, status: 'UNKNOWN', changes: [], unchanged: 0, notFromTemplate: [], warnings: [], problem: googleFailureReason(err) });
      }
    }
    return { campaigns };
  }

  /**
   * The scope's campaigns given the template's texts: warnings need the admin's yes first (409 as a
   * launch's); then one campaign at a time under its launch's advisory lock (launched-campaign.service.ts),
   * compared again, checked by Google, applied, its launch's planned ads updated and audited.
   */
  async apply(actor: Actor, { acceptPolicyWarnings, ...scope }: AdTextsApply): Promise<AdTextsApplyResult> {
    assertAdmin(actor);
    const result: AdTextsApplyResult = { updated: [], failed: [] };
    const launches = await this.launches.withCampaign(scope);
    if (launches.length === 0) return result;
    const reach = await this.reach();
    if (!acceptPolicyWarnings) {
      const warnings: string[] = [];
      for (const launch of launches) warnings.push(...((await this.review(actor, launch, reach).catch(() => null))?.entry.warnings ?? []).map((w) => `${launch.campaignName}: ${w}`));
      if (warnings.length) throw conflict(Messages.adTextPolicyWarnings(warnings.length), warnings.map((message) => ({ path: 'acceptPolicyWarnings', message })));
    }
    for (const launch of launches) {
      try {
        const done = await this.sources.dataSource.transaction((manager) => this.applyOne(actor, launch.id, reach, manager));
        if (done && 'reason' in done) result.failed.push(done);
        else if (done) result.updated.push(done);
      } catch (err) {
        result.failed.push({ launchId: launch.id, campaignName: launch.campaignName, reason: googleFailureReason(err) });
      }
    }
    return result;
  }

  private async applyOne(actor: Actor, launchId: string, reach: Reach, manager: EntityManager): Promise<AdTextsApplyResult['updated'][number] | AdTextsApplyResult['failed'][number] | null> {
    await this.launches.lockCampaignChanges(launchId, manager);
    const launch = await this.launches.get(launchId, manager);
    if (!launch) return null;
    const review = await this.review(actor, launch, reach);
    if (!review || review.operations.length === 0) return review?.entry.problem ? { launchId, campaignName: launch.campaignName, reason: review.entry.problem } : null;
    if (review.entry.problem) return { launchId, campaignName: launch.campaignName, reason: review.entry.problem };
    const account = accountOf(launch, reach);
    await reach.gateway.mutate(account, review.operations, { validateOnly: true });
    await reach.gateway.mutate(account, review.operations);
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
    return { launchId, campaignName: launch.campaignName, ads: ads.length };
  }
}
