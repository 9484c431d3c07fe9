import { runServer } from '@hap/service-kit';
import { buildApp } from './app';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';

const config = loadServiceConfig();
const app = buildApp(config, createDataSource(config.DATABASE_URL));
void runServer({ app, host: config.HOST, port: config.PORT });
