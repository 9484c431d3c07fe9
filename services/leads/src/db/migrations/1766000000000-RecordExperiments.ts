import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Experiments: a lead remembers the experiment arm its page showed
 * (`experiment_id`, `experiment_variant`); `experiment_view_rollups` holds
 * each arm's views and visitors a day at the experiment's URL, folded from
 * the shell's counts exactly once, like page_view_rollups.
 */
export class RecordExperiments1766000000000 implements MigrationInterface {
  name = 'RecordExperiments1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "leads"."leads"
        ADD COLUMN "experiment_id" integer,
        ADD COLUMN "experiment_variant" text CONSTRAINT "leads_experiment_variant_check" CHECK ("experiment_variant" IN ('A', 'B', 'C')),
        ADD CONSTRAINT "leads_experiment_pair_check" CHECK (("experiment_id" IS NULL) = ("experiment_variant" IS NULL))`);
    await runner.query(`CREATE INDEX "leads_experiment" ON "leads"."leads" ("experiment_id", "experiment_variant") WHERE "experiment_id" IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "leads"."experiment_view_rollups" (
        "experiment_id" integer NOT NULL,
        "variant" text NOT NULL,
        "day" date NOT NULL,
        "views" bigint NOT NULL DEFAULT 0 CHECK ("views" >= 0),
        "visitors" integer NOT NULL DEFAULT 0 CHECK ("visitors" >= 0),
        PRIMARY KEY ("experiment_id", "variant", "day")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."experiment_view_rollups"`);
    await runner.query(`DROP INDEX "leads"."leads_experiment"`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP CONSTRAINT "leads_experiment_pair_check", DROP COLUMN "experiment_variant", DROP COLUMN "experiment_id"`);
  }
}
