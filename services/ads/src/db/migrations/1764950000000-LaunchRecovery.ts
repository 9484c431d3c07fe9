import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A launch the worker lost (Redis lost its job, the job stalled twice) is
 * queued again a few times (`recoveries`); and a service has at most one
 * unfinished launch at a time, so a double click launches once.
 */
export class LaunchRecovery1764950000000 implements MigrationInterface {
  name = 'LaunchRecovery1764950000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."campaign_launch_logs" ADD COLUMN "recoveries" integer NOT NULL DEFAULT 0`);
    // Older double launches of one service: the newest stays unfinished, the others are failed, so the index can hold.
    await runner.query(
      `UPDATE "ads"."campaign_launch_logs" l SET "status" = 'failed', "error_code" = 'DUPLICATE', "error_details" = 'Another launch of this service was started after this one.', "finished_at" = now()
        WHERE l."status" IN ('queued', 'launching')
          AND EXISTS (SELECT 1 FROM "ads"."campaign_launch_logs" n
                       WHERE n."client_id" = l."client_id" AND n."service_id" = l."service_id" AND n."status" IN ('queued', 'launching')
                         AND (n."launched_at", n."id") > (l."launched_at", l."id"))`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX "campaign_launch_logs_one_unfinished_key" ON "ads"."campaign_launch_logs" ("client_id", "service_id") WHERE "status" IN ('queued', 'launching')`,
    );
    await runner.query(`CREATE INDEX "campaign_launch_logs_unfinished_idx" ON "ads"."campaign_launch_logs" ("updated_at") WHERE "status" IN ('queued', 'launching')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "ads"."campaign_launch_logs_unfinished_idx"`);
    await runner.query(`DROP INDEX "ads"."campaign_launch_logs_one_unfinished_key"`);
    await runner.query(`ALTER TABLE "ads"."campaign_launch_logs" DROP COLUMN "recoveries"`);
  }
}
