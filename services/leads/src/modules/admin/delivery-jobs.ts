import { jobIdOf } from '@hap/contracts';
import { createQueue, type JobQueue, type QueueRedis } from '@hap/service-kit';

/** What became of a delivery's last `leads.deliver` job before an admin's retry. */
export type JobClearance = 'cleared' | 'busy';

/**
 * The API's view of the `leads.deliver` queue, for one thing: an admin's
 * retry. A job keeps its id (`delivery-<id>`) while BullMQ keeps it (a
 * failed one for two weeks), and adding a job under a kept id adds nothing;
 * so before a failed delivery goes back to the outbox its finished job is
 * removed, and the relay's next add is a new job with a fresh set of tries.
 */
export interface DeliveryJobs {
  /** Removes the delivery's failed or completed job; 'busy' when one is waiting or running. */
  clearFinished(deliveryId: number): Promise<JobClearance>;
  close(): Promise<void>;
}

/** Past this the queue counts as down (503) rather than keeping an admin waiting. */
const REDIS_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the delivery queue did not answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The queue is opened at the first retry, not at start: the API needs Redis
 * for nothing else. Its connection errors go to `onError` (an 'error' event
 * nobody hears would end the process); a retry meanwhile times out as a 503.
 */
export function createDeliveryJobs(redis: QueueRedis, onError: (err: Error) => void = (err) => console.error('leads.deliver queue:', err)): DeliveryJobs {
  let queue: JobQueue<'leads.deliver'> | null = null;
  return {
    async clearFinished(deliveryId) {
      if (!queue) {
        queue = createQueue('leads.deliver', redis);
        queue.queue.on('error', onError);
      }
      const bull = queue.queue;
      return withTimeout(
        (async (): Promise<JobClearance> => {
          const job = await bull.getJob(jobIdOf('leads.deliver', { deliveryId }));
          if (!job) return 'cleared';
          const state = await job.getState();
          if (state !== 'failed' && state !== 'completed' && state !== 'unknown') return 'busy';
          await job.remove();
          return 'cleared';
        })(),
        REDIS_TIMEOUT_MS,
      );
    },
    async close() {
      await queue?.close();
      queue = null;
    },
  };
}
