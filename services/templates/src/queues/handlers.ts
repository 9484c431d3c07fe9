import { pending, type QueueHandlers } from '@hap/service-kit';

/**
 * The templates worker's job handlers: one per queue the contracts give templates,
 * checked when the worker starts. Each is `pending` until its feature ships:
 * such a job fails at once, without retries, saying what is missing, rather
 * than completing without doing its work (packages/service-kit/README.md).
 */
export const handlers: QueueHandlers<'templates'> = {
  'templates.generate': pending('AI template generation'),
};
