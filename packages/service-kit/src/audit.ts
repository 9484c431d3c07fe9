import {
  Column,
  CreateDateColumn,
  Entity,
  EventSubscriber,
  PrimaryGeneratedColumn,
  type DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
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
  await markAuditedWrite(manager);
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

/*
 * After-commit hooks of audited writes. Every admin write records an audit row
 * (recordAudit, inside its transaction), so "an audited write committed" is
 * the one moment at which what public pages read may have changed: caches
 * register here (onAuditedWrite) and are cleared after the COMMIT, never
 * before, so a reader cannot put the old row back after the clear.
 */

type AuditedWriteListener = () => unknown;

const listenersBySource = new WeakMap<DataSource, Set<AuditedWriteListener>>();
/** Transactions (their query runners) that recorded an audited write and have not ended yet. */
const auditedRunners = new WeakSet<QueryRunner>();

/**
 * Runs `listener` after every committed transaction of `dataSource` that
 * recorded an audit row (or was marked by markAuditedWrite), before that
 * transaction's promise resolves: the admin's answer leaves after it. A
 * listener that fails is logged, never fails the write (it is committed).
 * Returns the listener's removal.
 */
export function onAuditedWrite(dataSource: DataSource, listener: AuditedWriteListener): () => void {
  let listeners = listenersBySource.get(dataSource);
  if (!listeners) listenersBySource.set(dataSource, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function notifyAuditedWrite(dataSource: DataSource): Promise<void> {
  const listeners = listenersBySource.get(dataSource);
  if (!listeners?.size) return;
  const results = await Promise.allSettled([...listeners].map(async (listener) => listener()));
  for (const result of results) {
    if (result.status === 'rejected') console.error('an after-commit listener of an audited write failed:', result.reason);
  }
}

/**
 * Marks the transaction of `manager` as one that changed what readers may
 * cache; its listeners run once it commits (at once when `manager` is not in
 * a transaction: its writes are already committed). recordAudit calls it; a
 * write without an audit row (a seed) may call it too.
 */
export async function markAuditedWrite(manager: EntityManager): Promise<void> {
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) auditedRunners.add(runner);
  else await notifyAuditedWrite(manager.dataSource);
}

/**
 * Sees every transaction end of the data sources made by
 * createServiceDataSource; only the outermost COMMIT (not a savepoint's
 * release) of a marked transaction runs the listeners.
 */
@EventSubscriber()
export class AuditedWriteSubscriber implements EntitySubscriberInterface {
  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const runner = event.queryRunner;
    if (runner.isTransactionActive || !auditedRunners.has(runner)) return;
    auditedRunners.delete(runner);
    await notifyAuditedWrite(event.dataSource);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) auditedRunners.delete(event.queryRunner);
  }
}
