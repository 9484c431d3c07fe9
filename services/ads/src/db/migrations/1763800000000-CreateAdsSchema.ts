import { CreateSchemaMigration } from '@hap/service-kit';

/** Claims the ads schema; tables arrive with the features that own them. */
export class CreateAdsSchema1763800000000 extends CreateSchemaMigration {
  name = 'CreateAdsSchema1763800000000';
  protected readonly schema = 'ads';
}
