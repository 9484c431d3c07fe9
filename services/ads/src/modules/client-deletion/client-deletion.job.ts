import type { DataSource } from 'typeorm';
import { recordAudit, type JobHandler } from '@hap/service-kit';
import { ClientDeletionRepository } from './client-deletion.repository';

/**
 * `ads.client-deleted` (contracts ClientDeletedEvent): a deleted clinic's launch
 * records and account sync state go (a launch job still queued then finds no
 * launch and does nothing); the spend already read stays, and so does the
 * agency's Google Ads connection, which is not a clinic's. Recorded in ads'
 * audit log (counts only). Idempotent: a second run deletes nothing.
 */
export function createClientDeletedHandler(dataSource: DataSource): JobHandler<'ads.client-deleted'> {
  const repository = new ClientDeletionRepository();
  return async ({ clientId }, job) =>
    dataSource.transaction(async (manager) => {
      const removed = await repository.deleteClinic(clientId, manager);
      if (removed.launches || removed.accounts) {
        await recordAudit(manager, { identity: { kind: 'service', service: 'ads' }, requestId: `job-${job.id ?? clientId}` }, {
          action: 'delete',
          entity: 'client_data',
          entityId: clientId,
          changes: { before: removed },
        });
      }
      return { clientId, ...removed };
    });
}
