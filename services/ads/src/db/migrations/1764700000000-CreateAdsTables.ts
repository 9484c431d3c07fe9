import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createAuditLogTable } from '@hap/service-kit';

/**
 * The ads service's tables (docs/admin.md#records, ARCHITECTURE.md#who-owns-what):
 * - ad_campaign_templates: a service template's Google Ads campaigns, the
 *   shape of docs/admin.md#records (ad groups and extensions as jsonb);
 * - ad_campaign_jobs: the AI's generate and optimize requests, for the screen to follow;
 * - campaign_launch_logs: one row per launch, its id the launch job's id;
 * - google_ads_connections: the agency's OAuth refresh token, encrypted
 *   (AES-256-GCM; the key is the environment's, never stored here);
 * - audit_log, and seed_history (the built-in TRT campaign, once).
 *
 * template_id and client_id are plain integers: templates and clients live in
 * other services' schemas (ARCHITECTURE.md#who-owns-what).
 */
export class CreateAdsTables1764700000000 implements MigrationInterface {
  name = 'CreateAdsTables1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "ads"."ad_campaign_templates" (
        "id" serial PRIMARY KEY,
        "template_id" integer NOT NULL,
        "name" text NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "keyword_theme" text NOT NULL DEFAULT '',
        "target_audience" text NOT NULL DEFAULT '',
        "is_active" boolean NOT NULL DEFAULT true,
        "ad_groups" jsonb NOT NULL DEFAULT '[]',
        "extensions" jsonb NOT NULL DEFAULT '{"sitelinks": [], "callouts": []}',
        "generation_id" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "ad_campaign_templates_template_idx" ON "ads"."ad_campaign_templates" ("template_id", "created_at" DESC)`);
    // A generation job that runs twice writes its campaigns once.
    await runner.query(
      `CREATE UNIQUE INDEX "ad_campaign_templates_generation_key" ON "ads"."ad_campaign_templates" ("generation_id", "name") WHERE "generation_id" IS NOT NULL`,
    );

    // A generate or optimize request: its id is the job's; the brief stays here, the job carries ids only.
    await runner.query(`
      CREATE TABLE "ads"."ad_campaign_jobs" (
        "id" uuid PRIMARY KEY,
        "kind" text NOT NULL CHECK ("kind" IN ('generate', 'optimize')),
        "template_id" integer NOT NULL,
        "campaign_id" integer REFERENCES "ads"."ad_campaign_templates" ("id") ON DELETE CASCADE,
        "goal" text,
        "brief" text NOT NULL DEFAULT '',
        "status" text NOT NULL DEFAULT 'queued',
        "error" text,
        "campaign_ids" jsonb NOT NULL DEFAULT '[]',
        "requested_by" integer,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz
      )`);

    await runner.query(`
      CREATE TABLE "ads"."campaign_launch_logs" (
        "id" uuid PRIMARY KEY,
        "client_id" integer NOT NULL,
        "template_id" integer NOT NULL,
        "campaign_name" text NOT NULL,
        "google_ads_campaign_id" text,
        "status" text NOT NULL,
        "successful_ad_groups" integer NOT NULL DEFAULT 0,
        "failed_ad_groups" integer NOT NULL DEFAULT 0,
        "total_ad_groups" integer NOT NULL DEFAULT 0,
        "ad_group_ids" jsonb NOT NULL DEFAULT '[]',
        "failed_keywords" jsonb NOT NULL DEFAULT '[]',
        "policy_violations" jsonb NOT NULL DEFAULT '[]',
        "error_details" text,
        "request" jsonb,
        "launched_by" text NOT NULL,
        "launched_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "campaign_launch_logs_client_idx" ON "ads"."campaign_launch_logs" ("client_id", "launched_at" DESC)`);

    await runner.query(`
      CREATE TABLE "ads"."google_ads_connections" (
        "id" serial PRIMARY KEY,
        "label" text NOT NULL CONSTRAINT "google_ads_connections_label_key" UNIQUE,
        "refresh_token_encrypted" text NOT NULL,
        "account_email" text,
        "connected_by" integer,
        "connected_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);

    for (const statement of createAuditLogTable('ads')) await runner.query(statement);

    // Which one-off data sets the seed has written (the built-in TRT campaign).
    await runner.query(`CREATE TABLE "ads"."seed_history" ("name" text PRIMARY KEY, "seeded_at" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['seed_history', 'audit_log', 'google_ads_connections', 'campaign_launch_logs', 'ad_campaign_jobs', 'ad_campaign_templates']) {
      await runner.query(`DROP TABLE IF EXISTS "ads"."${table}"`);
    }
  }
}
