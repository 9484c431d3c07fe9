import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clinic user's alerts of new leads beyond e-mail (docs/leads.md#delivery):
 * pushes (NULL: the role's default, as `new_lead_email`), texts (NULL: off)
 * to `sms_number` (E.164), and quiet hours ('HH:MM' both or neither). And
 * each user's browsers subscribed to pushes: an endpoint is one device's, so
 * it is unique (a device that signs in as someone else moves to them), and
 * goes with its user.
 */
export class AddLeadAlerts1766500000001 implements MigrationInterface {
  name = 'AddLeadAlerts1766500000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "tenant"."users"
        ADD COLUMN "new_lead_push" text CONSTRAINT "users_new_lead_push_check" CHECK ("new_lead_push" IN ('each', 'off')),
        ADD COLUMN "new_lead_sms" text CONSTRAINT "users_new_lead_sms_check" CHECK ("new_lead_sms" IN ('each', 'off')),
        ADD COLUMN "sms_number" text,
        ADD COLUMN "quiet_hours_start" text,
        ADD COLUMN "quiet_hours_end" text,
        ADD CONSTRAINT "users_quiet_hours_check" CHECK (("quiet_hours_start" IS NULL) = ("quiet_hours_end" IS NULL))`);
    await runner.query(`
      CREATE TABLE "tenant"."push_subscriptions" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "tenant"."users"("id") ON DELETE CASCADE,
        "endpoint" text NOT NULL CONSTRAINT "push_subscriptions_endpoint_key" UNIQUE,
        "p256dh" text NOT NULL,
        "auth" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "push_subscriptions_user_idx" ON "tenant"."push_subscriptions" ("user_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "tenant"."push_subscriptions"`);
    await runner.query(`
      ALTER TABLE "tenant"."users"
        DROP CONSTRAINT "users_quiet_hours_check",
        DROP COLUMN "quiet_hours_end", DROP COLUMN "quiet_hours_start", DROP COLUMN "sms_number",
        DROP COLUMN "new_lead_sms", DROP COLUMN "new_lead_push"`);
  }
}
