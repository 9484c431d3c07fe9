import { randomBytes, randomInt } from 'node:crypto';

/**
 * What the factories write through: a TypeORM DataSource (any, entities or none) on this worker's database
 * (`runDatabase()`), whose `query` answers an INSERT … RETURNING with its rows.
 */
export interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** A short hex token that keeps each test's rows apart in the shared database (hex: never spells "dev"). */
export const uniq = () => `${Date.now().toString(16)}${randomBytes(3).toString('hex')}`;

/**
 * A client id no demo clinic and (very likely) no other test uses: for rows written straight to another
 * service's tables; an API's writes need a clinic that exists in tenant (`createClinic`).
 */
export const uniqueClientId = () => randomInt(100_000, 2_000_000_000);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A value as pg sends it: objects and arrays as JSON (the tables' jsonb columns), dates and scalars as they are. */
const param = (value: unknown) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value);

/**
 * One row inserted into `"schema"."table"`: `values` by the entity's camelCase names, written to their
 * snake_case columns; the row as written (every column, camelCase), defaults included.
 */
export async function insertRow<T>(db: Queryable, schema: string, table: string, values: Record<string, unknown>): Promise<T> {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const columns = entries.map(([k]) => `"${snake(k)}"`).join(', ');
  const placeholders = entries.map((_, i) => `$${i + 1}`).join(', ');
  const rows = await db.query<Array<Record<string, unknown>>>(
    `INSERT INTO "${schema}"."${table}" (${columns}) VALUES (${placeholders}) RETURNING *`,
    entries.map(([, v]) => param(v)),
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [camel(k), v])) as T;
}
