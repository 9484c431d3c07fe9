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
