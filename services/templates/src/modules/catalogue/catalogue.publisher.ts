import { publishedActiveServicesFields, publishedActiveServicesKey, publishedCatalogueFields, publishedCatalogueKey } from '@hap/contracts';
import { WRITE_HASH_IF_NEWER, type QueueRedis } from '@hap/service-kit';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { ClientServiceRepository } from '../client-service/client-service.repository';
import { ServiceTemplateRepository } from './catalogue.repository';

/**
 * What templates hands on to tenant (docs/service-graph.md: templates owns the
 * catalogue and the activations; tenant never asks): each template's id, name
 * and GoHighLevel snapshot id (packages/contracts/src/templates/published-catalogue.ts)
 * and each clinic's active template ids (packages/contracts/src/templates/published-active-services.ts),
 * two Redis hashes rewritten from the tables after every audited write commits
 * (where the page cache is cleared: admin writes, a sign-up's activations, a
 * deleted clinic's removal) and when the API or the worker starts.
 */
export interface CataloguePublisher {
  /** Rewrites both hashes from the tables; never throws (a failure is told to onError and mended by the next write or start). */
  publish(): Promise<void>;
  close(): void;
}

/** A publisher on a Redis connection of its own (closed by `close`). */
export function createCataloguePublisher(dataSource: DataSource, redis: QueueRedis, onError: (err: unknown) => void): CataloguePublisher {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  connection.on('error', () => undefined);
  const templates = new ServiceTemplateRepository(dataSource);
  const clientServices = new ClientServiceRepository(dataSource);
  /** Each reading is written unless a newer one is there already (WRITE_HASH_IF_NEWER): racing writes end with the later reading. */
  const write = (key: string, readAt: string, fields: Record<string, string>) => connection.eval(WRITE_HASH_IF_NEWER, 1, key, readAt, ...Object.entries(fields).flat());
  return {
    async publish() {
      const results = await Promise.allSettled([
        templates.publishedCatalogue().then(({ readAt, templates: rows }) => write(publishedCatalogueKey(redis.prefix), readAt, publishedCatalogueFields(rows))),
        clientServices
          .publishedActiveServices()
          .then(({ readAt, activeByClient }) => write(publishedActiveServicesKey(redis.prefix), readAt, publishedActiveServicesFields(activeByClient))),
      ]);
      for (const result of results) if (result.status === 'rejected') onError(result.reason);
    },
    close: () => connection.disconnect(),
  };
}
