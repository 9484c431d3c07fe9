import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every path a page has had (docs/admin.md#page-paths): a template's former slugs
 * (every clinic's page of that template without a path of its own) and a client
 * service's former paths. Kept as long as the page exists (deleted with the
 * template or the service), so an ad's final URL on an old path answers 301.
 */
export class CreatePagePathHistory1766300000000 implements MigrationInterface {
  name = 'CreatePagePathHistory1766300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "templates"."page_path_history" (
        "id" serial PRIMARY KEY,
        "path" text NOT NULL CONSTRAINT "page_path_history_path_lower" CHECK ("path" = lower("path") AND "path" <> ''),
        "template_id" integer REFERENCES "templates"."service_templates" ("id") ON DELETE CASCADE,
        "client_service_id" integer REFERENCES "templates"."client_services" ("id") ON DELETE CASCADE,
        "client_id" integer,
        "moved_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "page_path_history_one_page" CHECK (
          ("template_id" IS NOT NULL AND "client_service_id" IS NULL AND "client_id" IS NULL)
          OR ("template_id" IS NULL AND "client_service_id" IS NOT NULL AND "client_id" IS NOT NULL))
      )`);
    await runner.query(`CREATE INDEX "page_path_history_path" ON "templates"."page_path_history" ("path", "id" DESC)`);
    await runner.query(`CREATE INDEX "page_path_history_service" ON "templates"."page_path_history" ("client_service_id")`);
    await runner.query(`CREATE INDEX "page_path_history_template" ON "templates"."page_path_history" ("template_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "templates"."page_path_history"');
  }
}
