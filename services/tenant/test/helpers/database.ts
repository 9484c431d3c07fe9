import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createServiceDataSource, migrate } from '@hap/service-kit';
import { SCHEMA, TENANT_ENTITIES, TENANT_MIGRATIONS } from '../../src/db/data-source';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  /** Migrated with `migrations`; initialised. */
  dataSource: DataSource;
  /** Runs the tenant migrations not run yet. */
  migrateAll: () => Promise<void>;
  /** Closes the data source and drops the database. */
  drop: () => Promise<void>;
}

async function onServer<T>(work: (admin: DataSource) => Promise<T>): Promise<T> {
  const admin = new DataSource({ type: 'postgres', url: ADMIN_URL });
  await admin.initialize();
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}

const tenantDataSource = (url: string, migrations: typeof TENANT_MIGRATIONS) =>
  createServiceDataSource({ url, schema: SCHEMA, entities: TENANT_ENTITIES, migrations });

/**
 * A database of its own for a test that needs to know every row (the run's
 * shared database has other files' rows), migrated like a fresh install.
 * `migrations` stops at an earlier schema version.
 */
export async function createScratchDatabase(migrations = TENANT_MIGRATIONS): Promise<ScratchDatabase> {
  const name = `hap_test_scratch_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataSource = tenantDataSource(url.toString(), migrations);
  await migrate(dataSource, SCHEMA);
  return {
    url: url.toString(),
    dataSource,
    migrateAll: async () => {
      const full = tenantDataSource(url.toString(), TENANT_MIGRATIONS);
      try {
        await migrate(full, SCHEMA);
      } finally {
        await full.destroy();
      }
    },
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
