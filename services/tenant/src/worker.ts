import { queueRedis, runWorkers } from '@hap/service-kit';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';
import { handlers } from './queues/handlers';

/** The tenant job process: a BullMQ worker for each queue tenant consumes. */
const config = loadServiceConfig();
void runWorkers({
  name: 'tenant',
  logLevel: config.LOG_LEVEL,
  host: config.HOST,
  redis: queueRedis(config),
  dataSource: createDataSource(config.DATABASE_URL),
  handlers,
});
