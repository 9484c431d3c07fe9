import { runWorkers } from '@hap/service-kit';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';

/** The ads job process; its queue consumers arrive with the ads issues. */
const config = loadServiceConfig();
void runWorkers({
  name: 'ads',
  logLevel: config.LOG_LEVEL,
  dataSource: createDataSource(config.DATABASE_URL),
  start: () => [],
});
