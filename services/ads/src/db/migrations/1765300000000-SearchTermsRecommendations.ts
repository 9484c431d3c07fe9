import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search terms by day as Google last reported them (replaced with the
 * campaign and keyword days of the same read), each account's campaigns as
 * that read found them (the launch log's status and budget), and the recommendations
 * applied from them (docs/campaigns.md#recommendations): what was sent to
 * Google, by whom, and whether it was undone. One applied change per clinic,
 * kind, campaign and term.
 */
export class SearchTermsRecommendations1765300000000 implements MigrationInterface {
  name = 'SearchTermsRecommendations1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "ads"."search_term_performance" (
      "customer_id" text NOT NULL, "campaign_id" text NOT NULL, "ad_group_id" text NOT NULL, "search_term" text NOT NULL, "date" date NOT NULL,
      "client_id" integer NOT NULL,
      "impressions" bigint NOT NULL DEFAULT 0, "clicks" bigint NOT NULL DEFAULT 0, "cost_micros" bigint NOT NULL DEFAULT 0,
      "conversions" double precision NOT NULL DEFAULT 0, "conversion_value" double precision NOT NULL DEFAULT 0, "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("customer_id", "campaign_id", "ad_group_id", "search_term", "date"))`);
    await runner.query(`CREATE INDEX "search_term_performance_client_date_idx" ON "ads"."search_term_performance" ("client_id", "date")`);
    await runner.query(`CREATE TABLE "ads"."campaign_states" (
      "customer_id" text NOT NULL, "campaign_id" text NOT NULL, "client_id" integer NOT NULL,
      "status" text NOT NULL, "serving_status" text NOT NULL, "budget_micros" bigint NOT NULL DEFAULT 0, "read_at" timestamptz NOT NULL,
      PRIMARY KEY ("customer_id", "campaign_id"))`);
    await runner.query(`CREATE TABLE "ads"."recommendation_actions" (
      "id" bigserial PRIMARY KEY,
      "client_id" integer NOT NULL, "customer_id" text NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('negative_keyword')),
      "campaign_id" text NOT NULL, "campaign_name" text NOT NULL, "subject" text NOT NULL,
      "change" text NOT NULL, "evidence" jsonb NOT NULL,
      "resource_name" text NOT NULL,
      "status" text NOT NULL DEFAULT 'applied' CHECK ("status" IN ('applied', 'undone')),
      "applied_by" text, "applied_at" timestamptz NOT NULL DEFAULT now(), "undone_at" timestamptz)`);
    await runner.query(
      `CREATE UNIQUE INDEX "recommendation_actions_applied_idx" ON "ads"."recommendation_actions" ("client_id", "kind", "campaign_id", "subject") WHERE "status" = 'applied'`,
    );
    await runner.query(`CREATE INDEX "recommendation_actions_client_idx" ON "ads"."recommendation_actions" ("client_id", "applied_at" DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "ads"."recommendation_actions"`);
    await runner.query(`DROP TABLE "ads"."campaign_states"`);
    await runner.query(`DROP TABLE "ads"."search_term_performance"`);
  }
}
