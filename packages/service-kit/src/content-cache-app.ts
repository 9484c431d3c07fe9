import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { onAuditedWrite } from './audit';
import { createContentCache, type ContentCache, type ContentCacheLogger } from './content-cache';
import { queueRedis } from './queue';

/**
 * Ties `cache` to `app`: subscribed when the app is ready, closed with it
 * (so runServer's SIGTERM path closes its connections), and invalidated after
 * every audited write of `dataSource` commits (see onAuditedWrite).
 * Apart from content-cache.ts, which a process without TypeORM loads too.
 */
export function registerContentCache(app: FastifyInstance, cache: ContentCache, dataSource?: DataSource): void {
  app.addHook('onReady', () => cache.start());
  const off = dataSource ? onAuditedWrite(dataSource, () => cache.invalidate()) : () => undefined;
  app.addHook('onClose', async () => {
    off();
    await cache.close();
  });
}

/**
 * A worker's side of its service's cache: it keeps no entries, but every
 * audited write of `dataSource` that commits in the worker clears `cache` in
 * the service's other processes (and the caches that follow it), as the API's
 * own writes do. Returns the stop: no more clears, connections closed.
 */
export function invalidateAfterAuditedWrites(dataSource: DataSource, cache: ContentCache): () => Promise<void> {
  // Started for its publisher (start() connects it; Redis away at boot is logged, never thrown).
  const started = cache.start();
  // A job may commit as soon as the worker consumes: its clear waits for the publisher's connection,
  // instead of being published before it is up, which is not sent (the others would keep the old page for a TTL).
  const off = onAuditedWrite(dataSource, async () => {
    await started;
    await cache.invalidate();
  });
  return async () => {
    off();
    await started;
    await cache.close();
  };
}

/**
 * A service worker's clearing of the page cache `name` (see
 * invalidateAfterAuditedWrites), through the service's Redis, as its config
 * says: none when CONTENT_CACHE_TTL_MS is 0 (no process keeps pages then).
 * Returns the stop.
 */
export function invalidatePageCacheAfterAuditedWrites(
  dataSource: DataSource,
  name: string,
  config: { REDIS_URL: string; REDIS_PREFIX: string; CONTENT_CACHE_TTL_MS: number; CONTENT_CACHE_MAX_ENTRIES: number },
  logger?: ContentCacheLogger,
): () => Promise<void> {
  if (config.CONTENT_CACHE_TTL_MS === 0) return async () => undefined;
  const cache = createContentCache({ name, redis: queueRedis(config), ttlMs: config.CONTENT_CACHE_TTL_MS, maxEntries: config.CONTENT_CACHE_MAX_ENTRIES, logger });
  return invalidateAfterAuditedWrites(dataSource, cache);
}
