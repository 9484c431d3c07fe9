import { readFileSync } from 'node:fs';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { markAuditedWrite } from './audit';

export interface SeedOnceOptions {
  /** The service's schema; its `seed_history ("name" text primary key)` table records what ran. */
  schema: string;
  /** The data set's name; a new version of the data gets a new name. */
  name: string;
  /** pg advisory lock key of the service: concurrent seed runs take turns. */
  lockKey: number;
}

/**
 * Writes a demo data set once per database: in one transaction, under the
 * service's advisory lock, `name` is recorded in `seed_history` and `work`
 * runs; a data set recorded earlier is not written again (so rows an admin
 * deleted stay deleted). Resolves to what `work` returned, or null when an
 * earlier run had seeded it.
 */
export function seedOnce<T>(dataSource: DataSource, options: SeedOnceOptions, work: (manager: EntityManager) => Promise<T>): Promise<T | null> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [options.lockKey]);
    const claimed = await manager.query<Array<{ name: string }>>(
      `INSERT INTO "${options.schema}"."seed_history" ("name") VALUES ($1) ON CONFLICT ("name") DO NOTHING RETURNING "name"`,
      [options.name],
    );
    if (claimed.length !== 1) return null;
    // Seeded rows are content like an admin's: caches of this process clear when they commit.
    await markAuditedWrite(manager);
    return work(manager);
  });
}

/**
 * A demo data set's rows from its data file (JSON, in the service's `seed/` folder),
 * checked against `schema`: the data is edited as data, and a wrong field fails the
 * seed with the file's name before anything is written.
 */
export function readSeedFile<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`seed data ${file}: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Seeds insert fixed ids, which bypass a table's id sequence: this moves `schema.table`'s
 * sequence past the highest id, never backwards.
 */
export async function moveSequencePastIds(manager: EntityManager, schema: string, table: string): Promise<void> {
  await manager.query(`
    SELECT setval('"${schema}"."${table}_id_seq"', GREATEST(
      (SELECT COALESCE(MAX("id"), 0) FROM "${schema}"."${table}"),
      (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM "${schema}"."${table}_id_seq"),
      1))`);
}
