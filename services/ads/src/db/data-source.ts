import { createServiceDataSource } from '@hap/service-kit';
import { CreateAdsSchema1763800000000 } from './migrations/1763800000000-CreateAdsSchema';

export const SCHEMA = 'ads';

/** The ads service's data source; its entities arrive with the ads issues. */
export const createDataSource = (url: string) =>
  createServiceDataSource({ url, schema: SCHEMA, entities: [], migrations: [CreateAdsSchema1763800000000] });
