import type { QueueHandlers } from '@hap/service-kit';
import { createClientDeletedHandler } from '../modules/client-deletion/client-deletion.job';
import { createDeliveryHandler, type DeliveryDependencies } from '../modules/delivery/deliver.job';

/**
 * The leads worker's job handlers: one per queue the contracts give leads,
 * checked when the worker starts.
 */
export const createHandlers = (deps: DeliveryDependencies): QueueHandlers<'leads'> => ({
  'leads.deliver': createDeliveryHandler(deps),
  'leads.client-deleted': createClientDeletedHandler(deps.dataSource),
});
