import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom domains from verified onward: the certificate the
 * edge serves (its end), when the domain first turned active, and the daily
 * health check (its last run, since when it fails, when that failure's alert
 * went out). A failing domain that had been active keeps its host mapping and
 * its name: the partial unique index now covers it too, so nobody else can
 * verify the name while its pages are still served.
 */
export class AddDomainHealth1766100000000 implements MigrationInterface {
  name = 'AddDomainHealth1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "tenant"."client_domains"
        ADD COLUMN "certificate_expires_at" timestamptz,
        ADD COLUMN "activated_at" timestamptz,
        ADD COLUMN "failing_since" timestamptz,
        ADD COLUMN "last_health_check_at" timestamptz,
        ADD COLUMN "alerted_at" timestamptz`);
    await runner.query(`UPDATE "tenant"."client_domains" SET "activated_at" = COALESCE("certificate_at", now()) WHERE "status" = 'active'`);
    await runner.query(`DROP INDEX "tenant"."client_domains_verified_domain_key"`);
    await runner.query(`
      CREATE UNIQUE INDEX "client_domains_verified_domain_key" ON "tenant"."client_domains" ("domain")
        WHERE "status" IN ('verified', 'certificate_issued', 'active') OR ("status" = 'failing' AND "activated_at" IS NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "tenant"."client_domains_verified_domain_key"`);
    await runner.query(`
      CREATE UNIQUE INDEX "client_domains_verified_domain_key" ON "tenant"."client_domains" ("domain")
        WHERE "status" IN ('verified', 'certificate_issued', 'active')`);
    await runner.query(`
      ALTER TABLE "tenant"."client_domains"
        DROP COLUMN "certificate_expires_at",
        DROP COLUMN "activated_at",
        DROP COLUMN "failing_since",
        DROP COLUMN "last_health_check_at",
        DROP COLUMN "alerted_at"`);
  }
}
