import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * First-party page views: one row per day, clinic, service
 * (0: a page of no one service), page kind, style variant, source and Google
 * Ads campaign ('' : none; the landing URL's `hap_cid`), with
 * its views (added by each fold) and visitors (the day's distinct visitor
 * hashes of the cell as Redis's HyperLogLog estimates them: the largest
 * estimate seen is kept). `page_view_folds` records each fold of Redis's
 * counts by its id, in the same transaction as its additions, so a fold
 * retried after a crash adds nothing twice.
 */
export class CreatePageViewRollups1765400000000 implements MigrationInterface {
  name = 'CreatePageViewRollups1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "leads"."page_view_rollups" (
        "day" date NOT NULL,
        "client_id" integer NOT NULL,
        "service_id" integer NOT NULL DEFAULT 0,
        "page_kind" text NOT NULL,
        "variant" text NOT NULL,
        "source" text NOT NULL,
        "campaign_id" text NOT NULL DEFAULT '',
        "views" bigint NOT NULL DEFAULT 0 CHECK ("views" >= 0),
        "visitors" integer NOT NULL DEFAULT 0 CHECK ("visitors" >= 0),
        PRIMARY KEY ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id")
      )`);
    // A clinic's results over a range read its rows by day.
    await runner.query(`CREATE INDEX "page_view_rollups_client_day" ON "leads"."page_view_rollups" ("client_id", "day")`);
    await runner.query(`
      CREATE TABLE "leads"."page_view_folds" (
        "id" text PRIMARY KEY,
        "cells" integer NOT NULL,
        "views" bigint NOT NULL,
        "folded_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."page_view_folds"`);
    await runner.query(`DROP TABLE "leads"."page_view_rollups"`);
  }
}
