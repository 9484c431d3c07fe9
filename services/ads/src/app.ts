import type { DataSource } from 'typeorm';
import { createServiceApp, databaseReady, registerDataSource, registerRoutes } from '@hap/service-kit';
import { createTemplatesClient, type TemplatesClient } from './clients/templates.client';
import type { Config } from './config';
import { CampaignRepository } from './modules/campaigns/campaign.repository';
import { campaignHandlers } from './modules/campaigns/campaign.routes';
import { CampaignService } from './modules/campaigns/campaign.service';

export interface AppDependencies {
  /** How the service asks templates about a template; defaults to HTTP at TEMPLATES_URL. */
  templates?: TemplatesClient;
}

/** Builds the ads API without listening (tests drive it in-process). */
export function buildApp(config: Config, dataSource: DataSource, dependencies: AppDependencies = {}) {
  const app = createServiceApp({
    name: 'ads',
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    ready: databaseReady(dataSource),
  });
  registerDataSource(app, dataSource);
  const templates =
    dependencies.templates ??
    createTemplatesClient({ baseUrl: config.TEMPLATES_URL, internalSecret: config.INTERNAL_SECRET, timeoutMs: config.TEMPLATES_TIMEOUT_MS });
  const campaigns = new CampaignService(dataSource, new CampaignRepository(dataSource), templates);
  registerRoutes(app, 'ads', { ...campaignHandlers(campaigns) });
  return app;
}
