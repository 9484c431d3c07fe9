import type { DataSource } from 'typeorm';
import { createServiceApp, databaseReady, registerDataSource, registerRoutes } from '@hap/service-kit';
import type { Config } from './config';

/** Builds the templates API without listening (tests drive it in-process). */
export function buildApp(config: Config, dataSource: DataSource) {
  const app = createServiceApp({
    name: 'templates',
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    ready: databaseReady(dataSource),
  });
  registerDataSource(app, dataSource);
  // Its rows (and their handlers) arrive with the issue that builds this service.
  registerRoutes(app, 'templates', {});
  return app;
}
