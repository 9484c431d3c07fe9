import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The agency's switch for the clinic portal's Profile: on for every clinic until an admin turns it off. */
export class AddPortalProfileEditable1765200000000 implements MigrationInterface {
  name = 'AddPortalProfileEditable1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" ADD COLUMN "portal_profile_editable" boolean NOT NULL DEFAULT true`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" DROP COLUMN "portal_profile_editable"`);
  }
}
