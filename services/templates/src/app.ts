import type { DataSource } from 'typeorm';
import {
  contentCacheFromConfig,
  createDatabaseServiceApp,
  createQueue,
  queueRedis,
  onAuditedWrite,
  registerContentCache,
  listAuditLog,
  registerRoutes,
  TEMPLATES_PAGE_CACHE,
  type ContentCache,
  type JobQueue,
} from '@hap/service-kit';
import { createAdsClient, type AdsClient } from './clients/ads.client';
import { createTenantClient, type TenantClient } from './clients/tenant.client';
import type { Config } from './config';
import { createCataloguePublisher } from './modules/catalogue/catalogue.publisher';
import { ServiceTemplateRepository } from './modules/catalogue/catalogue.repository';
import { catalogueHandlers } from './modules/catalogue/catalogue.routes';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { ClientServiceRepository } from './modules/client-service/client-service.repository';
import { clientServiceHandlers } from './modules/client-service/client-service.routes';
import { ClientServiceService } from './modules/client-service/client-service.service';
import { servicePageHandlers } from './modules/client-service/service-page.routes';
import { ServicePageService } from './modules/client-service/service-page.service';
import { contentHandlers } from './modules/content/content.routes';
import { ContentService } from './modules/content/content.service';
import { createExperimentCountsReader, type ExperimentCountsReader } from './modules/experiment/experiment-counts.reader';
import { experimentHandlers } from './modules/experiment/experiment.routes';
import { ExperimentService } from './modules/experiment/experiment.service';
import { generationHandlers } from './modules/generation/generation.routes';
import { GenerationService } from './modules/generation/generation.service';
import { PagePathRepository } from './modules/page-path/page-path.repository';
import { pagePathHandlers } from './modules/page-path/page-path.routes';
import { PagePathService } from './modules/page-path/page-path.service';
import { RolloutRepository } from './modules/rollout/rollout.repository';
import { rolloutHandlers } from './modules/rollout/rollout.routes';
import { RolloutService } from './modules/rollout/rollout.service';
import { portalPagesHandlers } from './modules/portal-pages/portal-pages.routes';
import { PortalPagesService } from './modules/portal-pages/portal-pages.service';

export interface AppDependencies {
  /** How the service asks tenant whether a clinic exists; defaults to HTTP at TENANT_URL. */
  tenant?: TenantClient;
  /** Where an experiment's counts are read; defaults to what leads keeps in the Redis in REDIS_URL, under REDIS_PREFIX. */
  experimentCounts?: ExperimentCountsReader;
  /** Where running campaigns on a page are asked and moved; defaults to HTTP at ADS_URL. */
  ads?: AdsClient;
  /**
   * GET /api/page-content's cache. Default: one from the config (its Redis,
   * CONTENT_CACHE_TTL_MS; none when that is 0). A test may pass its own, or null.
   */
  pageContentCache?: ContentCache | null;
  /** Where POST /api/templates/create queues its job; default: REDIS_URL, when a model is configured. */
  generationQueue?: JobQueue<'templates.generate'> | null;
  /** Where a template's pushes are queued (docs/template-rollout.md#push); default: REDIS_URL. */
  pushQueue?: JobQueue<'templates.push'>;
}

/**
 * Builds the templates API without listening (tests drive it in-process):
 * the data source, then each module's routes.
 */
export function buildApp(config: Config, dataSource: DataSource, dependencies: AppDependencies = {}) {
  const app = createDatabaseServiceApp('templates', config, dataSource);

  const tenant =
    dependencies.tenant ??
    createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TENANT_TIMEOUT_MS });
  const templates = new ServiceTemplateRepository(dataSource);
  const clientServiceRows = new ClientServiceRepository(dataSource);
  const clientServices = new ClientServiceService(dataSource, clientServiceRows, templates, tenant);
  const content = new ContentService(templates, clientServices, tenant);
  // Template rollout (docs/template-rollout.md): a page shows its version; pushes go to the templates worker.
  const pushQueue = dependencies.pushQueue ?? createQueue('templates.push', queueRedis(config));
  if (!dependencies.pushQueue) app.addHook('onClose', () => pushQueue.close());
  const rollout = new RolloutService(dataSource, new RolloutRepository(dataSource), templates, clientServiceRows, tenant, pushQueue);
  clientServices.useVersions(rollout);
  const experimentCounts =
    dependencies.experimentCounts ??
    (() => {
      const reader = createExperimentCountsReader(queueRedis(config), config.EXPERIMENT_COUNTS_TIMEOUT_MS);
      app.addHook('onClose', async () => reader.close());
      return reader;
    })();
  const experiments = new ExperimentService(dataSource, clientServices, experimentCounts);
  content.readExperimentsWith((clientServiceId) => experiments.runningFor(clientServiceId));
  // Page paths (docs/admin.md#page-paths): former paths answer 301; running campaigns are asked of ads and moved there.
  const ads = dependencies.ads ?? createAdsClient({ baseUrl: config.ADS_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.ADS_TIMEOUT_MS });
  const pagePaths = new PagePathService(new PagePathRepository(dataSource), clientServiceRows, templates, ads, app.log);
  clientServices.usePagePaths(pagePaths);
  content.readMovedPathsWith((clientId, path, pages) => pagePaths.movedPathOf(clientId, path, pages));

  // Public pages' answers, cleared in every templates API process after any audited write commits;
  // the template mappings (slugs in service links) are read again with them.
  const pageCache =
    dependencies.pageContentCache === undefined ? contentCacheFromConfig(app, TEMPLATES_PAGE_CACHE, config) : dependencies.pageContentCache;
  if (pageCache) {
    registerContentCache(app, pageCache, dataSource);
    pageCache.onInvalidate(() => content.invalidateMappings());
  }

  // The catalogue and each clinic's active services tenant reads from Redis (docs/service-graph.md): published
  // when the app is ready and after every audited write commits, as the page cache is cleared.
  const catalogue = createCataloguePublisher(dataSource, queueRedis(config), (err) => app.log.warn({ err }, 'the catalogue could not be published to Redis'));
  const stopPublishing = onAuditedWrite(dataSource, () => catalogue.publish());
  app.addHook('onReady', () => catalogue.publish());
  app.addHook('onClose', async () => {
    stopPublishing();
    catalogue.close();
  });

  // AI generation: a queue only when a model is configured (OPENAI_API_KEY); otherwise the API says it is not.
  const generationQueue =
    dependencies.generationQueue !== undefined ? dependencies.generationQueue : config.OPENAI_API_KEY ? createQueue('templates.generate', queueRedis(config)) : null;
  if (generationQueue && dependencies.generationQueue === undefined) app.addHook('onClose', () => generationQueue.close());

  registerRoutes(app, 'templates', {
    ...portalPagesHandlers(new PortalPagesService(clientServices, tenant)),
    ...catalogueHandlers(
      new CatalogueService(dataSource, templates, pagePaths, rollout, (err) => app.log.error({ err }, 'a template save’s push to its clinics could not be queued')),
      content,
    ),
    ...rolloutHandlers(rollout),
    ...pagePathHandlers(pagePaths),
    ...clientServiceHandlers(clientServices),
    ...servicePageHandlers(new ServicePageService(dataSource, clientServiceRows, clientServices, tenant)),
    ...contentHandlers(content, pageCache),
    ...experimentHandlers(experiments),
    ...generationHandlers(new GenerationService(dataSource, generationQueue, config.OPENAI_MODEL)),
    listTemplatesAuditLog: ({ query }) => listAuditLog(dataSource, 'templates', query),
  });
  return app;
}
