import type { DataSource } from 'typeorm';
import type { QueueHandlers } from '@hap/service-kit';
import { createClientDeletedHandler } from '../modules/client-deletion/client-deletion.job';
import type { CampaignWriter } from '../ai/campaign-writer';
import type { TemplatesClient } from '../clients/templates.client';
import { createGenerateHandler, createOptimizeHandler } from '../modules/campaigns/campaign-jobs.job';
import type { CampaignJobStore } from '../modules/campaigns/campaign-jobs.service';
import { createLaunchHandler } from '../modules/launches/launch.job';
import type { GoogleAdsAccess } from '../modules/launches/launch.service';
import type { LaunchRepository } from '../modules/launches/launch.repository';
import type { TenantClient } from '../clients/tenant.client';
import { createPerformanceHandler, createSweepHandler } from '../modules/performance/performance.job';
import type { PerformanceQueues } from '../modules/performance/performance-queues';
import type { PerformanceRepository } from '../modules/performance/performance.repository';

/**
 * The ads worker's job handlers: one per queue the contracts give ads,
 * checked when the worker starts.
 */
export const createHandlers = (deps: {
  dataSource: DataSource;
  store: CampaignJobStore;
  writer: CampaignWriter | null;
  templates: TemplatesClient;
  launches: LaunchRepository;
  access: GoogleAdsAccess;
  tenant: TenantClient;
  performance: PerformanceRepository;
  /** Where the sweep queues its reads. */
  reads: PerformanceQueues['read'];
}): QueueHandlers<'ads'> => ({
  'ads.generate': createGenerateHandler(deps.store, deps.writer, deps.templates),
  'ads.optimize': createOptimizeHandler(deps.store, deps.writer, deps.templates),
  'ads.launch': createLaunchHandler(deps.launches, deps.access),
  'ads.performance': createPerformanceHandler(deps.performance, deps.access),
  'ads.performance-sweep': createSweepHandler(deps.tenant, deps.performance, deps.access, deps.reads),
  'ads.client-deleted': createClientDeletedHandler(deps.dataSource),
});
