import { createContentCache, invalidateAfterAuditedWrites, invalidatePageCacheAfterAuditedWrites, markAuditedWrite, queueRedis, recordAudit, TENANT_PAGE_CACHE, type ContentCache } from '@hap/service-kit';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../src/db/data-source';
import { startTenant, type TestTenant } from '../helpers/app';

/**
 * The tenant worker's audited writes (a domain turning active or failing, its
 * host mapping) clear the API's page-context cache in the other processes, as
 * the API's own writes do: over real Redis, with a real transaction.
 */
describe('the worker’s audited writes clear the page cache of the API processes', () => {
  let t: TestTenant;
  let api: ContentCache;
  /** The worker's own connection to the database (the test app's has the API's cache on it). */
  let workerDb: DataSource;
  let cleared = 0;
  let off: () => void = () => undefined;

  const actor = { identity: { kind: 'service' as const, service: 'tenant' as const }, requestId: 'worker-cache-test' };
  const audited = () => workerDb.transaction((manager) => recordAudit(manager, actor, { action: 'update', entity: 'client_domain', entityId: 1, changes: {} }));
  const workerCache = () => createContentCache({ name: TENANT_PAGE_CACHE, redis: queueRedis(t.config), ttlMs: 60_000, maxEntries: 10 });
  /** The API's clears counted so far, once `count` came or `withinMs` passed. */
  const heard = async (count: number, withinMs = 5_000) => {
    const until = Date.now() + withinMs;
    while (cleared < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return cleared;
  };

  beforeAll(async () => {
    t = await startTenant();
    workerDb = await createDataSource(t.config.DATABASE_URL).initialize();
    api = createContentCache({ name: TENANT_PAGE_CACHE, redis: queueRedis(t.config), ttlMs: 60_000, maxEntries: 10 });
    await api.start();
  });
  beforeEach(() => {
    cleared = 0;
    off = api.onInvalidate(() => (cleared += 1));
  });
  afterEach(() => off());
  afterAll(async () => {
    await api?.close();
    await workerDb?.destroy();
    await t?.close();
  });

  it('clears after a committed audited write, not after a rolled-back one, and no more once stopped', async () => {
    const stop = invalidateAfterAuditedWrites(workerDb, workerCache());
    await audited();
    expect(await heard(1)).toBe(1);

    await expect(
      workerDb.transaction(async (manager) => {
        await recordAudit(manager, actor, { action: 'update', entity: 'client_domain', entityId: 1, changes: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await stop();
    await audited();
    // Neither the rolled-back write nor one after the stop cleared it: a committed write's message would have come by now.
    await api.get('probe', async () => 'x');
    expect(await heard(2, 1_000)).toBe(1);
  });

  it('clears after a write committed at once, before the worker’s connection to Redis was up', async () => {
    // As the worker starts it, with no start awaited: a job may write as soon as the worker consumes.
    // A write outside a transaction is committed already, so its listeners run at once, before any round trip.
    const stop = invalidatePageCacheAfterAuditedWrites(workerDb, TENANT_PAGE_CACHE, t.config);
    try {
      await markAuditedWrite(workerDb.manager);
      expect(await heard(1)).toBe(1);
    } finally {
      await stop();
    }
  });
});
