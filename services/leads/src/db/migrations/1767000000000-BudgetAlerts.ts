import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The budget alerts sent (docs/campaigns.md#budget-pacing): one a clinic,
 * UTC month and kind (80 % of the monthly budget spent, all of it), and one
 * a campaign for 'limited by budget while it books below the target'. The
 * key is the once-only rule: a sweep claims an alert by inserting it.
 */
export class BudgetAlerts1767000000000 implements MigrationInterface {
  name = 'BudgetAlerts1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "leads"."budget_alerts" (
        "client_id" integer NOT NULL,
        "month" date NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('near', 'over', 'limited')),
        "campaign_id" text NOT NULL DEFAULT '',
        "message" text NOT NULL,
        "outcome" text,
        "sent_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("client_id", "month", "kind", "campaign_id"))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."budget_alerts"`);
  }
}
