import type { DataSource } from 'typeorm';
import type { QueueHandlers } from '@hap/service-kit';
import { createClientDeletedHandler } from '../modules/client-deletion/client-deletion.job';
import type { TemplateWriter } from '../ai/template-writer';
import { createGenerationHandler } from '../modules/generation/generation.job';
import type { GenerationStore } from '../modules/generation/generation.service';
import { createClinicOnboardedHandler } from '../modules/client-service/clinic-onboarded.job';
import type { ClientServiceService } from '../modules/client-service/client-service.service';
import { createPushHandler } from '../modules/rollout/rollout.job';
import type { RolloutService } from '../modules/rollout/rollout.service';

/**
 * The templates worker's job handlers: one per queue the contracts give
 * templates, checked when the worker starts.
 */
export const createHandlers = (deps: {
  dataSource: DataSource;
  store: GenerationStore;
  writer: TemplateWriter | null;
  /** Activations of a sign-up's services (they ask tenant whether the clinic still exists). */
  clientServices: Pick<ClientServiceService, 'activateAll'>;
  /** Template pushes (docs/template-rollout.md#push). */
  rollout: Pick<RolloutService, 'runPush'>;
}): QueueHandlers<'templates'> => ({
  'templates.push': createPushHandler(deps.rollout),
  'templates.generate': createGenerationHandler(deps.store, deps.writer),
  'templates.client-deleted': createClientDeletedHandler(deps.dataSource),
  'templates.clinic-onboarded': createClinicOnboardedHandler(deps.clientServices),
});
