import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  AD_LIMITS,
  AGE_RANGES,
  checkCampaignPolicy,
  describePolicyFinding,
  ErrorCode,
  GENDERS,
  INCOME_RANGES,
  LAUNCH_LOG_FIGURE_DAYS,
  Messages,
  type CampaignLaunch,
  type CampaignTestResult,
  type ClinicCampaignIds,
  type LaunchCampaignBody,
  type LaunchLogEntry,
} from '@hap/contracts';
import { AppError, assertAdmin, conflict, forbidden, isPrivileged, isUniqueViolation, notFound, recordAudit, type Actor, type JobQueue } from '@hap/service-kit';
import type { CampaignOperations } from '../../campaign/campaign-operations';
import { failingDomainOf, landingSiteOf, PlatformOriginMissingError, policySiteOf } from '../../campaign/landing-url';
import { planLaunch, UnreadableAddressError, type LaunchPlan } from '../../campaign/launch-plan';
import type { TemplatesClient } from '../../clients/templates.client';
import type { TenantClient } from '../../clients/tenant.client';
import { AdsRequestRefused, AdsRetryLater, type AdsAccount, type AdsGateway, type AdsIssue } from '../../google-ads/ads-gateway';
import { toTemplateCampaignDto } from '../campaigns/campaign.dto';
import { failingDomainConflict, platformOriginUnavailable } from '../campaigns/launch-readiness';
import type { CampaignRepository } from '../campaigns/campaign.repository';
import { lastDays } from '../performance/performance-range';
import { toCampaignLaunchDto } from './launch.dto';
import { LaunchRepository } from './launch.repository';

/** Google Ads as this service reaches it: the gateway (null: not configured) and the agency's consent. */
export interface GoogleAdsAccess {
  gateway: AdsGateway | null;
  refreshToken(): Promise<string | null>;
}

/** What a template's campaigns are read and planned from: the rows here, the service (templates), its clinic (tenant) and Google Ads. */
export interface CampaignSources {
  dataSource: DataSource;
  campaigns: CampaignRepository;
  templates: TemplatesClient;
  tenant: TenantClient;
  access: GoogleAdsAccess;
  /** PUBLIC_BASE_URL (config.ts platformOriginOf): clinics without their own domain have their pages there. */
  platformOrigin: string | null;
}

/**
 * The campaign's name in Google Ads: the planned name and the launch's
 * reference. Names are unique in an account, which is what lets a retried
 * launch find the campaign an earlier attempt created.
 */
export function launchCampaignName(name: string, launchId: string): string {
  const ref = ` #${launchId.slice(0, 8)}`;
  return `${name.slice(0, AD_LIMITS.campaignNameChars - ref.length).trim()}${ref}`;
}

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** Google's refusal of a test, in words that name the ad group and keyword. */
export function describeIssue(issue: AdsIssue, operations: CampaignOperations): string {
  const source = issue.opIndex === null ? undefined : operations.sources[issue.opIndex];
  const where = source?.adGroup ? `${source.adGroup}: ` : 'Campaign: ';
  const what = source?.kind === 'keyword' ? `keyword "${source.keyword}"` : source?.kind === 'ad' ? 'an ad' : (source?.kind.replace('_', ' ') ?? 'the request');
  const policy = issue.policy ? ` (${issue.policy.name}${issue.policy.exemptible ? ', exemptible: Google reviews it on request' : ''})` : '';
  return `${where}Google Ads refused ${what}: ${issue.message || issue.code}${policy}`;
}

/**
 * The plan's healthcare policy findings (docs/campaigns.md#healthcare-policy-check), its final URL
 * read against the clinic's site and live service pages: blocking ones stop a launch, warnings need
 * the admin's yes.
 */
const policyFindingsOf = (plan: LaunchPlan, livePaths: readonly string[]) => checkCampaignPolicy(plan.structure, plan.spec.finalUrl, policySiteOf(plan.site), livePaths);

/**
 * Test Campaign and Launch Campaign (docs/campaigns.md#campaign-dialogs, docs/campaigns.md#campaign-builder, docs/admin.md#calls, docs/admin.md#messages): the
 * service (templates), its clinic (tenant) and its template campaign (here)
 * planned into one campaign; a test asks Google to check it (validate_only)
 * when Google Ads is connected; a launch is recorded and queued (ads.launch),
 * and the worker creates it exactly once.
 */
export class LaunchService {
  private readonly store: LaunchRepository;

  constructor(
    private readonly sources: CampaignSources,
    private readonly queue: JobQueue<'ads.launch'> | null,
  ) {
    this.store = new LaunchRepository(sources.dataSource);
  }

  /** The launch `body` asks for, planned (also what a template's ad texts are compared with: ad-texts.service.ts); refusals as the launch words them. */
  async prepare(actor: Actor, body: LaunchCampaignBody): Promise<{ plan: LaunchPlan; templateId: number; names: { client: string; service: string }; livePaths: string[] }> {
    const service = await this.sources.templates.service(body.serviceId, actor.requestId);
    if (service.clientId !== body.clientId) throw notFound(Messages.serviceNotOfClient(body.serviceId, body.clientId));
    const [clinic, template, livePaths] = await Promise.all([
      this.sources.tenant.clinic(service.clientId, actor.requestId),
      this.sources.templates.template(service.templateId, actor.requestId),
      this.sources.templates.livePaths(service.clientId, actor.requestId),
    ]);
    const rows = (await this.sources.campaigns.listByTemplate(service.templateId)).filter((c) => c.isActive);
    const chosen = body.campaignId === undefined ? rows[0] : rows.find((c) => c.id === body.campaignId);
    if (body.campaignId !== undefined && !chosen) throw notFound(Messages.campaignNotFound(body.campaignId));
    if (!chosen && !body.template) throw conflict(Messages.noServiceCampaigns);
    let plan;
    try {
      plan = planLaunch({
        clinic: { ...clinic, site: landingSiteOf(clinic, this.sources.platformOrigin) },
        service: { name: service.name, path: service.path },
        templateSlug: template.slug,
        settings: service.googleAdsSettings,
        templateCampaign: chosen ? toTemplateCampaignDto(chosen) : null,
        body,
      });
    } catch (err) {
      if (err instanceof PlatformOriginMissingError) throw platformOriginUnavailable(err);
      if (err instanceof UnreadableAddressError) throw conflict(err.message);
      throw err;
    }
    if ('missingAccount' in plan) throw conflict(Messages.googleAdsAccountRequired);
    // docs/domains.md: nothing is tested or launched on the clinic's domain while it fails its daily check.
    const failing = failingDomainOf(plan.site, [plan.spec.finalUrl, ...plan.spec.sitelinks.map((s) => s.finalUrl)]);
    if (failing) throw failingDomainConflict(failing);
    return { plan, templateId: service.templateId, names: { client: clinic.name, service: service.name }, livePaths };
  }

  /** The gateway and the account to act on, or why there are none. */
  private async account(plan: LaunchPlan): Promise<{ gateway: AdsGateway; account: AdsAccount } | { missing: 'configuration' | 'connection' }> {
    if (!this.sources.access.gateway) return { missing: 'configuration' };
    const refreshToken = await this.sources.access.refreshToken();
    if (!refreshToken) return { missing: 'connection' };
    return { gateway: this.sources.access.gateway, account: { customerId: plan.spec.customerId, loginCustomerId: plan.loginCustomerId, refreshToken } };
  }

  async test(actor: Actor, body: LaunchCampaignBody): Promise<CampaignTestResult> {
    assertAdmin(actor);
    const { plan, livePaths } = await this.prepare(actor, body);
    const issues = plan.validation.validationResults.flatMap((r) => r.errors.map((e) => `${r.adGroupName}: ${e}`));
    // What Google's healthcare policies would disapprove, said before Google is asked (docs/campaigns.md#healthcare-policy-check).
    const blocking = policyFindingsOf(plan, livePaths).filter((f) => f.severity === 'block');
    issues.push(...blocking.map((f) => `${f.adGroup}: ${describePolicyFinding(f)}`));
    const reach = await this.account(plan);
    let checkedByGoogle = false;
    if ('gateway' in reach && issues.length === 0) {
      // Loaded at first use: google-ads-api stays out of the service's start (services/ads/README.md).
      const { buildCampaignOperations } = await import('../../campaign/campaign-operations.js');
      const operations = buildCampaignOperations({ ...plan.spec, campaignName: launchCampaignName(plan.spec.campaignName, randomUUID()) });
      try {
        await reach.gateway.mutate(reach.account, operations.operations, { validateOnly: true });
        checkedByGoogle = true;
      } catch (err) {
        if (err instanceof AdsRequestRefused) {
          checkedByGoogle = true;
          issues.push(...err.issues.map((issue) => describeIssue(issue, operations)));
        } else if (err instanceof AdsRetryLater) {
          throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, `Google Ads quota is exhausted for now. Please try again in ${Math.ceil(err.delayMs / 1000)} seconds.`);
        } else {
          throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('Google Ads'));
        }
      }
    }
    const spec = plan.spec;
    const notReviewed = 'missing' in reach ? (reach.missing === 'configuration' ? 'Google Ads is not configured here' : 'Google Ads is not connected') : 'it was not sent';
    const message =
      issues.length > 0
        ? `Found ${issues.length} issue${issues.length === 1 ? '' : 's'}. Please fix ${issues.length === 1 ? 'it' : 'them'} before launching.`
        : checkedByGoogle
          ? 'The campaign test was successful. You can now launch the campaign.'
          : `The campaign passed the structure check. Google did not review it: ${notReviewed}.`;
    return {
      preview: {
        campaign: {
          name: spec.campaignName,
          dailyBudget: spec.dailyBudgetDollars,
          bidStrategy: plan.bidStrategy,
          networkSetting: plan.networkSetting,
          finalUrl: spec.finalUrl,
          radiusMiles: spec.radiusMiles,
          location: plan.clinicAddress,
          customerId: spec.customerId,
        },
        audience: {
          excluded: [
            ...spec.exclusions.excludedGenders.map((v) => `Gender ${labelOf(GENDERS, v)}`),
            ...spec.exclusions.excludedAgeRanges.map((v) => `Age ${labelOf(AGE_RANGES, v)}`),
            ...spec.exclusions.excludedHouseholdIncomes.map((v) => `Income ${labelOf(INCOME_RANGES, v)}`),
          ],
        },
        ads: spec.adGroups.flatMap((g) => g.ads.map((ad) => ({ adGroup: g.name, headlines: ad.headlines, descriptions: ad.descriptions, finalUrl: spec.finalUrl }))),
        keywords: spec.adGroups.flatMap((g) => g.keywords.map((text) => ({ adGroup: g.name, text, matchType: g.keywordType }))),
        negative_keywords: [],
        extensions: {
          sitelinks: spec.sitelinks.map((s) => ({ text: s.text, finalUrl: s.finalUrl })),
          callouts: spec.callouts,
          call: spec.phoneDigits,
        },
      },
      validation: { issues, validationResults: plan.validation.validationResults, checkedByGoogle },
      message,
    };
  }

  async launch(actor: Actor, body: LaunchCampaignBody): Promise<CampaignLaunch> {
    assertAdmin(actor);
    const { plan, templateId, names, livePaths } = await this.prepare(actor, body);
    if (!plan.validation.allValid) {
      const issues = plan.validation.validationResults.flatMap((r) => r.errors.map((message) => ({ path: r.adGroupName, message })));
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, Messages.launchStructureIssues(issues.length), issues);
    }
    const findings = policyFindingsOf(plan, livePaths);
    const blocked = findings.filter((f) => f.severity === 'block');
    if (blocked.length > 0)
      throw new AppError(400, ErrorCode.VALIDATION_FAILED, Messages.launchPolicyIssues(blocked.length), blocked.map((f) => ({ path: f.adGroup, message: describePolicyFinding(f) })));
    const warnings = findings.filter((f) => f.severity === 'warn');
    if (warnings.length > 0 && !body.acceptPolicyWarnings)
      throw conflict(Messages.launchPolicyWarnings(warnings.length), warnings.map((f) => ({ path: 'acceptPolicyWarnings', message: `${f.adGroup}: ${describePolicyFinding(f)}` })));
    const reach = await this.account(plan);
    if ('missing' in reach) {
      if (reach.missing === 'configuration') throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.googleAdsNotConfigured);
      throw conflict(Messages.googleAdsNotConnected);
    }
    const queue = this.queue;
    if (!queue) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.googleAdsNotConfigured);
    const id = randomUUID();
    const now = new Date();
    const spec = { ...plan.spec, campaignName: launchCampaignName(plan.spec.campaignName, id) };
    const row = await this.insertLaunch(async (manager) => {
      // One launch per service unless the admin confirmed another, decided under the service's lock in this transaction.
      const refusal = await this.store.refusalOf(manager, body.clientId, body.serviceId, body.launchAgain);
      if (refusal && 'underWay' in refusal) throw conflict(Messages.launchUnderWay);
      if (refusal) {
        const message = Messages.alreadyLaunched(refusal.created.launchedAt.toISOString().slice(0, 10), refusal.created.campaignName);
        throw conflict(message, [{ path: 'launchAgain', message }]);
      }
      const saved = await this.store.insert(
        {
          id,
          clientId: body.clientId,
          serviceId: body.serviceId,
          templateId,
          campaignName: spec.campaignName,
          customerId: spec.customerId,
          loginCustomerId: plan.loginCustomerId,
          status: 'queued',
          totalAdGroups: spec.adGroups.length,
          request: spec,
          requestPolicyExemption: body.requestPolicyExemption,
          launchedBy: actor.identity.email ?? `user ${actor.identity.userId ?? '?'}`,
          launchedAt: now,
          updatedAt: now,
        },
        manager,
      );
      await recordAudit(manager, actor, {
        action: 'create',
        entity: 'campaign_launch',
        entityId: id,
        changes: { after: { clientId: body.clientId, serviceId: body.serviceId, campaignName: spec.campaignName, customerId: spec.customerId, dailyBudget: spec.dailyBudgetDollars, status: 'queued' } },
        // Who launched what for whom, on which account: the outcome's entry (launch.repository finish) copies these names.
        names: { ...names, campaign: spec.campaignName, account: spec.customerId },
      });
      return saved;
    });
    try {
      await queue.add({ launchId: id });
    } catch (err) {
      await this.store.finish(id, { status: 'failed', errorCode: 'NOT_QUEUED', errorDetails: `The launch could not be queued: ${(err as Error).message}` });
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('campaign launch'));
    }
    return toCampaignLaunchDto(row);
  }

  /** The launch's row (one unfinished launch per service: a double click launches once; the unique index is the backstop of refusalOf). */
  private async insertLaunch<T>(write: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.sources.dataSource.transaction(write);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(Messages.launchUnderWay);
      throw err;
    }
  }

  async get(actor: Actor, id: string): Promise<CampaignLaunch> {
    assertAdmin(actor);
    const row = await this.store.get(id);
    if (!row) throw notFound(Messages.launchNotFound(id));
    return toCampaignLaunchDto(row);
  }

  /** The campaign ids each clinic's launches created (our services and admins: leads counts landing `hap_cid`s by them). */
  async campaignIds(actor: Actor, clientId?: number): Promise<ClinicCampaignIds> {
    if (!isPrivileged(actor.identity)) throw forbidden('Only our services may read the clinics’ campaign ids.');
    return { campaigns: await this.store.campaignIds(clientId) };
  }

  /**
   * A clinic's launch log, or one service's (whether it was launched before a launch asks again):
   * each launch with its service, its campaign as the last hourly read found it and its figures of
   * the last LAUNCH_LOG_FIGURE_DAYS days (docs/campaigns.md#campaigns-after-launch).
   */
  async listForClient(actor: Actor, clientId: number, serviceId?: number): Promise<LaunchLogEntry[]> {
    assertAdmin(actor);
    const launches = await this.store.listForClient(clientId, serviceId);
    const facts = await this.store.logFacts(
      launches.map((l) => l.id),
      lastDays(LAUNCH_LOG_FIGURE_DAYS).from,
    );
    return launches.map((row) => {
      const fact = facts.get(row.id);
      const money = (micros: number) => Math.round(micros / 10_000) / 100;
      return {
        ...toCampaignLaunchDto(row),
        serviceName: fact?.serviceName ?? null,
        inGoogleAds: fact?.state ? { status: fact.state.status, servingStatus: fact.state.servingStatus, dailyBudget: money(fact.state.budgetMicros), readAt: fact.state.readAt.toISOString() } : null,
        lastDays: fact?.figures ? { days: LAUNCH_LOG_FIGURE_DAYS, impressions: fact.figures.impressions, clicks: fact.figures.clicks, cost: money(fact.figures.costMicros), conversions: fact.figures.conversions } : null,
      };
    });
  }
}
