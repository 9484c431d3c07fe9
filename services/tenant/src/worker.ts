import { queueRedis, runWorkers } from '@hap/service-kit';
import { createGoHighLevel } from '@hap/service-kit/gohighlevel';
import { catalogueFromConfig } from './app';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { createHandlers } from './queues/handlers';

/** The tenant job process: a BullMQ worker for each queue tenant consumes. */
const config = loadServiceConfig();
const dataSource = createDataSource(config.DATABASE_URL);
const crm = createGoHighLevel(config);
void runWorkers({
  name: 'tenant',
  logLevel: config.LOG_LEVEL,
  host: config.HOST,
  redis: queueRedis(config),
  dataSource,
  handlers: createHandlers({ dataSource, catalogue: catalogueFromConfig(config), crm }),
  alongside: (logger) => {
    if (!crm) logger.warn('GHL_AGENCY_TOKEN / GHL_COMPANY_ID are not set: CRM sub-accounts are recorded as not configured');
    return { stop: async () => undefined };
  },
});
