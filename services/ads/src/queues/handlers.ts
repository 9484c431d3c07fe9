import { pending, type QueueHandlers } from '@hap/service-kit';
import type { CampaignWriter } from '../ai/campaign-writer';
import type { TemplatesClient } from '../clients/templates.client';
import { createGenerateHandler, createOptimizeHandler } from '../modules/campaigns/campaign-jobs.job';
import type { CampaignJobStore } from '../modules/campaigns/campaign-jobs.service';

/**
 * The ads worker's job handlers: one per queue the contracts give ads,
 * checked when the worker starts. Launches are `pending` until they ship:
 * such a job fails at once, without retries, saying so
 * (packages/service-kit/README.md).
 */
export const createHandlers = (deps: { store: CampaignJobStore; writer: CampaignWriter | null; templates: TemplatesClient }): QueueHandlers<'ads'> => ({
  'ads.generate': createGenerateHandler(deps.store, deps.writer, deps.templates),
  'ads.optimize': createOptimizeHandler(deps.store, deps.writer, deps.templates),
  'ads.launch': pending('Google Ads launches'),
});
