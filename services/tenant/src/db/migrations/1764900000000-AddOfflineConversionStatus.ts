import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The lead status a clinic counts as a Google Ads conversion: booked unless the clinic says otherwise. */
export class AddOfflineConversionStatus1764900000000 implements MigrationInterface {
  name = 'AddOfflineConversionStatus1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "tenant"."clients" ADD COLUMN "offline_conversion_status" text NOT NULL DEFAULT 'booked'
         CONSTRAINT "clients_offline_conversion_status_check" CHECK ("offline_conversion_status" IN ('contacted', 'booked', 'won'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" DROP COLUMN "offline_conversion_status"`);
  }
}
