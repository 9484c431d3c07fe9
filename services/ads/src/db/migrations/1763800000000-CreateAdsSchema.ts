import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Claims the ads schema; tables arrive with the features that own them. */
export class CreateAdsSchema1763800000000 implements MigrationInterface {
  name = 'CreateAdsSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "ads"');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP SCHEMA IF EXISTS "ads" CASCADE');
  }
}
