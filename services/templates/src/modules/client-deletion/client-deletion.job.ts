import type { DataSource } from 'typeorm';
import { recordAudit, type JobHandler } from '@hap/service-kit';
import { ClientDeletionRepository } from './client-deletion.repository';

/**
 * `templates.client-deleted` (contracts ClientDeletedEvent): a deleted clinic's
 * services go, with their page content, ad settings and experiments, and the
 * removal is recorded in templates' audit log (counts only). Idempotent: a
 * second run deletes nothing and records nothing.
 */
export function createClientDeletedHandler(dataSource: DataSource): JobHandler<'templates.client-deleted'> {
  const repository = new ClientDeletionRepository();
  return async ({ clientId }, job) =>
    dataSource.transaction(async (manager) => {
      const removed = await repository.deleteClinic(clientId, manager);
      if (removed.services || removed.experiments) {
        await recordAudit(manager, { identity: { kind: 'service', service: 'templates' }, requestId: `job-${job.id ?? clientId}` }, {
          action: 'delete',
          entity: 'client_data',
          entityId: clientId,
          changes: { before: removed },
        });
      }
      return { clientId, ...removed };
    });
}
