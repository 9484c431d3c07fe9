import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tenant tables: users, clients, staff_members, domain_mappings,
 * audit_log (docs/admin.md#records). Text columns are `text`; lengths are the
 * contracts' business (zod), not the database's.
 */
export class CreateTenantTables1763900000000 implements MigrationInterface {
  name = 'CreateTenantTables1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "tenant"');

    await runner.query(`
      CREATE TABLE "tenant"."users" (
        "id" serial PRIMARY KEY,
        "email" text NOT NULL,
        "password_hash" text NOT NULL,
        "name" text,
        "is_admin" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Case-insensitive uniqueness: Admin@x.io and admin@x.io are one account.
    await runner.query('CREATE UNIQUE INDEX "users_email_lower_key" ON "tenant"."users" (lower("email"))');

    await runner.query(`
      CREATE TABLE "tenant"."clients" (
        "id" serial PRIMARY KEY,
        "name" text NOT NULL,
        "address" text,
        "phone" text,
        "email" text,
        "website" text,
        "domain" text,
        "brand_color" text NOT NULL DEFAULT '#37a2d4',
        "brand_bg_color" text NOT NULL DEFAULT '#00446f',
        "logo_path" text,
        "office_image_path" text,
        "google_ads_tag_id" text,
        "google_ads_account_id" text,
        "google_ads_manager_id" text,
        "google_analytics_id" text,
        "facebook_pixel_id" text,
        "tracking_enabled" boolean NOT NULL DEFAULT true,
        "conversion_tracking_enabled" boolean NOT NULL DEFAULT true,
        "booking_link" text,
        "ghl_subaccount_id" text,
        "ghl_subaccount_name" text,
        "ghl_created_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Ids 1–11 are the product's built-in clinics (the specs' host table and
    // brand colours name them); clients created by admins start after them.
    await runner.query('ALTER SEQUENCE "tenant"."clients_id_seq" RESTART WITH 12');

    await runner.query(`
      CREATE TABLE "tenant"."staff_members" (
        "id" serial PRIMARY KEY,
        "client_id" integer NOT NULL REFERENCES "tenant"."clients" ("id") ON DELETE CASCADE,
        "name" text NOT NULL,
        "title" text,
        "bio" text,
        "image_path" text,
        "display_order" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX "staff_members_client_order_idx" ON "tenant"."staff_members" ("client_id", "display_order")',
    );

    await runner.query(`
      CREATE TABLE "tenant"."domain_mappings" (
        "id" serial PRIMARY KEY,
        "domain" text NOT NULL,
        "path" text NOT NULL DEFAULT '/',
        "client_id" integer NOT NULL REFERENCES "tenant"."clients" ("id") ON DELETE CASCADE,
        "priority" integer NOT NULL DEFAULT 100,
        "is_active" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "domain_mappings_domain_path_key" UNIQUE ("domain", "path")
      )`);
    await runner.query('CREATE INDEX "domain_mappings_client_idx" ON "tenant"."domain_mappings" ("client_id")');

    // No foreign key on the actor: the trail outlives the users it names.
    await runner.query(`
      CREATE TABLE "tenant"."audit_log" (
        "id" bigserial PRIMARY KEY,
        "actor_user_id" integer,
        "action" text NOT NULL,
        "entity" text NOT NULL,
        "entity_id" text NOT NULL,
        "changes" jsonb,
        "request_id" text,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX "audit_log_entity_idx" ON "tenant"."audit_log" ("entity", "entity_id")');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS "tenant"."audit_log"');
    await runner.query('DROP TABLE IF EXISTS "tenant"."domain_mappings"');
    await runner.query('DROP TABLE IF EXISTS "tenant"."staff_members"');
    await runner.query('DROP TABLE IF EXISTS "tenant"."clients"');
    await runner.query('DROP TABLE IF EXISTS "tenant"."users"');
  }
}
