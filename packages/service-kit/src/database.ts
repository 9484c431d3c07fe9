import 'reflect-metadata';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { AuditedWriteSubscriber } from './audit';

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
