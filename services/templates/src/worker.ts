import { runWorkers } from '@hap/service-kit';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';

/** The templates job process; its queue consumers arrive with the templates issues. */
const config = loadServiceConfig();
void runWorkers({
  name: 'templates',
  logLevel: config.LOG_LEVEL,
  dataSource: createDataSource(config.DATABASE_URL),
  start: () => [],
});
