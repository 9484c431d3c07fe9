import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Results over long ranges read fewer rows (docs/results-and-experiments.md: a year
 * agency-wide read all ~400 k daily cells of 50 clinics, ~60–80 ms of SQL
 * alone). Two totals kept from the daily cells by a trigger, in the same
 * statement as the cell's change, so they never disagree with them:
 * - `page_view_days`: a clinic's visits (thank-you page views left out, as
 *   results count them) per UTC day, for the summary and its series;
 * - `page_view_months`: the cells per calendar month, for breakdowns (a
 *   range reads its whole months here and only its edge days from the
 *   daily cells).
 * Existing cells are added up once here.
 */
export class PageViewTotals1765700000000 implements MigrationInterface {
  name = 'PageViewTotals1765700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "leads"."page_view_days" (
        "day" date NOT NULL,
        "client_id" integer NOT NULL,
        "views" bigint NOT NULL DEFAULT 0,
        "visitors" bigint NOT NULL DEFAULT 0,
        PRIMARY KEY ("day", "client_id")
      )`);
    await runner.query(`CREATE INDEX "page_view_days_client_day" ON "leads"."page_view_days" ("client_id", "day")`);
    await runner.query(`
      CREATE TABLE "leads"."page_view_months" (
        "month" date NOT NULL,
        "client_id" integer NOT NULL,
        "service_id" integer NOT NULL,
        "page_kind" text NOT NULL,
        "variant" text NOT NULL,
        "source" text NOT NULL,
        "campaign_id" text NOT NULL,
        "views" bigint NOT NULL DEFAULT 0,
        "visitors" bigint NOT NULL DEFAULT 0,
        PRIMARY KEY ("month", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id")
      )`);
    await runner.query(`CREATE INDEX "page_view_months_client_month" ON "leads"."page_view_months" ("client_id", "month")`);
    // What a daily cell's insert, update or delete changes in both totals: the difference of its views and visitors.
    await runner.query(`
      CREATE FUNCTION "leads"."page_view_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        cell "leads"."page_view_rollups";
        dv bigint;
        du bigint;
      BEGIN
        IF TG_OP = 'DELETE' THEN
          cell := OLD; dv := -OLD."views"; du := -OLD."visitors";
        ELSIF TG_OP = 'UPDATE' THEN
          cell := NEW; dv := NEW."views" - OLD."views"; du := NEW."visitors" - OLD."visitors";
        ELSE
          cell := NEW; dv := NEW."views"; du := NEW."visitors";
        END IF;
        IF dv = 0 AND du = 0 THEN RETURN NULL; END IF;
        IF cell."page_kind" <> 'thanks' THEN
          INSERT INTO "leads"."page_view_days" ("day", "client_id", "views", "visitors") VALUES (cell."day", cell."client_id", dv, du)
          ON CONFLICT ("day", "client_id") DO UPDATE SET "views" = "page_view_days"."views" + EXCLUDED."views", "visitors" = "page_view_days"."visitors" + EXCLUDED."visitors";
        END IF;
        INSERT INTO "leads"."page_view_months" ("month", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
        VALUES (date_trunc('month', cell."day")::date, cell."client_id", cell."service_id", cell."page_kind", cell."variant", cell."source", cell."campaign_id", dv, du)
        ON CONFLICT ("month", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id")
        DO UPDATE SET "views" = "page_view_months"."views" + EXCLUDED."views", "visitors" = "page_view_months"."visitors" + EXCLUDED."visitors";
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER "page_view_totals" AFTER INSERT OR UPDATE OR DELETE ON "leads"."page_view_rollups"
      FOR EACH ROW EXECUTE FUNCTION "leads"."page_view_totals"()`);
    await runner.query(`
      INSERT INTO "leads"."page_view_days" ("day", "client_id", "views", "visitors")
      SELECT "day", "client_id", sum("views"), sum("visitors") FROM "leads"."page_view_rollups" WHERE "page_kind" <> 'thanks' GROUP BY 1, 2`);
    await runner.query(`
      INSERT INTO "leads"."page_view_months" ("month", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
      SELECT date_trunc('month', "day")::date, "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", sum("views"), sum("visitors")
      FROM "leads"."page_view_rollups" GROUP BY 1, 2, 3, 4, 5, 6, 7`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER "page_view_totals" ON "leads"."page_view_rollups"`);
    await runner.query(`DROP FUNCTION "leads"."page_view_totals"()`);
    await runner.query(`DROP TABLE "leads"."page_view_months"`);
    await runner.query(`DROP TABLE "leads"."page_view_days"`);
  }
}
