import { runServer } from '@hap/service-kit';
import { buildApp } from './app';
import { loadServiceConfig } from './config';
import { createDataSource } from './db/data-source';

const config = loadServiceConfig();
const app = buildApp(config, createDataSource(config.DATABASE_URL));
runServer({ app, host: config.HOST, port: config.PORT }).catch((err: unknown) => {
  app.log.error({ err }, 'failed to start');
  process.exit(1);
});
