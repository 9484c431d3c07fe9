import type { QueueHandlers } from '@hap/service-kit';
import { createClientDeletedHandler } from '../modules/client-deletion/client-deletion.job';
import { createAppointmentNoticeHandler, type NoticeDependencies } from '../modules/booking/appointment-notices';
import { createDeliveryHandler, type DeliveryDependencies } from '../modules/delivery/deliver.job';

/**
 * The leads worker's job handlers: one per queue the contracts give leads,
 * checked when the worker starts.
 */
export const createHandlers = (deps: DeliveryDependencies & { notices: NoticeDependencies }): QueueHandlers<'leads'> => ({
  'leads.deliver': createDeliveryHandler(deps),
  'leads.appointment-notice': createAppointmentNoticeHandler(deps.notices),
  'leads.client-deleted': createClientDeletedHandler(deps.dataSource),
});
