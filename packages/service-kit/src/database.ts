import 'reflect-metadata';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type MigrationInterface, type MixedList, type EntitySchema, type QueryRunner } from 'typeorm';
import { AuditedWriteSubscriber } from './audit';
import { markConnectFailure } from './db-errors';

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * node-postgres's pool, except that an error from `connect` (opening a
 * connection, or waiting for one) is marked as such (`markConnectFailure`):
 * every query of a data source gets its connection here, so the kit tells
 * "could not connect" from "the server answered the statement" by where the
 * error came from, whatever its code (db-errors.ts, `databaseFailure`).
 */
class ConnectMarkingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) {
      super.connect(((err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) =>
        callback(err ? (markConnectFailure(err) as Error) : undefined, client, done)) as never);
      return;
    }
    return super.connect().catch((err: unknown) => {
      throw markConnectFailure(err);
    });
  }
}

/** The driver TypeORM loads (its `driver` option): node-postgres with the marking pool. */
const markingDriver = { ...pg, Pool: ConnectMarkingPool };

export interface ServiceDataSourceOptions {
  url: string;
  /** This service's own Postgres schema (tenant, leads, templates, ads). */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity list type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own migration list type
  migrations: MixedList<Function | string>;
  logging?: boolean;
}

/**
 * A TypeORM data source confined to one schema. Never `synchronize`: the
 * schema only changes through migrations.
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  const config: DataSourceOptions = {
    type: 'postgres',
    driver: markingDriver,
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: `${options.schema}_migrations`,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Runs onAuditedWrite listeners (cache invalidation) after an audited write commits.
    subscribers: [AuditedWriteSubscriber],
    logging: options.logging ? ['error', 'warn', 'migration'] : ['error'],
    extra: { max: 10, connectionTimeoutMillis: 5_000 },
  };
  return new DataSource(config);
}

/**
 * Creates the schema (migrations need it to exist for their table) and runs
 * pending migrations. Safe to run again.
 */
export async function migrate(dataSource: DataSource, schema: string): Promise<string[]> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  return ran.map((m) => m.name);
}

/**
 * A service's first migration: claims its own schema (ARCHITECTURE.md#invariants, a table has one
 * owner); its tables arrive with the features that own them. A service's migration extends it
 * with its `name` and `schema`.
 */
export abstract class CreateSchemaMigration implements MigrationInterface {
  abstract name: string;
  protected abstract readonly schema: string;

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
  }
}
