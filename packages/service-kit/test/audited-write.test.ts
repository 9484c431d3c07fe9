import { randomUUID } from 'node:crypto';
import { auditedTransaction, AuditLogEntity, createServiceDataSource, onAuditedWrite, recordAudit, type Actor } from '../src';

/** The run's database (global setup migrated every service): tenant's audit_log serves as any service's. */
const dataSource = createServiceDataSource({ url: process.env.DATABASE_URL as string, schema: 'tenant', entities: [AuditLogEntity], migrations: [] });

const actor = (): Actor => ({ identity: { kind: 'admin', userId: 1 }, requestId: `audited-write-${randomUUID()}` });
const entry = { action: 'update' as const, entity: 'thing', entityId: 1, changes: null };
/** Read through another pooled connection: only committed rows are visible there. */
const committedRows = async (requestId: string) =>
  Number((await dataSource.query('SELECT count(*)::int AS n FROM "tenant"."audit_log" WHERE "request_id" = $1', [requestId]))[0].n);

describe('onAuditedWrite', () => {
  beforeAll(() => dataSource.initialize());
  afterAll(() => dataSource.destroy());

  it('runs after the audited write committed, before the write answers', async () => {
    const who = actor();
    const seen: number[] = [];
    const off = onAuditedWrite(dataSource, async () => {
      seen.push(await committedRows(who.requestId));
    });
    try {
      await auditedTransaction(dataSource, who, async () => ({ result: null, audit: entry }));
      expect(seen).toEqual([1]);
    } finally {
      off();
    }
  });

  it('does not run for a write that rolled back, nor for a transaction without an audit row', async () => {
    const who = actor();
    const listener = jest.fn();
    const off = onAuditedWrite(dataSource, listener);
    try {
      await expect(
        auditedTransaction(dataSource, who, async (manager) => {
          await recordAudit(manager, who, entry);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await dataSource.transaction((manager) => manager.query('SELECT 1'));
      expect(listener).not.toHaveBeenCalled();
      expect(await committedRows(who.requestId)).toBe(0);
    } finally {
      off();
    }
  });

  it('runs once, at the outer COMMIT, for an audit row written in a nested transaction (savepoint)', async () => {
    const who = actor();
    const seen: number[] = [];
    const off = onAuditedWrite(dataSource, async () => {
      seen.push(await committedRows(who.requestId));
    });
    try {
      await dataSource.transaction(async (manager) => {
        await manager.transaction((inner) => recordAudit(inner, who, entry));
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual([1]);
    } finally {
      off();
    }
  });

  it('never fails a committed write: a failing listener is logged', async () => {
    const who = actor();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const off = onAuditedWrite(dataSource, () => {
      throw new Error('listener broke');
    });
    try {
      await expect(auditedTransaction(dataSource, who, async () => ({ result: 'stored', audit: entry }))).resolves.toBe('stored');
      expect(await committedRows(who.requestId)).toBe(1);
      expect(error).toHaveBeenCalled();
    } finally {
      off();
      error.mockRestore();
    }
  });
});
