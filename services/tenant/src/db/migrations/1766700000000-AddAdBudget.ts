import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clinic's monthly Google Ads budget and its target cost per booking, in
 * dollars to the cent (docs/campaigns.md#budget-pacing). Null for every
 * clinic until the agency sets them: no pacing, no alerts.
 */
export class AddAdBudget1766700000000 implements MigrationInterface {
  name = 'AddAdBudget1766700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "tenant"."clients"
        ADD COLUMN "monthly_ad_budget" numeric(12, 2) CHECK ("monthly_ad_budget" > 0),
        ADD COLUMN "target_cost_per_booking" numeric(12, 2) CHECK ("target_cost_per_booking" > 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" DROP COLUMN "monthly_ad_budget", DROP COLUMN "target_cost_per_booking"`);
  }
}
