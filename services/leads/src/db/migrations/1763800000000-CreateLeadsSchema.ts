import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Claims the leads schema; tables arrive with the features that own them. */
export class CreateLeadsSchema1763800000000 implements MigrationInterface {
  name = 'CreateLeadsSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "leads"');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP SCHEMA IF EXISTS "leads" CASCADE');
  }
}
