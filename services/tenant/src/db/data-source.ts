import { createServiceDataSource } from '@hap/service-kit';

export const SCHEMA = 'tenant';

/** The tenant service's data source (entities and migrations are listed here). */
export const createDataSource = (url: string) =>
  createServiceDataSource({ url, schema: SCHEMA, entities: [], migrations: [] });
