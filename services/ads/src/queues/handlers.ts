import { pending, type QueueHandlers } from '@hap/service-kit';

/**
 * The ads worker's job handlers: one per queue the contracts give ads,
 * checked when the worker starts. Each is `pending` until its feature ships:
 * such a job fails at once, without retries, saying what is missing, rather
 * than completing without doing its work (packages/service-kit/README.md).
 */
export const handlers: QueueHandlers<'ads'> = {
  'ads.generate': pending('AI campaign generation'),
  'ads.optimize': pending('AI campaign optimization'),
  'ads.launch': pending('Google Ads launches'),
};
