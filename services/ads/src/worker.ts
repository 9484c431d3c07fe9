import { queueRedis, runWorkers } from '@hap/service-kit';
import { modelOptionsOf } from '@hap/service-kit/structured-writer';
import { createCampaignWriter } from './ai/campaign-writer';
import { createTemplatesClient } from './clients/templates.client';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { CampaignJobStore } from './modules/campaigns/campaign-jobs.service';
import { createHandlers } from './queues/handlers';

/** The ads job process: a BullMQ worker for each queue ads consumes. */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const writer = createCampaignWriter(modelOptionsOf(config));
const templates = createTemplatesClient({ baseUrl: config.TEMPLATES_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TEMPLATES_TIMEOUT_MS });
void runWorkers({
  name: 'ads',
  logLevel: config.LOG_LEVEL,
  host: config.HOST,
  redis: queueRedis(config),
  dataSource,
  handlers: createHandlers({ store: new CampaignJobStore(dataSource), writer, templates }),
  alongside: (logger) => {
    if (!writer) logger.warn('OPENAI_API_KEY is not set: AI campaign generation is not configured');
    return { stop: async () => {} };
  },
});
