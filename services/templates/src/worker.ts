import { invalidatePageCacheAfterAuditedWrites, onAuditedWrite, queueRedis, runServiceWorkers, TEMPLATES_PAGE_CACHE } from '@hap/service-kit';
import { modelOptionsOf } from '@hap/service-kit/structured-writer';
import { createTemplateWriter } from './ai/template-writer';
import { createTenantClient } from './clients/tenant.client';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { createCataloguePublisher } from './modules/catalogue/catalogue.publisher';
import { ServiceTemplateRepository } from './modules/catalogue/catalogue.repository';
import { ClientServiceRepository } from './modules/client-service/client-service.repository';
import { ClientServiceService } from './modules/client-service/client-service.service';
import { GenerationStore } from './modules/generation/generation.service';
import { RolloutRepository } from './modules/rollout/rollout.repository';
import { RolloutService } from './modules/rollout/rollout.service';
import { createHandlers } from './queues/handlers';

/** How often the worker publishes the catalogue and the activations again (ms), so a Redis that lost them has them back soon without a write. */
const CATALOGUE_REPUBLISH_MS = 5 * 60_000;

/**
 * The templates job process: a BullMQ worker for each queue templates consumes, and the catalogue and
 * each clinic's active services handed on to tenant in Redis (docs/service-graph.md), published at
 * start, after each audited write of a job (a sign-up's services, a deleted clinic's) and every few minutes.
 */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const writer = createTemplateWriter(modelOptionsOf(config));
const tenant = createTenantClient({ baseUrl: config.TENANT_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TENANT_TIMEOUT_MS });
const templates = new ServiceTemplateRepository(dataSource);
const clientServiceRows = new ClientServiceRepository(dataSource);
const clientServices = new ClientServiceService(dataSource, clientServiceRows, templates, tenant);
// The worker runs pushes; it asks for none, so it holds no queue of its own.
const rollout = new RolloutService(dataSource, new RolloutRepository(dataSource), templates, clientServiceRows, tenant, null);
void runServiceWorkers(config, {
  name: 'templates',
  dataSource,
  handlers: createHandlers({ dataSource, store: new GenerationStore(dataSource), writer, clientServices, rollout }),
  alongside: (logger) => {
    if (!writer) logger.warn('OPENAI_API_KEY is not set: AI template generation is not configured');
    const catalogue = createCataloguePublisher(dataSource, queueRedis(config), (err) => logger.warn({ err }, 'the catalogue could not be published to Redis'));
    void catalogue.publish();
    const stopPublishing = onAuditedWrite(dataSource, () => catalogue.publish());
    const republish = setInterval(() => void catalogue.publish(), CATALOGUE_REPUBLISH_MS);
    // A sign-up's services activated here change what the clinic's pages show: like the API's own writes,
    // each audited write committed here clears the API processes' page caches (and leads' copy of a clinic's services).
    const stopClearing = invalidatePageCacheAfterAuditedWrites(dataSource, TEMPLATES_PAGE_CACHE, config, logger);
    return {
      stop: async () => {
        clearInterval(republish);
        stopPublishing();
        await stopClearing();
        catalogue.close();
      },
    };
  },
});
