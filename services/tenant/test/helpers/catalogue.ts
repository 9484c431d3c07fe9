import type { PublishedTemplate } from '@hap/contracts';
import type { QueueRedis } from '@hap/service-kit';
import { writePublishedActiveServices, writePublishedCatalogue } from '@hap/test-kit/published-catalogue';
import { Redis } from 'ioredis';
import type { CatalogueReader } from '../../src/modules/catalogue/catalogue.reader';

/** The catalogue's templates the CRM suites give GoHighLevel snapshots: TRT (snap_trt) and PLONG (snap_plong). */
export const TRT = 1;
export const PLONG = 4;
export const WEIGHT = 11;

/**
 * The seeded catalogue (services/templates/seed/catalogue.json) as templates publishes it to Redis,
 * with TRT and PLONG given their snapshot ids (the same in every CRM suite). Written with
 * `writePublishedCatalogue` (@hap/test-kit) under a suite's own Redis prefix.
 */
export const DEMO_CATALOGUE: PublishedTemplate[] = [
  { id: TRT, name: 'Testosterone Replacement Therapy (TRT)', ghlSnapshotId: 'snap_trt' },
  { id: 2, name: 'Medical Weight Loss', ghlSnapshotId: null },
  { id: 3, name: 'Erectile Dysfunction (ED) Treatment', ghlSnapshotId: null },
  { id: PLONG, name: 'PLong Men’s Enhancement', ghlSnapshotId: 'snap_plong' },
  { id: 5, name: 'CoolSculpting', ghlSnapshotId: null },
  { id: 6, name: 'Semaglutide Weight Loss', ghlSnapshotId: null },
  { id: WEIGHT, name: 'Medical Weight Management', ghlSnapshotId: null },
];

/** For handlers and apps whose test reads no catalogue. */
export const UNREAD_CATALOGUE: CatalogueReader = {
  templates: () => Promise.reject(new Error('the catalogue is not read in this test')),
  activeTemplateIds: () => Promise.reject(new Error('the active services are not read in this test')),
};

/**
 * Writes `templates` as the published catalogue in `redis` (null: removes it), and the clinics'
 * active services as templates publishes them alongside (none active, unless `active` says; removed
 * with a null catalogue), on a connection of its own.
 */
export async function publishCatalogue(
  redis: QueueRedis,
  templates: readonly PublishedTemplate[] | null = DEMO_CATALOGUE,
  active: ReadonlyMap<number, readonly number[]> = new Map(),
): Promise<void> {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    await writePublishedCatalogue(connection, redis.prefix, templates);
    await writePublishedActiveServices(connection, redis.prefix, templates ? active : null);
  } finally {
    connection.disconnect();
  }
}
