import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Claims the templates schema; tables arrive with the features that own them. */
export class CreateTemplatesSchema1763800000000 implements MigrationInterface {
  name = 'CreateTemplatesSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "templates"');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP SCHEMA IF EXISTS "templates" CASCADE');
  }
}
