import { createServiceDataSource } from '@hap/service-kit';
import { CreateTemplatesSchema1763800000000 } from './migrations/1763800000000-CreateTemplatesSchema';

export const SCHEMA = 'templates';

/** The templates service's data source; its entities arrive with the templates issues. */
export const createDataSource = (url: string) =>
  createServiceDataSource({ url, schema: SCHEMA, entities: [], migrations: [CreateTemplatesSchema1763800000000] });
