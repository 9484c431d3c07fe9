import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Google Ads performance: campaigns and keywords by day as
 * Google last reported them (a re-read replaces a day's numbers), and each
 * clinic account's read state.
 */
export class Performance1765200000000 implements MigrationInterface {
  name = 'Performance1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    const metrics = `"impressions" bigint NOT NULL DEFAULT 0, "clicks" bigint NOT NULL DEFAULT 0, "cost_micros" bigint NOT NULL DEFAULT 0,
      "conversions" double precision NOT NULL DEFAULT 0, "conversion_value" double precision NOT NULL DEFAULT 0, "updated_at" timestamptz NOT NULL DEFAULT now()`;
    await runner.query(`CREATE TABLE "ads"."campaign_performance" (
      "customer_id" text NOT NULL, "campaign_id" text NOT NULL, "date" date NOT NULL,
      "client_id" integer NOT NULL, "campaign_name" text NOT NULL, ${metrics},
      PRIMARY KEY ("customer_id", "campaign_id", "date"))`);
    await runner.query(`CREATE INDEX "campaign_performance_client_date_idx" ON "ads"."campaign_performance" ("client_id", "date")`);
    await runner.query(`CREATE INDEX "campaign_performance_date_idx" ON "ads"."campaign_performance" ("date")`);
    await runner.query(`CREATE TABLE "ads"."keyword_performance" (
      "customer_id" text NOT NULL, "campaign_id" text NOT NULL, "ad_group_id" text NOT NULL, "criterion_id" text NOT NULL, "date" date NOT NULL,
      "client_id" integer NOT NULL, "ad_group_name" text NOT NULL, "keyword_text" text NOT NULL, "match_type" text NOT NULL, ${metrics},
      PRIMARY KEY ("customer_id", "campaign_id", "ad_group_id", "criterion_id", "date"))`);
    await runner.query(`CREATE INDEX "keyword_performance_client_date_idx" ON "ads"."keyword_performance" ("client_id", "date")`);
    await runner.query(`CREATE TABLE "ads"."performance_accounts" (
      "customer_id" text PRIMARY KEY, "client_id" integer NOT NULL,
      "state" text NOT NULL DEFAULT 'pending' CHECK ("state" IN ('ok', 'refused', 'disconnected', 'pending')),
      "message" text, "synced_through" date, "last_synced_at" timestamptz, "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`CREATE INDEX "performance_accounts_client_idx" ON "ads"."performance_accounts" ("client_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "ads"."performance_accounts"`);
    await runner.query(`DROP TABLE "ads"."keyword_performance"`);
    await runner.query(`DROP TABLE "ads"."campaign_performance"`);
  }
}
