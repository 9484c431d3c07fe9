import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Self-onboarding and the CRM: where a clinic's CRM sub-account
 * stands, and each onboarding submission (its idempotency key, the business
 * it names and the services it chose), so the same business again finds its
 * clinic and provisioning knows which services' snapshots to load.
 */
export class AddOnboardingAndCrm1764600000000 implements MigrationInterface {
  name = 'AddOnboardingAndCrm1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients"
      ADD COLUMN "crm_status" text CHECK ("crm_status" IN ('pending', 'created', 'failed', 'not_configured')),
      ADD COLUMN "crm_error" text,
      ADD COLUMN "crm_updated_at" timestamptz`);
    await runner.query(`CREATE TABLE "tenant"."onboarding_submissions" (
      "id" serial PRIMARY KEY,
      "client_id" integer NOT NULL REFERENCES "tenant"."clients" ("id") ON DELETE CASCADE,
      "idempotency_key" text UNIQUE,
      "business_key" text NOT NULL,
      "request_hash" text NOT NULL,
      "service_ids" integer[] NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "onboarding_submissions_business_idx" ON "tenant"."onboarding_submissions" ("business_key", "created_at")`);
    await runner.query(`CREATE INDEX "onboarding_submissions_client_idx" ON "tenant"."onboarding_submissions" ("client_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "tenant"."onboarding_submissions"`);
    await runner.query(`ALTER TABLE "tenant"."clients" DROP COLUMN "crm_updated_at", DROP COLUMN "crm_error", DROP COLUMN "crm_status"`);
  }
}
