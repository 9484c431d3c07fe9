import type { MigrationInterface, QueryRunner } from 'typeorm';

const CHANNELS_BEFORE = `'email', 'webhook', 'crm', 'google_ads', 'notify_users', 'user_email', 'patient_email'`;

/**
 * Speed to lead (docs/speed-to-lead.md): the patient's first text and follow-ups as deliveries of the lead
 * (a follow-up waits in the outbox until `due_at`, so it survives any restart and is sent once), every
 * message out and in, the SMS consent ledger (STOP, START, HELP), and each clinic's messaging settings.
 */
export class SpeedToLead1766400000000 implements MigrationInterface {
  name = 'SpeedToLead1766400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        ADD COLUMN "due_at" timestamptz,
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN (${CHANNELS_BEFORE}, 'patient_sms', 'patient_follow_up')),
        DROP CONSTRAINT "lead_deliveries_status_check",
        ADD CONSTRAINT "lead_deliveries_status_check" CHECK ("status" IN ('pending', 'queued', 'delivered', 'failed', 'not_configured', 'stopped'))`);
    await runner.query(`
      CREATE TABLE "leads"."messages" (
        "id" bigserial PRIMARY KEY,
        "client_id" integer,
        "lead_id" bigint REFERENCES "leads"."leads" ("id") ON DELETE CASCADE,
        "phone" text,
        "channel" text NOT NULL CONSTRAINT "messages_channel_check" CHECK ("channel" IN ('sms', 'email')),
        "direction" text NOT NULL CONSTRAINT "messages_direction_check" CHECK ("direction" IN ('out', 'in')),
        "kind" text NOT NULL CONSTRAINT "messages_kind_check" CHECK ("kind" IN ('first_reply', 'follow_up', 'reply', 'inbound')),
        "body" text NOT NULL,
        "status" text NOT NULL CONSTRAINT "messages_status_check" CHECK ("status" IN ('sending', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'received')),
        "provider_id" text,
        "delivery_id" bigint REFERENCES "leads"."lead_deliveries" ("id") ON DELETE SET NULL,
        "sent_by_user_id" integer,
        "sent_by_name" text,
        "error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "messages_provider_id_key" UNIQUE ("provider_id"),
        CONSTRAINT "messages_delivery_key" UNIQUE ("delivery_id")
      )`);
    await runner.query(`CREATE INDEX "messages_lead_idx" ON "leads"."messages" ("lead_id", "created_at")`);
    await runner.query(`CREATE INDEX "messages_phone_idx" ON "leads"."messages" ("phone", "created_at" DESC)`);
    // Speed to lead: a lead's first message by a person.
    await runner.query(`CREATE INDEX "messages_first_contact_idx" ON "leads"."messages" ("lead_id", "created_at") WHERE "sent_by_user_id" IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "leads"."sms_consent_events" (
        "id" bigserial PRIMARY KEY,
        "phone" text NOT NULL,
        "event" text NOT NULL CONSTRAINT "sms_consent_events_event_check" CHECK ("event" IN ('stop', 'start', 'help')),
        "client_id" integer,
        "provider_id" text,
        "body" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "sms_consent_events_provider_id_key" UNIQUE ("provider_id")
      )`);
    await runner.query(`CREATE INDEX "sms_consent_events_phone_idx" ON "leads"."sms_consent_events" ("phone", "id" DESC)`);
    // client_id 0 holds the agency's defaults.
    await runner.query(`
      CREATE TABLE "leads"."messaging_settings" (
        "client_id" integer PRIMARY KEY CHECK ("client_id" >= 0),
        "settings" jsonb NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."messaging_settings"`);
    await runner.query(`DROP TABLE "leads"."sms_consent_events"`);
    await runner.query(`DROP TABLE "leads"."messages"`);
    await runner.query(`DELETE FROM "leads"."lead_deliveries" WHERE "channel" IN ('patient_sms', 'patient_follow_up') OR "status" = 'stopped'`);
    await runner.query(`
      ALTER TABLE "leads"."lead_deliveries"
        DROP COLUMN "due_at",
        DROP CONSTRAINT "lead_deliveries_status_check",
        ADD CONSTRAINT "lead_deliveries_status_check" CHECK ("status" IN ('pending', 'queued', 'delivered', 'failed', 'not_configured')),
        DROP CONSTRAINT "lead_deliveries_channel_check",
        ADD CONSTRAINT "lead_deliveries_channel_check" CHECK ("channel" IN (${CHANNELS_BEFORE}))`);
  }
}
