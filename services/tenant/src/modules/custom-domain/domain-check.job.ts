import { createQueue, type JobHandler, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { jobIdOf, type QueuePayload } from '@hap/contracts';
import type { ClientDomainService, DomainCheckScheduler } from './client-domain.service';

/** The queues a domain's jobs go on, opened at their first use (a process that never queues one holds no connection). */
export class DomainQueues {
  private readonly open = new Map<string, JobQueue<DomainQueueName>>();

  constructor(private readonly redis: QueueRedis) {}

  get<N extends DomainQueueName>(name: N): JobQueue<N> {
    let queue = this.open.get(name);
    if (!queue) {
      queue = createQueue(name, this.redis);
      this.open.set(name, queue);
    }
    return queue as unknown as JobQueue<N>;
  }

  async close(): Promise<void> {
    await Promise.all([...this.open.values()].map((q) => q.close()));
    this.open.clear();
  }
}

export type DomainQueueName = 'tenant.domain-check' | 'tenant.domain-certificate' | 'tenant.domain-health-sweep' | 'tenant.domain-health';
/** Where the domain jobs go: a getter per queue (DomainQueues.get, or a test's own). */
export type DomainQueueOf = <N extends DomainQueueName>(name: N) => JobQueue<N>;

/** tenant.domain-check: one DNS check of a pending claim; the service queues the next one itself, later each time. */
export const createDomainCheckHandler =
  (domains: ClientDomainService): JobHandler<'tenant.domain-check'> =>
  async ({ domainId, check }) =>
    domains.runCheck(domainId, check);

/** tenant.domain-certificate: one try of a verified domain's certificate at the edge; the service queues the next one itself. */
export const createDomainCertificateHandler =
  (domains: ClientDomainService): JobHandler<'tenant.domain-certificate'> =>
  async ({ domainId, attempt }) =>
    domains.runCertificate(domainId, attempt);

/** tenant.domain-health: one domain's health check. */
export const createDomainHealthHandler =
  (domains: ClientDomainService): JobHandler<'tenant.domain-health'> =>
  async ({ domainId }) =>
    domains.runHealth(domainId);

/** The UTC day of `now`, YYYY-MM-DD. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * tenant.domain-health-sweep (daily, from the worker's job scheduler): one
 * tenant.domain-health job per active domain and per failing domain that had
 * been active, each under its domain-and-day job id (a second sweep the same
 * day adds nothing).
 */
export const createDomainHealthSweepHandler =
  (domains: ClientDomainService, queueOf: DomainQueueOf, now: () => Date = () => new Date()): JobHandler<'tenant.domain-health-sweep'> =>
  async () => {
    const ids = await domains.healthCheckedIds();
    const on = utcDay(now());
    if (ids.length) await queueOf('tenant.domain-health').addBulk(ids.map((domainId) => ({ domainId, day: on })));
    return { queued: ids.length, day: on };
  };

/** Queues checks and certificate tries with a delay on the queue underneath (the kit's `add` has none); each its own job id. */
export const domainCheckScheduler = (queueOf: DomainQueueOf): DomainCheckScheduler => {
  const delayed = async <N extends 'tenant.domain-check' | 'tenant.domain-certificate'>(name: N, payload: QueuePayload<N>, delayMs: number) => {
    await queueOf(name).queue.add(name as never, payload as never, { jobId: jobIdOf(name, payload), delay: delayMs });
  };
  return {
    schedule: (domainId, check, delayMs) => delayed('tenant.domain-check', { domainId, check }, delayMs),
    scheduleCertificate: (domainId, attempt, delayMs) => delayed('tenant.domain-certificate', { domainId, attempt }, delayMs),
  };
};

/** The daily sweep's job scheduler id: every tenant worker upserts the same one, so replicas share one schedule. */
export const DOMAIN_HEALTH_SCHEDULER_ID = 'domain-health-daily';

/** Upserts the daily sweep (a BullMQ job scheduler on a cron pattern, UTC); a changed pattern replaces the old one. */
export const scheduleDailyHealth = (sweep: JobQueue<'tenant.domain-health-sweep'>, pattern: string) =>
  sweep.queue.upsertJobScheduler(DOMAIN_HEALTH_SCHEDULER_ID, { pattern, tz: 'UTC' }, { name: 'tenant.domain-health-sweep' as never, data: { trigger: 'daily' } as never });

/** Without an edge to probe there is nothing to check: an earlier schedule is removed. */
export const unscheduleDailyHealth = (sweep: JobQueue<'tenant.domain-health-sweep'>) => sweep.queue.removeJobScheduler(DOMAIN_HEALTH_SCHEDULER_ID);
