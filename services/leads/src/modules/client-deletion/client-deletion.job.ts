import type { DataSource } from 'typeorm';
import { recordAudit, type JobHandler } from '@hap/service-kit';
import { ClientDeletionRepository } from './client-deletion.repository';

/**
 * `leads.client-deleted` (contracts ClientDeletedEvent): a deleted clinic's
 * leads go with their deliveries (a delivery job still queued then ends at
 * once as not found, without retries), and so do its page view counts; the removal is
 * recorded in leads' audit log (counts only). Idempotent: a second run deletes
 * nothing and records nothing. What is kept: docs/data-retention.md.
 */
export function createClientDeletedHandler(dataSource: DataSource): JobHandler<'leads.client-deleted'> {
  const repository = new ClientDeletionRepository();
  return async ({ clientId }, job) =>
    dataSource.transaction(async (manager) => {
      const removed = await repository.deleteClinic(clientId, manager);
      if (removed.leads || removed.pageViewCells) {
        await recordAudit(manager, { identity: { kind: 'service', service: 'leads' }, requestId: `job-${job.id ?? clientId}` }, {
          action: 'delete',
          entity: 'client_data',
          entityId: clientId,
          changes: { before: removed },
        });
      }
      return { clientId, ...removed };
    });
}
