import type { DataSource } from 'typeorm';
import { clientDeletedHandler, type JobHandler } from '@hap/service-kit';
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
  return clientDeletedHandler(dataSource, 'leads', (clientId, manager) => repository.deleteClinic(clientId, manager), (removed) => removed.leads || removed.pageViewCells);
}
