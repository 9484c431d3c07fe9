import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a launch needs beyond docs/admin.md#records's campaign_launch_logs: the
 * service and account it is for, the manager account it goes through, the
 * admin's policy choice, what stopped it, and when it ended. `request` holds
 * the planned campaign (LaunchSpec) the worker sends, so a retry sends
 * exactly what was asked. conversion_actions remembers each account's
 * conversion action for offline conversions.
 */
export class LaunchLogColumns1764900000000 implements MigrationInterface {
  name = 'LaunchLogColumns1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "ads"."campaign_launch_logs"
        ADD COLUMN "service_id" integer NOT NULL DEFAULT 0,
        ADD COLUMN "customer_id" text NOT NULL DEFAULT '',
        ADD COLUMN "login_customer_id" text,
        ADD COLUMN "request_policy_exemption" boolean NOT NULL DEFAULT false,
        ADD COLUMN "error_code" text,
        ADD COLUMN "finished_at" timestamptz`);
    // The click-upload conversion action of each account offline conversions go to.
    await runner.query(`
      CREATE TABLE "ads"."conversion_actions" (
        "customer_id" text PRIMARY KEY,
        "action_id" text NOT NULL,
        "name" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `ALTER TABLE "ads"."campaign_launch_logs" ADD CONSTRAINT "campaign_launch_logs_status_check" CHECK ("status" IN ('queued', 'launching', 'launched', 'partial', 'policy_review', 'failed'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "ads"."conversion_actions"`);
    await runner.query(`ALTER TABLE "ads"."campaign_launch_logs" DROP CONSTRAINT "campaign_launch_logs_status_check"`);
    await runner.query(`
      ALTER TABLE "ads"."campaign_launch_logs"
        DROP COLUMN "service_id", DROP COLUMN "customer_id", DROP COLUMN "login_customer_id",
        DROP COLUMN "request_policy_exemption", DROP COLUMN "error_code", DROP COLUMN "finished_at"`);
  }
}
