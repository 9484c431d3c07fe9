import type { DataSource } from 'typeorm';
import { createServiceApp, databaseReady, registerDataSource, registerRoutes } from '@hap/service-kit';
import { createCatalogueClient, type CatalogueClient } from './clients/catalogue.client';
import type { Config } from './config';
import { leadHandlers } from './modules/leads/lead.routes';
import { LeadService } from './modules/leads/lead.service';

export interface AppDependencies {
  /** How the service checks a lead's service; defaults to HTTP at TEMPLATES_URL. */
  catalogue?: CatalogueClient;
}

/** Builds the leads API without listening (tests drive it in-process). */
export function buildApp(config: Config, dataSource: DataSource, dependencies: AppDependencies = {}) {
  const app = createServiceApp({
    name: 'leads',
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    ready: databaseReady(dataSource),
  });
  registerDataSource(app, dataSource);
  const catalogue =
    dependencies.catalogue ??
    createCatalogueClient({
      baseUrl: config.TEMPLATES_URL,
      internalSecret: config.INTERNAL_SECRET,
      timeoutMs: config.TEMPLATES_TIMEOUT_MS,
      cacheMs: config.LEAD_CATALOGUE_CACHE_MS,
    });
  registerRoutes(app, 'leads', leadHandlers(new LeadService(dataSource, catalogue)));
  return app;
}
