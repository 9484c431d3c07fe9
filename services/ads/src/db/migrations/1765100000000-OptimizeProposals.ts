import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Optimize proposes instead of overwriting: the rewrite is
 * kept on its request beside the campaign until the admin keeps or discards it.
 */
export class OptimizeProposals1765100000000 implements MigrationInterface {
  name = 'OptimizeProposals1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."ad_campaign_jobs" ADD COLUMN "proposal" jsonb, ADD COLUMN "decision" text, ADD COLUMN "decided_at" timestamptz`);
    await runner.query(`ALTER TABLE "ads"."ad_campaign_jobs" ADD CONSTRAINT "ad_campaign_jobs_decision_check" CHECK ("decision" IN ('kept', 'discarded'))`);
    // Optimize requests that already rewrote their campaign were, in effect, kept.
    await runner.query(`UPDATE "ads"."ad_campaign_jobs" SET "decision" = 'kept', "decided_at" = "finished_at" WHERE "kind" = 'optimize' AND "status" = 'succeeded'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."ad_campaign_jobs" DROP CONSTRAINT "ad_campaign_jobs_decision_check"`);
    await runner.query(`ALTER TABLE "ads"."ad_campaign_jobs" DROP COLUMN "proposal", DROP COLUMN "decision", DROP COLUMN "decided_at"`);
  }
}
