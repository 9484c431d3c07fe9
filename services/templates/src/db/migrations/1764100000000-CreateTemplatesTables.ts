import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createAuditLogTable } from '@hap/service-kit';

/**
 * The catalogue (template_categories, template_subcategories,
 * service_templates), each client's services (client_services), the audit
 * trail and the seed history (docs/admin.md#records). List-like content is jsonb
 * arrays; the API accepts arrays or JSON text and stores arrays.
 *
 * client_id is a plain integer: clients live in the tenant schema, and no
 * service reaches into another's schema (ARCHITECTURE.md#who-owns-what).
 */
export class CreateTemplatesTables1764100000000 implements MigrationInterface {
  name = 'CreateTemplatesTables1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "templates"."template_categories" (
        "id" serial PRIMARY KEY,
        "name" text NOT NULL,
        "slug" text NOT NULL CONSTRAINT "template_categories_slug_key" UNIQUE,
        "description" text,
        "icon_path" text,
        "display_order" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await runner.query(`
      CREATE TABLE "templates"."template_subcategories" (
        "id" serial PRIMARY KEY,
        "category_id" integer NOT NULL REFERENCES "templates"."template_categories" ("id") ON DELETE CASCADE,
        "name" text NOT NULL,
        "slug" text NOT NULL,
        "description" text,
        "icon_path" text,
        "display_order" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "template_subcategories_category_slug_key" UNIQUE ("category_id", "slug")
      )`);

    // The slug is a page path (/trt), so it is unique across the catalogue,
    // not only within a subcategory as docs/admin.md#records requires.
    await runner.query(`
      CREATE TABLE "templates"."service_templates" (
        "id" serial PRIMARY KEY,
        "subcategory_id" integer NOT NULL REFERENCES "templates"."template_subcategories" ("id") ON DELETE RESTRICT,
        "name" text NOT NULL,
        "slug" text NOT NULL CONSTRAINT "service_templates_slug_key" UNIQUE,
        "description" text NOT NULL,
        "headline" text,
        "meta_description" text,
        "offer" text,
        "hero_image" text,
        "benefits" jsonb NOT NULL DEFAULT '[]',
        "process" jsonb NOT NULL DEFAULT '[]',
        "symptoms" jsonb NOT NULL DEFAULT '[]',
        "faqs" jsonb NOT NULL DEFAULT '[]',
        "testimonials" jsonb NOT NULL DEFAULT '[]',
        "before_after_images" jsonb NOT NULL DEFAULT '[]',
        "ghl_snapshot_id" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX "service_templates_subcategory_idx" ON "templates"."service_templates" ("subcategory_id")');

    await runner.query(`
      CREATE TABLE "templates"."client_services" (
        "id" serial PRIMARY KEY,
        "client_id" integer NOT NULL,
        "template_id" integer NOT NULL REFERENCES "templates"."service_templates" ("id") ON DELETE CASCADE,
        "is_active" boolean NOT NULL DEFAULT true,
        "activated_at" timestamptz NOT NULL DEFAULT now(),
        "custom_path" text,
        "custom_title" text,
        "custom_offer" text,
        "custom_offer_description" text,
        "custom_description" text,
        "form_embed_code" text,
        "hero_background_path" text,
        "custom_symptoms" jsonb,
        "custom_benefits" jsonb,
        "custom_process" jsonb,
        "custom_faqs" jsonb,
        "custom_testimonials" jsonb,
        "before_after_images" jsonb,
        "google_ads_settings" jsonb,
        "demographic_exclusions" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "client_services_client_template_key" UNIQUE ("client_id", "template_id")
      )`);
    // Two services of one clinic cannot claim the same page path.
    await runner.query(
      `CREATE UNIQUE INDEX "client_services_client_path_key" ON "templates"."client_services" ("client_id", lower("custom_path")) WHERE "custom_path" IS NOT NULL`,
    );
    await runner.query('CREATE INDEX "client_services_template_idx" ON "templates"."client_services" ("template_id")');

    for (const statement of createAuditLogTable('templates')) await runner.query(statement);

    await runner.query(`
      CREATE TABLE "templates"."seed_history" (
        "name" text PRIMARY KEY,
        "applied_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['seed_history', 'audit_log', 'client_services', 'service_templates', 'template_subcategories', 'template_categories']) {
      await runner.query(`DROP TABLE IF EXISTS "templates"."${table}"`);
    }
  }
}
