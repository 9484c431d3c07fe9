import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offline conversions go through the delivery outbox: a lead
 * with a gclid that reaches its clinic's conversion status gets one
 * `google_ads` delivery (one per lead, by the lead-and-channel key), which
 * the worker uploads through the ads service.
 */
export class AddConversionDeliveries1764900000000 implements MigrationInterface {
  name = 'AddConversionDeliveries1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "leads"."lead_deliveries" DROP CONSTRAINT "lead_deliveries_channel_check"`);
    await runner.query(
      `ALTER TABLE "leads"."lead_deliveries" ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm', 'google_ads'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM "leads"."lead_deliveries" WHERE "channel" = 'google_ads'`);
    await runner.query(`ALTER TABLE "leads"."lead_deliveries" DROP CONSTRAINT "lead_deliveries_channel_check"`);
    await runner.query(`ALTER TABLE "leads"."lead_deliveries" ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm'))`);
  }
}
