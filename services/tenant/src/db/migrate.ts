import { runMigrations } from '@hap/service-kit';
import { loadServiceConfig } from '../config';
import { createDataSource, SCHEMA } from './data-source';

const config = loadServiceConfig();
runMigrations(createDataSource(config.DATABASE_URL), SCHEMA).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
