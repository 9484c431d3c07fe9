import type { DataSource } from 'typeorm';
import { clientDeletedHandler, type JobHandler } from '@hap/service-kit';
import { ClientDeletionRepository } from './client-deletion.repository';

/**
 * `templates.client-deleted` (contracts ClientDeletedEvent): a deleted clinic's
 * services go, with their page content, ad settings and experiments, and the
 * removal is recorded in templates' audit log (counts only). Idempotent: a
 * second run deletes nothing and records nothing.
 */
export function createClientDeletedHandler(dataSource: DataSource): JobHandler<'templates.client-deleted'> {
  const repository = new ClientDeletionRepository();
  return clientDeletedHandler(dataSource, 'templates', (clientId, manager) => repository.deleteClinic(clientId, manager), (removed) => removed.services || removed.experiments);
}
