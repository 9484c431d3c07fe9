import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether Google limits each campaign by its budget (campaign.primary_status_reasons
 * has BUDGET_CONSTRAINED), as the hourly read last saw it: budget pacing
 * recommends more budget for such a campaign when it books below the clinic's
 * target (docs/campaigns.md#budget-pacing).
 */
export class BudgetLimited1765400000000 implements MigrationInterface {
  name = 'BudgetLimited1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."campaign_states" ADD COLUMN "budget_limited" boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."campaign_states" DROP COLUMN "budget_limited"`);
  }
}
