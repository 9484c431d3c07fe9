import { createServiceDataSource } from '@hap/service-kit';
import { CreateLeadsSchema1763800000000 } from './migrations/1763800000000-CreateLeadsSchema';

export const SCHEMA = 'leads';

/** The leads service's data source; its entities arrive with the leads issues. */
export const createDataSource = (url: string) =>
  createServiceDataSource({ url, schema: SCHEMA, entities: [], migrations: [CreateLeadsSchema1763800000000] });
