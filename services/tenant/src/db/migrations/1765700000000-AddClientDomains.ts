import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clinic's own domains. A domain may be claimed (pending) by
 * several clinics at once, but once verified or later it belongs to one: the
 * partial unique index makes the second verification fail, never a race.
 */
export class AddClientDomains1765700000000 implements MigrationInterface {
  name = 'AddClientDomains1765700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "tenant"."client_domains" (
        "id" serial PRIMARY KEY,
        "client_id" integer NOT NULL REFERENCES "tenant"."clients" ("id") ON DELETE CASCADE,
        "domain" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending'
          CONSTRAINT "client_domains_status_check" CHECK ("status" IN ('pending', 'verified', 'certificate_issued', 'active', 'failing')),
        "reason" text,
        "token" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "check_until" timestamptz NOT NULL,
        "last_checked_at" timestamptz,
        "next_check_at" timestamptz,
        "verified_at" timestamptz,
        "certificate_at" timestamptz,
        CONSTRAINT "client_domains_client_domain_key" UNIQUE ("client_id", "domain")
      )`);
    await runner.query(`
      CREATE UNIQUE INDEX "client_domains_verified_domain_key" ON "tenant"."client_domains" ("domain")
        WHERE "status" IN ('verified', 'certificate_issued', 'active')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "tenant"."client_domains"`);
  }
}
