import type { DataSource } from 'typeorm';
import { createServiceApp, databaseReady, registerDataSource, registerRoutes } from '@hap/service-kit';
import type { Config } from './config';
import { ServiceTemplateRepository } from './modules/catalogue/catalogue.repository';
import { catalogueHandlers } from './modules/catalogue/catalogue.routes';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { ClientServiceRepository } from './modules/client-service/client-service.repository';
import { clientServiceHandlers } from './modules/client-service/client-service.routes';
import { ClientServiceService } from './modules/client-service/client-service.service';
import { contentHandlers } from './modules/content/content.routes';
import { ContentService } from './modules/content/content.service';

/**
 * Builds the templates API without listening (tests drive it in-process):
 * the data source, then each module's routes.
 */
export function buildApp(config: Config, dataSource: DataSource) {
  const app = createServiceApp({
    name: 'templates',
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    ready: databaseReady(dataSource),
  });
  registerDataSource(app, dataSource);

  const templates = new ServiceTemplateRepository(dataSource);
  const clientServices = new ClientServiceService(dataSource, new ClientServiceRepository(dataSource), templates);
  const content = new ContentService(templates, clientServices);

  registerRoutes(app, 'templates', {
    ...catalogueHandlers(new CatalogueService(dataSource, templates), content),
    ...clientServiceHandlers(clientServices),
    ...contentHandlers(content),
  });
  return app;
}
