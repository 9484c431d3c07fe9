import { runWorkers } from '@hap/service-kit';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';

/** The tenant job process; the tenant.provision consumer arrives with the CRM issue. */
const config = loadServiceConfig();
void runWorkers({
  name: 'tenant',
  logLevel: config.LOG_LEVEL,
  dataSource: createDataSource(config.DATABASE_URL),
  start: () => [],
});
