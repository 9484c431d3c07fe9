import type { DataSource } from 'typeorm';
import { startPolling, type JobQueue, type OutboxRelayOptions } from '@hap/service-kit';
import { OnboardingSubmissionRepository } from './onboarding-submission.repository';

/** Where a sign-up's chosen services go to be activated (docs/service-graph.md). */
export type ClinicOnboardedQueue = Pick<JobQueue<'templates.clinic-onboarded'>, 'addBulk'>;

/**
 * Hands up to `batch` stored sign-ups to templates as ClinicOnboardedEvent and
 * marks them relayed, in one transaction (as the clinic deletions' relay does):
 * Redis refusing rolls back and the rows wait for the next scan; a commit that
 * fails after the jobs were added adds them again under the same job ids. The
 * templates worker activates idempotently anyway. Returns how many it handed over.
 */
export async function relayOnboardings(dataSource: DataSource, queue: ClinicOnboardedQueue, batch = 100): Promise<number> {
  const submissions = new OnboardingSubmissionRepository();
  return dataSource.transaction(async (manager) => {
    const events = await submissions.claimUnrelayed(manager, batch);
    if (!events.length) return 0;
    await queue.addBulk(events);
    await submissions.markRelayed(
      manager,
      events.map((e) => e.submissionId),
    );
    return events.length;
  });
}

/** The relay of sign-ups, scanning until stopped (the kit's startPolling). */
export function startOnboardingRelay(options: OutboxRelayOptions & { queue: ClinicOnboardedQueue }): { stop: () => Promise<void> } {
  const batch = 100;
  return startPolling({ ...options, batch, pass: () => relayOnboardings(options.dataSource, options.queue, batch) });
}
