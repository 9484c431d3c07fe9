import { pending, type QueueHandlers } from '@hap/service-kit';

/**
 * The tenant worker's job handlers: one per queue the contracts give tenant,
 * checked when the worker starts. Each is `pending` until its feature ships:
 * such a job fails at once, without retries, saying what is missing, rather
 * than completing without doing its work (packages/service-kit/README.md).
 */
export const handlers: QueueHandlers<'tenant'> = {
  'tenant.provision': pending('the CRM (GoHighLevel) sub-account integration'),
};
