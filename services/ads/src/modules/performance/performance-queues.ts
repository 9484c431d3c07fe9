import { createQueue, type JobQueue, type QueueKeeping, type QueueRedis } from '@hap/service-kit';
import { HOURLY_DAYS, HOURLY_EVERY_MS, HOURLY_SCHEDULER_ID } from './performance-range';

/**
 * Reads are asked again every hour under the same job id (account and
 * range): a finished read must not stay behind to swallow the next one. What
 * a read came to is kept in ads.performance_accounts, not in Redis.
 */
export const PERFORMANCE_KEEPING: QueueKeeping = { removeOnComplete: true, removeOnFail: true };

export interface PerformanceQueues {
  read: JobQueue<'ads.performance'>;
  sweep: JobQueue<'ads.performance-sweep'>;
}

export const createPerformanceQueues = (redis: QueueRedis): PerformanceQueues => ({
  read: createQueue('ads.performance', redis, PERFORMANCE_KEEPING),
  sweep: createQueue('ads.performance-sweep', redis, PERFORMANCE_KEEPING),
});

/**
 * The hourly sweep, as a BullMQ job scheduler: every ads worker upserts the
 * same scheduler id, so replicas share one schedule (and a changed schedule
 * replaces the old one).
 */
export const scheduleHourlySweep = (sweep: JobQueue<'ads.performance-sweep'>, everyMs = HOURLY_EVERY_MS) =>
  sweep.queue.upsertJobScheduler(HOURLY_SCHEDULER_ID, { every: everyMs }, { name: 'ads.performance-sweep' as never, data: { days: HOURLY_DAYS } });
