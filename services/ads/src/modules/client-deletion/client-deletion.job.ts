import type { DataSource } from 'typeorm';
import { clientDeletedHandler, type JobHandler } from '@hap/service-kit';
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
  return clientDeletedHandler(dataSource, 'ads', (clientId, manager) => repository.deleteClinic(clientId, manager), (removed) => removed.launches || removed.accounts);
}
