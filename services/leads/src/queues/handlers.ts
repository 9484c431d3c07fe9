import { pending, type QueueHandlers } from '@hap/service-kit';

/**
 * The leads worker's job handlers: one per queue the contracts give leads,
 * checked when the worker starts. Each is `pending` until its feature ships:
 * such a job fails at once, without retries, saying what is missing, rather
 * than completing without doing its work (packages/service-kit/README.md).
 */
export const handlers: QueueHandlers<'leads'> = {
  'leads.deliver': pending('lead delivery (CRM push, clinic notification, offline conversion)'),
};
