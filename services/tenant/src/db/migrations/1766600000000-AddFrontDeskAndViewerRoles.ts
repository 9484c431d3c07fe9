import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Three clinic roles (docs/portal.md#roles): owner, front desk, viewer.
 * Staff, the second role of before, did the front desk's work and becomes
 * it; sessions signed as staff read as front desk (contracts' clinicRoleField).
 */
export class AddFrontDeskAndViewerRoles1766600000000 implements MigrationInterface {
  name = 'AddFrontDeskAndViewerRoles1766600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."users" DROP CONSTRAINT "users_role_check"`);
    await runner.query(`UPDATE "tenant"."users" SET "role" = 'front_desk' WHERE "role" = 'staff'`);
    await runner.query(`ALTER TABLE "tenant"."users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('owner', 'front_desk', 'viewer'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."users" DROP CONSTRAINT "users_role_check"`);
    await runner.query(`UPDATE "tenant"."users" SET "role" = 'staff' WHERE "role" IN ('front_desk', 'viewer')`);
    await runner.query(`ALTER TABLE "tenant"."users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('owner', 'staff'))`);
  }
}
