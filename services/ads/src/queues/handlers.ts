import type { QueueHandlers } from '@hap/service-kit';
import type { CampaignWriter } from '../ai/campaign-writer';
import type { TemplatesClient } from '../clients/templates.client';
import { createGenerateHandler, createOptimizeHandler } from '../modules/campaigns/campaign-jobs.job';
import type { CampaignJobStore } from '../modules/campaigns/campaign-jobs.service';
import { createLaunchHandler } from '../modules/launches/launch.job';
import type { GoogleAdsAccess } from '../modules/launches/launch.service';
import type { LaunchStore } from '../modules/launches/launch.store';

/**
 * The ads worker's job handlers: one per queue the contracts give ads,
 * checked when the worker starts.
 */
export const createHandlers = (deps: {
  store: CampaignJobStore;
  writer: CampaignWriter | null;
  templates: TemplatesClient;
  launches: LaunchStore;
  access: GoogleAdsAccess;
}): QueueHandlers<'ads'> => ({
  'ads.generate': createGenerateHandler(deps.store, deps.writer, deps.templates),
  'ads.optimize': createOptimizeHandler(deps.store, deps.writer, deps.templates),
  'ads.launch': createLaunchHandler(deps.launches, deps.access),
});
