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
import { clinicRoleWords } from '@hap/contracts';
import type { Actor } from './access';

/** A write's effect: the row (or changed fields) before and after. */
export interface AuditChanges {
  before?: unknown;
  after?: unknown;
  /** Names as they were at write time (recordAudit adds the actor's e-mail): the Audit Log shows these, not ids. */
  names?: AuditNames;
}

/**
 * What an entry's ids stood for when it was written, so the Audit Log reads
 * "ana@agency.com launched 'TRT Search' for Acme Clinic · Testosterone therapy"
 * even after a rename or a deletion. Kept inside the changes jsonb (no
 * migration in any service); entries written before it have none and the
 * screen falls back to the names in their before/after.
 */
export interface AuditNames {
  /** The admin's e-mail (from the signed identity), or who a worker acted for. */
  actor?: string;
  /** A clinic user's name and role ('clinic owner', 'clinic front desk', 'clinic viewer'), from the signed identity: the agency sees who at the clinic acted. */
  actorName?: string;
  actorRole?: string;
  client?: string;
  service?: string;
  campaign?: string;
  /** A Google Ads account: the agency's connected e-mail or a clinic's customer id. */
  account?: string;
  /** What the entry's own row is called when its before/after do not say (a domain, a staff member). */
  subject?: string;
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
  /** Names of the client, service, campaign or account the entry is about; the actor's e-mail is added from the identity. */
  names?: AuditNames;
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

/**
 * Names a service finds for an entry at write time from its own tables (the clinic's name in
 * tenant), in the write's transaction: a plain read by id, so it cannot fail the write. Names the
 * entry gives itself win.
 */
export type AuditNamer = (manager: EntityManager, entry: AuditEntry) => Promise<AuditNames>;

const namers = new WeakMap<DataSource, AuditNamer>();

/** Every audit row written through `dataSource` gets the names `namer` finds (one per service, set at boot). */
export function nameAuditEntries(dataSource: DataSource, namer: AuditNamer): void {
  namers.set(dataSource, namer);
}

/** Writes one audit row; always inside the transaction of the write it records. */
export async function recordAudit(manager: EntityManager, actor: Actor, entry: AuditEntry): Promise<void> {
  await markAuditedWrite(manager);
  const repo = manager.getRepository(AuditLogEntity);
  const { identity } = actor;
  const clinicUser = identity.kind === 'clinic' ? { actorName: identity.name ?? undefined, actorRole: identity.role && `clinic ${clinicRoleWords(identity.role)}` } : {};
  const namer = namers.get(manager.connection);
  const found = namer ? await namer(manager, entry) : {};
  const names = Object.fromEntries(
    Object.entries({ actor: identity.email, ...clinicUser, ...found, ...entry.names }).filter(([, value]) => typeof value === 'string' && value !== ''),
  ) as AuditNames;
  const changes = Object.keys(names).length ? { ...entry.changes, names } : entry.changes;
  await repo.save(
    repo.create({
    actorUserId: actor.identity.userId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    changes,
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

/** Keys whose values never leave an audit row, whatever the entity. */
const SECRET_KEY = /(password|secret|token|hash|api[_-]?key)/i;

/** A copy of an audit record with every secret-looking value replaced. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) =>
        SECRET_KEY.test(key) && inner !== null && inner !== undefined ? [key, '[redacted]'] : [key, redactSecrets(inner)],
      ),
    );
  }
  return value;
}

export interface AuditLogQuery {
  entity?: string;
  entityId?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (redactSecrets(value) as Record<string, unknown>) : null;

/** The names an entry was written with (strings only); {} for entries older than names. */
const namesOf = (changes: AuditChanges | null): AuditNames => {
  const names = changes?.names;
  if (!names || typeof names !== 'object') return {};
  return Object.fromEntries(Object.entries(names).filter(([, value]) => typeof value === 'string')) as AuditNames;
};

/**
 * One page of a service's audit_log, newest first, filtered by the query
 * (already validated by the route's schema). Parameterised SQL only; the
 * schema name is the service's own constant, never the caller's.
 */
export async function listAuditLog<S extends string>(
  dataSource: DataSource,
  schema: S,
  query: AuditLogQuery,
) {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (query.entity) add('"entity" = ?', query.entity);
  if (query.entityId) add('"entity_id" = ?', query.entityId);
  if (query.action) add('"action" = ?', query.action);
  if (query.from) add('"created_at" >= ?', new Date(query.from).toISOString());
  if (query.to) add('"created_at" <= ?', new Date(query.to).toISOString());
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const table = `"${schema.replace(/"/g, '')}"."audit_log"`;
  const [{ count }] = (await dataSource.query(`SELECT count(*)::int AS count FROM ${table} ${clause}`, values)) as Array<{
    count: number;
  }>;
  const rows = (await dataSource.query(
    `SELECT "id"::text AS id, "action", "entity", "entity_id", "actor_user_id", "request_id", "changes", "created_at"
       FROM ${table} ${clause}
      ORDER BY "created_at" DESC, "id" DESC
      LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.pageSize, (query.page - 1) * query.pageSize],
  )) as Array<{
    id: string;
    action: string;
    entity: string;
    entity_id: string;
    actor_user_id: number | null;
    request_id: string | null;
    changes: AuditChanges | null;
    created_at: Date;
  }>;
  return {
    items: rows.map((row) => ({
      id: row.id,
      service: schema,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      actorUserId: row.actor_user_id,
      actorEmail: namesOf(row.changes).actor ?? null,
      names: namesOf(row.changes),
      requestId: row.request_id,
      changes: { before: asRecord(row.changes?.before), after: asRecord(row.changes?.after) },
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
  };
}
