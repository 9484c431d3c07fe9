import { runWorkers } from '@hap/service-kit';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';

/** The leads job process; its queue consumers arrive with the leads issues. */
const config = loadServiceConfig();
void runWorkers({
  name: 'leads',
  logLevel: config.LOG_LEVEL,
  dataSource: createDataSource(config.DATABASE_URL),
  start: () => [],
});
