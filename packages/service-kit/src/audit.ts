import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, type DataSource, type EntityManager } from 'typeorm';
import type { Actor } from './access';

/** A write's effect: the row (or changed fields) before and after. */
export interface AuditChanges {
  before?: unknown;
  after?: unknown;
}

/**
 * One admin write: who, what, on which row, with which changes. Each service
 * keeps its own `audit_log` table in its own schema (createAuditLogTable).
 */
@Entity({ name: 'audit_log' })
export class AuditLogEntity {
  /** bigserial: pg hands bigint back as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'actor_user_id', type: 'integer', nullable: true })
  actorUserId: number | null;

  @Column({ name: 'action', type: 'text' })
  action: string;

  @Column({ name: 'entity', type: 'text' })
  entity: string;

  @Column({ name: 'entity_id', type: 'text' })
  entityId: string;

  @Column({ name: 'changes', type: 'jsonb', nullable: true })
  changes: AuditChanges | null;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  action: AuditAction;
  /** The product's name of what changed: client, staff_member, service_template… */
  entity: string;
  entityId: number | string;
  changes: AuditChanges | null;
}

/** The DDL of a service's audit_log table, for its first migration. */
export const createAuditLogTable = (schema: string) => [
  `CREATE TABLE "${schema}"."audit_log" (
    "id" bigserial PRIMARY KEY,
    "actor_user_id" integer,
    "action" text NOT NULL,
    "entity" text NOT NULL,
    "entity_id" text NOT NULL,
    "changes" jsonb,
    "request_id" text,
    "created_at" timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX "audit_log_entity_idx" ON "${schema}"."audit_log" ("entity", "entity_id")`,
];

/** Writes one audit row; always inside the transaction of the write it records. */
export async function recordAudit(manager: EntityManager, actor: Actor, entry: AuditEntry): Promise<void> {
  const repo = manager.getRepository(AuditLogEntity);
  await repo.save(
    repo.create({
    actorUserId: actor.identity.userId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    changes: entry.changes,
    requestId: actor.requestId,
    }),
  );
}

/** What an audited write gives back: its result and the audit entry that describes it. */
export interface AuditedResult<T> {
  result: T;
  audit: AuditEntry;
}

/**
 * Runs an admin write and its audit row in one transaction: both are stored
 * or neither is. `work` returns its result and the entry describing it.
 */
export function auditedTransaction<T>(
  dataSource: DataSource,
  actor: Actor,
  work: (manager: EntityManager) => Promise<AuditedResult<T>>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    const { result, audit } = await work(manager);
    await recordAudit(manager, actor, audit);
    return result;
  });
}
