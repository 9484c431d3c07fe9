import type { DataSource } from 'typeorm';
import { CLIENT_DELETED_QUEUES, type QueueOwner } from '@hap/contracts';
import { createQueue, startPolling, type JobQueue, type OutboxRelayOptions, type QueueRedis } from '@hap/service-kit';
import { ClientDeletionRepository } from './client-deletion.repository';

type ClientDeletedQueue = (typeof CLIENT_DELETED_QUEUES)[QueueOwner];

/** Where a clinic's deletion goes: one queue per service that holds its data. */
export type ClientDeletedQueues = { [O in QueueOwner]: Pick<JobQueue<(typeof CLIENT_DELETED_QUEUES)[O]>, 'addBulk'> };

/** The four `<owner>.client-deleted` queues on `redis`, and their closing. */
export function openClientDeletedQueues(redis: QueueRedis): { [O in QueueOwner]: JobQueue<(typeof CLIENT_DELETED_QUEUES)[O]> } & { close(): Promise<void> } {
  const opened = Object.fromEntries(
    (Object.entries(CLIENT_DELETED_QUEUES) as Array<[QueueOwner, ClientDeletedQueue]>).map(([owner, name]) => [owner, createQueue(name, redis)]),
  ) as { [O in QueueOwner]: JobQueue<(typeof CLIENT_DELETED_QUEUES)[O]> };
  return { ...opened, close: async () => void (await Promise.all(Object.values(opened).map((q) => q.close()))) };
}

/**
 * Hands up to `batch` recorded deletions to every owner's queue and marks them
 * relayed, in one transaction: rows locked (SKIP LOCKED), jobs added, rows
 * marked. Redis refusing rolls back (the rows wait for the next scan); a commit
 * that fails after the jobs were added adds them again under the same job ids,
 * which BullMQ keeps once, and the handlers are idempotent anyway. Returns how
 * many deletions it handed over.
 */
export async function relayClientDeletions(dataSource: DataSource, queues: ClientDeletedQueues, batch = 100): Promise<number> {
  const deletions = new ClientDeletionRepository(dataSource);
  return dataSource.transaction(async (manager) => {
    const clientIds = await deletions.claimUnrelayed(batch, manager);
    if (!clientIds.length) return 0;
    const events = clientIds.map((clientId) => ({ clientId }));
    await Promise.all([queues.tenant.addBulk(events), queues.templates.addBulk(events), queues.leads.addBulk(events), queues.ads.addBulk(events)]);
    await deletions.markRelayed(clientIds, manager);
    return clientIds.length;
  });
}

/** How long, and how often, recent deletions' jobs are added again (`relayRecentAgain`). */
export const RERELAY_DAYS = 7;
export const RERELAY_EVERY_MS = 60 * 60 * 1000;

/**
 * Adds again the jobs of the deletions of the last `days` days. A job Redis
 * still keeps under its id (waiting, running, finished within a day, failed
 * within two weeks) is kept once, so this adds only what Redis lost (a Redis
 * that restarted without its data before a worker ran) or finished long ago,
 * which runs again and finds nothing to remove. Returns how many deletions.
 */
export async function relayRecentAgain(dataSource: DataSource, queues: ClientDeletedQueues, days = RERELAY_DAYS): Promise<number> {
  const clientIds = await new ClientDeletionRepository(dataSource).relayedSince(days);
  if (!clientIds.length) return 0;
  const events = clientIds.map((clientId) => ({ clientId }));
  await Promise.all([queues.tenant.addBulk(events), queues.templates.addBulk(events), queues.leads.addBulk(events), queues.ads.addBulk(events)]);
  return clientIds.length;
}

/**
 * Scans the outbox until stopped (the kit's startPolling); every `RERELAY_EVERY_MS`
 * (and at start) it also adds the last week's deletions again (`relayRecentAgain`).
 */
export function startClientDeletionRelay(options: OutboxRelayOptions & { queues: ClientDeletedQueues }): { stop: () => Promise<void> } {
  const batch = 100;
  let lastRerelay = 0;
  const rerelay = async () => {
    if (Date.now() - lastRerelay < RERELAY_EVERY_MS) return;
    await relayRecentAgain(options.dataSource, options.queues);
    lastRerelay = Date.now();
  };
  return startPolling({
    ...options,
    batch,
    pass: async () => {
      const count = await relayClientDeletions(options.dataSource, options.queues, batch);
      await rerelay();
      return count;
    },
  });
}
