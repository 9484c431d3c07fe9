import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clinic user's new-lead e-mail preference. NULL means the
 * role's default (owners 'each', staff 'off': contracts
 * `defaultNewLeadEmail`), so a promoted user who never chose follows their
 * new role. `notify_version` is bumped at every change: the one-click
 * unsubscribe link signs it, so a link works once and an older one stops.
 */
export class AddNewLeadEmail1765600000000 implements MigrationInterface {
  name = 'AddNewLeadEmail1765600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "tenant"."users"
        ADD COLUMN "new_lead_email" text CONSTRAINT "users_new_lead_email_check" CHECK ("new_lead_email" IN ('each', 'off')),
        ADD COLUMN "notify_version" integer NOT NULL DEFAULT 1`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."users" DROP COLUMN "notify_version", DROP COLUMN "new_lead_email"`);
  }
}
