import { runServiceWorkers } from '@hap/service-kit';
import { modelOptionsOf } from '@hap/service-kit/structured-writer';
import { createTemplateWriter } from './ai/template-writer';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { GenerationStore } from './modules/generation/generation.service';
import { createHandlers } from './queues/handlers';

/** The templates job process: a BullMQ worker for each queue templates consumes. */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const writer = createTemplateWriter(modelOptionsOf(config));
void runServiceWorkers(config, {
  name: 'templates',
  dataSource,
  handlers: createHandlers({ dataSource, store: new GenerationStore(dataSource), writer }),
  alongside: (logger) => {
    if (!writer) logger.warn('OPENAI_API_KEY is not set: AI template generation is not configured');
    return { stop: async () => {} };
  },
});
