import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web push of a new lead to a clinic user's devices (docs/leads.md#delivery):
 * a `user_push` delivery per user, as `user_email` (a recipient key,
 * `push:<userId>`, and the user). The channel check lists every channel of the
 * contracts' DELIVERY_CHANNELS, the patient's texts included.
 */
export class AddUserPushDeliveries1766500000000 implements MigrationInterface {
  name = 'AddUserPushDeliveries1766500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm', 'google_ads', 'notify_users', 'user_email', 'patient_email', 'patient_sms', 'patient_follow_up', 'user_push')),
        DROP CONSTRAINT "lead_deliveries_recipient_check",
        ADD CONSTRAINT "lead_deliveries_recipient_check" CHECK (("channel" IN ('user_email', 'user_push')) = ("recipient" <> '' AND "recipient_user_id" IS NOT NULL))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM "leads"."lead_deliveries" WHERE "channel" = 'user_push'`);
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm', 'google_ads', 'notify_users', 'user_email', 'patient_email', 'patient_sms', 'patient_follow_up')),
        DROP CONSTRAINT "lead_deliveries_recipient_check",
        ADD CONSTRAINT "lead_deliveries_recipient_check" CHECK (("channel" = 'user_email') = ("recipient" <> '' AND "recipient_user_id" IS NOT NULL))`);
  }
}
