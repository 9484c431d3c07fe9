import { CreateSchemaMigration } from '@hap/service-kit';

/** Claims the templates schema; tables arrive with the features that own them. */
export class CreateTemplatesSchema1763800000000 extends CreateSchemaMigration {
  name = 'CreateTemplatesSchema1763800000000';
  protected readonly schema = 'templates';
}
