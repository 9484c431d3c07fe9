import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Experiments: a same-URL test of a clinic service's page styles.
 * `client_services.default_style` is the style its plain URL shows when no
 * experiment assigns one (an experiment's winner once stopped). One running
 * or paused experiment per service (a partial unique index).
 */
export class CreateExperiments1766000000000 implements MigrationInterface {
  name = 'CreateExperiments1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "templates"."client_services"
        ADD COLUMN "default_style" text NOT NULL DEFAULT 'A'
          CONSTRAINT "client_services_default_style_check" CHECK ("default_style" IN ('A', 'B', 'C'))`);
    await runner.query(`
      CREATE TABLE "templates"."experiments" (
        "id" serial PRIMARY KEY,
        "client_id" integer NOT NULL,
        "client_service_id" integer NOT NULL REFERENCES "templates"."client_services" ("id") ON DELETE CASCADE,
        "template_id" integer NOT NULL,
        "goal" text NOT NULL CONSTRAINT "experiments_goal_check" CHECK ("goal" IN ('leads', 'bookings')),
        "status" text NOT NULL DEFAULT 'running' CONSTRAINT "experiments_status_check" CHECK ("status" IN ('running', 'paused', 'stopped')),
        "arms" jsonb NOT NULL,
        "pooling" boolean NOT NULL DEFAULT false,
        "winner" text CONSTRAINT "experiments_winner_check" CHECK ("winner" IN ('A', 'B', 'C')),
        "stopped_by" text,
        "started_at" timestamptz NOT NULL DEFAULT now(),
        "stopped_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE UNIQUE INDEX "experiments_one_open_per_service" ON "templates"."experiments" ("client_service_id")
        WHERE "status" <> 'stopped'`);
    await runner.query(`CREATE INDEX "experiments_client" ON "templates"."experiments" ("client_id", "id" DESC)`);
    await runner.query(`CREATE INDEX "experiments_template" ON "templates"."experiments" ("template_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "templates"."experiments"');
    await runner.query('ALTER TABLE "templates"."client_services" DROP COLUMN "default_style"');
  }
}
