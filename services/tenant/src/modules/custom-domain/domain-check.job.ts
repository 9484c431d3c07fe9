import type { JobHandler, JobQueue } from '@hap/service-kit';
import { jobIdOf, QueueName } from '@hap/contracts';
import type { ClientDomainService, DomainCheckScheduler } from './client-domain.service';

/** tenant.domain-check: one DNS check of a pending claim; the service queues the next one itself, later each time. */
export const createDomainCheckHandler =
  (domains: ClientDomainService): JobHandler<'tenant.domain-check'> =>
  async ({ domainId, check }) =>
    domains.runCheck(domainId, check);

/** Queues checks with a delay on the queue underneath (the kit's `add` has none); each check its own job id. */
export const domainCheckScheduler = (queue: () => JobQueue<'tenant.domain-check'>): DomainCheckScheduler => ({
  async schedule(domainId, check, delayMs) {
    const payload = { domainId, check };
    await queue().queue.add(QueueName.tenantDomainCheck as never, payload as never, { jobId: jobIdOf('tenant.domain-check', payload), delay: delayMs });
  },
});
