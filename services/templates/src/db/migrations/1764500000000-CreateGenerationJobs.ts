import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `generation_jobs` (ARCHITECTURE.md#who-owns-what): one AI-written template an admin asked for,
 * followed by the Create New Template screen until it is saved or has failed.
 * The template it produced is linked once saved, in the same transaction, so
 * a retried job never saves a second one.
 */
export class CreateGenerationJobs1764500000000 implements MigrationInterface {
  name = 'CreateGenerationJobs1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "templates"."generation_jobs" (
        "id" serial PRIMARY KEY,
        "name" text NOT NULL,
        "description" text NOT NULL,
        "subcategory_id" integer NOT NULL REFERENCES "templates"."template_subcategories" ("id") ON DELETE CASCADE,
        "status" text NOT NULL DEFAULT 'queued'
          CONSTRAINT "generation_jobs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed')),
        "progress" integer NOT NULL DEFAULT 0 CONSTRAINT "generation_jobs_progress_check" CHECK ("progress" BETWEEN 0 AND 100),
        "stage" text NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "template_id" integer REFERENCES "templates"."service_templates" ("id") ON DELETE SET NULL,
        "error" text,
        "requested_by" integer,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "templates"."generation_jobs"');
  }
}
