import {
  ErrorCode,
  Messages,
  publishedActiveServicesField,
  publishedActiveServicesKey,
  publishedActiveServicesOf,
  publishedCatalogueKey,
  publishedCatalogueOfHash,
  type PublishedTemplate,
} from '@hap/contracts';
import { AppError, type QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';

/** A service template as onboarding and provisioning need it. */
export type CatalogueTemplate = PublishedTemplate;

/**
 * Where tenant reads the service catalogue and a clinic's active services:
 * templates owns both and keeps them in Redis for tenant
 * (packages/contracts/src/templates/published-catalogue.ts and
 * published-active-services.ts; docs/service-graph.md), so tenant never calls templates.
 */
export interface CatalogueReader {
  /** Every service template; throws AppError 503 ("the templates service is temporarily unavailable") when it cannot be read or was never published. */
  templates(): Promise<CatalogueTemplate[]>;
  /** The ids of the templates the clinic has active; throws as `templates` does. */
  activeTemplateIds(clientId: number): Promise<number[]>;
}

/** The catalogue from the Redis in `redis` (a connection of its own, closed by `close`); a read waits `timeoutMs` at most. */
export function createCatalogueReader(redis: QueueRedis, timeoutMs: number): CatalogueReader & { close(): void } {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1, commandTimeout: timeoutMs, lazyConnect: true });
  connection.on('error', () => undefined);
  const unavailable = (cause: unknown) => Object.assign(new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('templates')), { cause });
  return {
    async templates() {
      let templates: CatalogueTemplate[] | null;
      try {
        // A value templates would not write (corrupt) is unreadable too.
        templates = publishedCatalogueOfHash(await connection.hgetall(publishedCatalogueKey(redis.prefix)));
      } catch (err) {
        throw unavailable(err);
      }
      if (!templates) throw unavailable(new Error('the catalogue has not been published to Redis'));
      return templates;
    },
    async activeTemplateIds(clientId) {
      let active: number[] | null;
      try {
        const [at, field] = await connection.hmget(publishedActiveServicesKey(redis.prefix), '@', publishedActiveServicesField(clientId));
        active = publishedActiveServicesOf(at, field);
      } catch (err) {
        throw unavailable(err);
      }
      if (!active) throw unavailable(new Error('the active services have not been published to Redis'));
      return active;
    },
    close: () => connection.disconnect(),
  };
}
