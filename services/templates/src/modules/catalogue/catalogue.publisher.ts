import { publishedCatalogueFields, publishedCatalogueKey } from '@hap/contracts';
import { WRITE_HASH_IF_NEWER, type QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { ServiceTemplateRepository } from './catalogue.repository';

/**
 * The catalogue templates hands on to tenant (docs/service-graph.md: templates
 * owns it; tenant never asks): each template's id, name and GoHighLevel
 * snapshot id, in the Redis hash of packages/contracts/src/templates/published-catalogue.ts,
 * rewritten from the tables after every audited write commits (where the page
 * cache is cleared) and when the API or the worker starts.
 */
export interface CataloguePublisher {
  /** Rewrites the hash from the tables; never throws (a failure is told to onError and mended by the next write or start). */
  publish(): Promise<void>;
  close(): void;
}

/** A publisher on a Redis connection of its own (closed by `close`). */
export function createCataloguePublisher(dataSource: DataSource, redis: QueueRedis, onError: (err: unknown) => void): CataloguePublisher {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  connection.on('error', () => undefined);
  const templates = new ServiceTemplateRepository(dataSource);
  return {
    async publish() {
      try {
        const { readAt, templates: rows } = await templates.publishedCatalogue();
        const fields = Object.entries(publishedCatalogueFields(rows)).flat();
        await connection.eval(WRITE_HASH_IF_NEWER, 1, publishedCatalogueKey(redis.prefix), readAt, ...fields);
      } catch (err) {
        onError(err);
      }
    },
    close: () => connection.disconnect(),
  };
}
