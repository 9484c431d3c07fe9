import type { DataSource } from 'typeorm';
import { createDatabaseServiceApp, createQueue, listAuditLog, queueRedis, registerRoutes } from '@hap/service-kit';
import { createTemplatesClient, type TemplatesClient } from './clients/templates.client';
import { createTenantClient, type TenantClient } from './clients/tenant.client';
import { platformOriginOf, type Config } from './config';
import { CampaignJobService, type CampaignQueues } from './modules/campaigns/campaign-jobs.service';
import { CampaignPreviewService } from './modules/campaigns/campaign-preview.service';
import { CampaignRepository } from './modules/campaigns/campaign.repository';
import { campaignHandlers } from './modules/campaigns/campaign.routes';
import { CampaignService } from './modules/campaigns/campaign.service';
import { connectionHandlers } from './modules/connection/connection.routes';
import { GoogleAdsConnectionService, oauthSettingsOf } from './modules/connection/connection.service';
import { googleAdsAccessOf, googleAdsConfigured } from './google-ads/access';
import { adTextHandlers, domainCampaignHandlers, landingKeywordHandlers, launchedCampaignHandlers, launchHandlers, pageCampaignHandlers } from './modules/launches/launch.routes';
import { PageCampaignsService } from './modules/launches/page-campaigns.service';
import { LandingKeywordsService } from './modules/launches/landing-keywords.service';
import { LaunchedCampaignService } from './modules/launches/launched-campaign.service';
import { DomainCampaignsService } from './modules/launches/domain-campaigns.service';
import { conversionHandlers } from './modules/conversions/conversion.routes';
import { ConversionService } from './modules/conversions/conversion.service';
import { LaunchService } from './modules/launches/launch.service';
import { AdTextsService } from './modules/launches/ad-texts.service';
import { createPerformanceQueues, type PerformanceQueues } from './modules/performance/performance-queues';
import { BACKFILL_DAYS } from './modules/performance/performance-range';
import { performanceHandlers } from './modules/performance/performance.routes';
import { PerformanceService } from './modules/performance/performance.service';
import { PolicyCheckService } from './modules/policy/policy-check.service';
import { policyCheckHandlers } from './modules/policy/policy-check.routes';
import { PerformanceRepository } from './modules/performance/performance.repository';
import { RecommendationRepository } from './modules/recommendations/recommendation.repository';
import { recommendationHandlers } from './modules/recommendations/recommendation.routes';
import { RecommendationService } from './modules/recommendations/recommendation.service';
import type { JobQueue } from '@hap/service-kit';

export interface AppDependencies {
  /** How the service asks templates about a template; defaults to HTTP at TEMPLATES_URL. */
  templates?: TemplatesClient;
  /** How the service asks tenant about a clinic; defaults to HTTP at TENANT_URL. */
  tenant?: TenantClient;
  /** Where Generate and Optimize queue their jobs; default: REDIS_URL, when a model is configured (null: not configured). */
  campaignQueues?: CampaignQueues | null;
  /** Where launches are queued; default: REDIS_URL when Google Ads is configured. */
  launchQueue?: JobQueue<'ads.launch'> | null;
  /** Where performance reads (and the backfill on connect) are queued; default: REDIS_URL when Google Ads is configured. */
  performanceQueues?: PerformanceQueues | null;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the ads API without listening (tests drive it in-process). */
export function buildApp(config: Config, dataSource: DataSource, dependencies: AppDependencies = {}) {
  const app = createDatabaseServiceApp('ads', config, dataSource, { logStream: dependencies.logStream });
  const templates =
    dependencies.templates ??
    createTemplatesClient({ baseUrl: config.TEMPLATES_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TEMPLATES_TIMEOUT_MS });

  // AI campaigns: queues only when a model is configured (OPENAI_API_KEY); otherwise the API says it is not.
  let queues = dependencies.campaignQueues;
  if (queues === undefined) {
    queues = config.OPENAI_API_KEY ? { generate: createQueue('ads.generate', queueRedis(config)), optimize: createQueue('ads.optimize', queueRedis(config)) } : null;
    const owned = queues;
    if (owned) app.addHook('onClose', async () => void (await Promise.all([owned.generate.close(), owned.optimize.close()])));
  }

  const tenant = dependencies.tenant ?? createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TEMPLATES_TIMEOUT_MS });
  const campaignRows = new CampaignRepository(dataSource);
  let performanceQueues = dependencies.performanceQueues;
  if (performanceQueues === undefined) {
    performanceQueues = googleAdsConfigured(config) ? createPerformanceQueues(queueRedis(config)) : null;
    const owned = performanceQueues;
    if (owned) app.addHook('onClose', async () => void (await Promise.all([owned.read.close(), owned.sweep.close()])));
  }
  const sweep = performanceQueues?.sweep;
  // Connecting Google Ads reads the last 30 days of every clinic account.
  const connection = new GoogleAdsConnectionService(dataSource, oauthSettingsOf(config), sweep ? () => sweep.add({ days: BACKFILL_DAYS }) : undefined);
  const access = googleAdsAccessOf(config, connection);
  const platformOrigin = platformOriginOf(config);
  const campaignSources = { dataSource, campaigns: campaignRows, templates, tenant, access, platformOrigin };
  const campaigns = new CampaignService(campaignSources);
  let launchQueue = dependencies.launchQueue;
  if (launchQueue === undefined) {
    launchQueue = access.gateway ? createQueue('ads.launch', queueRedis(config)) : null;
    const owned = launchQueue;
    if (owned) app.addHook('onClose', async () => owned.close());
  }
  const launches = new LaunchService(campaignSources, launchQueue);
  registerRoutes(app, 'ads', {
    ...campaignHandlers(campaigns, new CampaignJobService(dataSource, templates, queues), new CampaignPreviewService(campaignRows, templates, tenant, access, platformOrigin)),
    ...connectionHandlers(connection),
    ...launchHandlers(launches),
    ...adTextHandlers(new AdTextsService(campaignSources, launches)),
    ...launchedCampaignHandlers(new LaunchedCampaignService(dataSource, access)),
    ...domainCampaignHandlers(new DomainCampaignsService(dataSource, access)),
    ...pageCampaignHandlers(new PageCampaignsService(dataSource, access)),
    ...landingKeywordHandlers(new LandingKeywordsService(dataSource, campaignRows, templates)),
    ...conversionHandlers(new ConversionService(dataSource, tenant, access)),
    ...performanceHandlers(new PerformanceService(new PerformanceRepository(dataSource), tenant, access, performanceQueues)),
    ...policyCheckHandlers(new PolicyCheckService(tenant, templates, platformOrigin)),
    ...recommendationHandlers(new RecommendationService(dataSource, new RecommendationRepository(dataSource), tenant, access)),
    listAdsAuditLog: ({ query }) => listAuditLog(dataSource, 'ads', query),
  });
  return app;
}
