import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The patient's receipt of their request (docs/leads.md#the-patients-receipt): a delivery channel of every new lead. */
export class AddPatientEmailDeliveries1766300000000 implements MigrationInterface {
  name = 'AddPatientEmailDeliveries1766300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm', 'google_ads', 'notify_users', 'user_email', 'patient_email'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM "leads"."lead_deliveries" WHERE "channel" = 'patient_email'`);
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm', 'google_ads', 'notify_users', 'user_email'))`);
  }
}
