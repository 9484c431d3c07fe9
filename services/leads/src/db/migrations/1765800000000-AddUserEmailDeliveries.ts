import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mails of new leads to the clinic's users: a lead's
 * `notify_users` delivery adds one `user_email` delivery per user who chose
 * them, each retried and recorded on its own. The one-per-lead-and-channel
 * key widens to include the recipient ('' for every other channel, so those
 * stay one per lead).
 */
export class AddUserEmailDeliveries1765800000000 implements MigrationInterface {
  name = 'AddUserEmailDeliveries1765800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        ADD COLUMN "recipient" text NOT NULL DEFAULT '',
        ADD COLUMN "recipient_user_id" integer,
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm', 'google_ads', 'notify_users', 'user_email')),
        ADD CONSTRAINT "lead_deliveries_recipient_check" CHECK (("channel" = 'user_email') = ("recipient" <> '' AND "recipient_user_id" IS NOT NULL)),
        DROP CONSTRAINT "lead_deliveries_lead_channel_key",
        ADD CONSTRAINT "lead_deliveries_lead_channel_recipient_key" UNIQUE ("lead_id", "channel", "recipient")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM "leads"."lead_deliveries" WHERE "channel" IN ('notify_users', 'user_email')`);
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP CONSTRAINT "lead_deliveries_lead_channel_recipient_key",
        ADD CONSTRAINT "lead_deliveries_lead_channel_key" UNIQUE ("lead_id", "channel"),
        DROP CONSTRAINT "lead_deliveries_recipient_check",
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm', 'google_ads')),
        DROP COLUMN "recipient_user_id",
        DROP COLUMN "recipient"`);
  }
}
