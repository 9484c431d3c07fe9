import type { QueuePayload } from '@hap/contracts';
import type { RolloutService } from './rollout.service';

/** The `templates.push` job (docs/template-rollout.md#push): runs the push's clinics still pending. */
export const createPushHandler = (rollout: Pick<RolloutService, 'runPush'>) =>
  ({ pushId }: QueuePayload<'templates.push'>): Promise<string> => rollout.runPush(pushId);
