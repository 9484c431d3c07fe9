import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { onAuditedWrite } from './audit';
import type { ContentCache } from './content-cache';

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
  const off = onAuditedWrite(dataSource, () => cache.invalidate());
  return async () => {
    off();
    await started;
    await cache.close();
  };
}
