import { runMigrations } from '@hap/service-kit';
import { loadServiceConfig } from '../config';
import { createDataSource, SCHEMA } from './data-source';

const config = loadServiceConfig();
void runMigrations(createDataSource(config.DATABASE_URL), SCHEMA);
