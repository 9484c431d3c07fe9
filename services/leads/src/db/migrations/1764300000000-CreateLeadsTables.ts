import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createAuditLogTable } from '@hap/service-kit';

/**
 * Leads and their delivery outbox (issue 'Leads'). A lead row and its
 * lead_deliveries rows are written in one transaction before the visitor's
 * 2xx; a relay hands pending deliveries to the `leads.deliver` queue.
 *
 * client_id and service_id are plain integers: clinics live in tenant and
 * services in templates (ARCHITECTURE.md#who-owns-what). `reference` is what a visitor's browser
 * sees, never the row number. `idempotency_key` makes a retried submission
 * find the first one; `request_hash` tells a retry from a different form
 * sent with the same key.
 */
export class CreateLeadsTables1764300000000 implements MigrationInterface {
  name = 'CreateLeadsTables1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "leads"."leads" (
        "id" bigserial PRIMARY KEY,
        "reference" uuid NOT NULL CONSTRAINT "leads_reference_key" UNIQUE,
        "client_id" integer NOT NULL,
        "service_id" integer NOT NULL,
        "service_checked" boolean NOT NULL,
        "name" text NOT NULL,
        "email" text NOT NULL,
        "phone" text NOT NULL,
        "message" text,
        "status" text NOT NULL DEFAULT 'new'
          CONSTRAINT "leads_status_check" CHECK ("status" IN ('new', 'contacted', 'booked', 'won', 'lost')),
        "style_variant" text,
        "first_touch" jsonb,
        "last_touch" jsonb,
        "utm_source" text,
        "utm_medium" text,
        "utm_campaign" text,
        "utm_term" text,
        "utm_content" text,
        "gclid" text,
        "gbraid" text,
        "wbraid" text,
        "fbclid" text,
        "landing_path" text,
        "referrer" text,
        "consent_text" text NOT NULL,
        "consent_version" text NOT NULL,
        "consent_at" timestamptz NOT NULL,
        "consent_ip" text,
        "consent_user_agent" text,
        "idempotency_key" text CONSTRAINT "leads_idempotency_key_key" UNIQUE,
        "request_hash" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "leads_client_created_idx" ON "leads"."leads" ("client_id", "created_at" DESC)`);

    await runner.query(`
      CREATE TABLE "leads"."lead_deliveries" (
        "id" bigserial PRIMARY KEY,
        "lead_id" bigint NOT NULL REFERENCES "leads"."leads" ("id") ON DELETE CASCADE,
        "channel" text NOT NULL CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN ('email', 'webhook', 'crm')),
        "status" text NOT NULL DEFAULT 'pending'
          CONSTRAINT "lead_deliveries_status_check" CHECK ("status" IN ('pending', 'queued', 'delivered', 'failed', 'not_configured')),
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text,
        "queued_at" timestamptz,
        "delivered_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "lead_deliveries_lead_channel_key" UNIQUE ("lead_id", "channel")
      )`);
    // The relay's scan: pending rows, oldest first.
    await runner.query(`CREATE INDEX "lead_deliveries_pending_idx" ON "leads"."lead_deliveries" ("id") WHERE "status" = 'pending'`);

    for (const statement of createAuditLogTable('leads')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS "leads"."audit_log"');
    await runner.query('DROP TABLE IF EXISTS "leads"."lead_deliveries"');
    await runner.query('DROP TABLE IF EXISTS "leads"."leads"');
  }
}
