import { publishedActiveServicesFields, publishedActiveServicesKey, publishedCatalogueFields, publishedCatalogueKey, type PublishedTemplate } from '@hap/contracts';

/** The Redis commands it needs (an ioredis connection; test-kit does not depend on ioredis itself). */
export interface HashWriter {
  del(key: string): Promise<unknown>;
  hset(key: string, fields: Record<string, string>): Promise<unknown>;
}

/**
 * Writes the catalogue hash under `prefix` as the templates service publishes
 * it (packages/contracts/src/templates/published-catalogue.ts), for a tenant
 * test that needs a catalogue without running templates; `null` removes it
 * (never published).
 */
export async function writePublishedCatalogue(redis: HashWriter, prefix: string, templates: readonly PublishedTemplate[] | null): Promise<void> {
  const key = publishedCatalogueKey(prefix);
  await redis.del(key);
  if (templates) await redis.hset(key, { '@': String(Date.now() * 1000), ...publishedCatalogueFields(templates) });
}

/**
 * Writes each clinic's active template ids under `prefix` as the templates service publishes them
 * (packages/contracts/src/templates/published-active-services.ts), for a tenant test that needs a
 * clinic's active services without running templates; `null` removes the hash (never published).
 */
export async function writePublishedActiveServices(redis: HashWriter, prefix: string, activeByClient: ReadonlyMap<number, readonly number[]> | null): Promise<void> {
  const key = publishedActiveServicesKey(prefix);
  await redis.del(key);
  if (activeByClient) await redis.hset(key, { '@': String(Date.now() * 1000), ...publishedActiveServicesFields(activeByClient) });
}
