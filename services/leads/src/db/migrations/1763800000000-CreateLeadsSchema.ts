import { CreateSchemaMigration } from '@hap/service-kit';

/** Claims the leads schema; tables arrive with the features that own them. */
export class CreateLeadsSchema1763800000000 extends CreateSchemaMigration {
  name = 'CreateLeadsSchema1763800000000';
  protected readonly schema = 'leads';
}
