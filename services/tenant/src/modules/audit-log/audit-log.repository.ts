import type { EntityManager } from 'typeorm';
import type { Actor } from '../../shared/actor';
import { AuditLogEntity, type AuditChanges } from './audit-log.entity';

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  action: AuditAction;
  entity: 'client' | 'staff_member' | 'domain_mapping' | 'user';
  entityId: number | string;
  changes: AuditChanges | null;
}

/** Writes the audit trail; always inside the transaction of the write it records. */
export class AuditLogRepository {
  async record(manager: EntityManager, actor: Actor, entry: AuditEntry): Promise<void> {
    const repo = manager.getRepository(AuditLogEntity);
    await repo.save(repo.create({
      actorUserId: actor.identity.userId ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      changes: entry.changes,
      requestId: actor.requestId,
    }));
  }
}
