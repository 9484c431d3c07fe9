import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'email', 'webhook', 'crm', 'google_ads', 'notify_users', 'user_email', 'patient_email', 'patient_sms', 'patient_follow_up', 'user_push'`;

/**
 * Nobody waits unseen (docs/speed-to-lead.md#nudges): a clinic user's text alert (`user_sms`, one per user as
 * user_email and user_push), and the reminders of a lead still new: `nudge_users` (the clinic's users, by
 * push) and `nudge_agency` (the agency's admins, by e-mail), one each per lead.
 */
export class LeadNudges1766600000000 implements MigrationInterface {
  name = 'LeadNudges1766600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN (${BEFORE}, 'user_sms', 'nudge_users', 'nudge_agency')),
        DROP CONSTRAINT "lead_deliveries_recipient_check",
        ADD CONSTRAINT "lead_deliveries_recipient_check" CHECK (("channel" IN ('user_email', 'user_push', 'user_sms')) = ("recipient" <> '' AND "recipient_user_id" IS NOT NULL))`);
    // The nudge sweep: new leads of the last days.
    await runner.query(`CREATE INDEX "leads_new_created_idx" ON "leads"."leads" ("created_at") WHERE "status" = 'new'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "leads"."leads_new_created_idx"`);
    await runner.query(`DELETE FROM "leads"."lead_deliveries" WHERE "channel" IN ('user_sms', 'nudge_users', 'nudge_agency')`);
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN (${BEFORE})),
        DROP CONSTRAINT "lead_deliveries_recipient_check",
        ADD CONSTRAINT "lead_deliveries_recipient_check" CHECK (("channel" IN ('user_email', 'user_push')) = ("recipient" <> '' AND "recipient_user_id" IS NOT NULL))`);
  }
}
