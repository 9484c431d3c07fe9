import type { DataSource, EntityManager } from 'typeorm';
import type { QueueName, QueueOwner } from '@hap/contracts';
import { recordAudit } from './audit';
import type { JobHandler } from './queue';

/** A `<owner>.client-deleted` queue (contracts ClientDeletedEvent). */
type ClientDeletedQueue = Extract<QueueName, `${QueueOwner}.client-deleted`>;

/**
 * The handler of a service's `<owner>.client-deleted` queue: `remove` deletes the clinic's rows in
 * one transaction and says how many went; when `anyRemoved` of those counts, the removal is recorded
 * in the service's audit log (counts only) in the same transaction. Answers `{ clientId, ...counts }`.
 */
export function clientDeletedHandler<Q extends ClientDeletedQueue, R extends object>(
  dataSource: DataSource,
  service: QueueOwner,
  remove: (clientId: number, manager: EntityManager) => Promise<R>,
  anyRemoved: (removed: R) => unknown,
): JobHandler<Q> {
  return async ({ clientId }, job) =>
    dataSource.transaction(async (manager) => {
      const removed = await remove(clientId, manager);
      if (anyRemoved(removed)) {
        await recordAudit(manager, { identity: { kind: 'service', service }, requestId: `job-${job.id ?? clientId}` }, {
          action: 'delete',
          entity: 'client_data',
          entityId: clientId,
          changes: { before: removed },
        });
      }
      return { clientId, ...removed };
    });
}
