import type { DataSource } from 'typeorm';
import type { JobHandler } from '@hap/service-kit';
import { clinicUploadFolder } from '../upload/upload.service';
import type { UploadStorage } from '../upload/upload.storage';
import { ClientDeletionRepository } from './client-deletion.repository';

/**
 * `tenant.client-deleted`: tenant's part of a clinic's deletion that is not
 * rows (those went with the client, ON DELETE CASCADE): its uploads, the
 * clinic's own folder and the images its record and staff named (recorded
 * with the deletion). Idempotent: a file already gone is no error, and a
 * second run finds nothing left. Without upload storage (a worker of other
 * queues only) it fails rather than pretend.
 */
export function createClientDeletedHandler(dataSource: DataSource, storage: UploadStorage | null): JobHandler<'tenant.client-deleted'> {
  const deletions = new ClientDeletionRepository(dataSource);
  return async ({ clientId }) => {
    const recorded = await deletions.find(clientId);
    // Only a deletion tenant recorded: a hand-made job for a clinic that exists removes nothing.
    if (!recorded) return { clientId, removed: 0, note: 'no deletion recorded for this clinic' };
    if (!storage) throw new Error('upload storage is not configured in this worker');
    let removed = await storage.removeFolder(clinicUploadFolder(clientId));
    for (const file of recorded.files) removed += await storage.removeUpload(file);
    await deletions.markFilesRemoved(clientId);
    return { clientId, removed };
  };
}
