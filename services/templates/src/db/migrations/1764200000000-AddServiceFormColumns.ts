import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Services Management form's fields that had no column (docs/admin.md#records
 * Service): three short reviews, the offer's value, and the admin's Google
 * Ads and Facebook Pixel scripts. The scripts are kept for admins only: no
 * public answer carries them and no page renders them (ARCHITECTURE.md#auth-and-sessions).
 */
export class AddServiceFormColumns1764200000000 implements MigrationInterface {
  name = 'AddServiceFormColumns1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "templates"."client_services"
        ADD COLUMN "review_1" text,
        ADD COLUMN "review_2" text,
        ADD COLUMN "review_3" text,
        ADD COLUMN "offer_value" text,
        ADD COLUMN "google_ads_script" text,
        ADD COLUMN "facebook_pixel_script" text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "templates"."client_services"
        DROP COLUMN "facebook_pixel_script",
        DROP COLUMN "google_ads_script",
        DROP COLUMN "offer_value",
        DROP COLUMN "review_3",
        DROP COLUMN "review_2",
        DROP COLUMN "review_1"`);
  }
}
