import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lead may come without consent (docs/consent.md: a caller that follows the
 * spec's call table sends none): `consent_status` says whether one was
 * captured, and the sentence, its version and time are kept only then.
 * Existing rows were all taken with a sentence: they stay `captured` with
 * their sentence and its hash version. The column has no default, so an
 * insert that does not say is refused rather than counted as consented.
 */
export class RecordConsentStatus1765100000000 implements MigrationInterface {
  name = 'RecordConsentStatus1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "leads"."leads" ADD COLUMN "consent_status" text NOT NULL DEFAULT 'captured'`);
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "consent_status" DROP DEFAULT`);
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "consent_text" DROP NOT NULL`);
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "consent_version" DROP NOT NULL`);
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "consent_at" DROP NOT NULL`);
    await runner.query(
      `ALTER TABLE "leads"."leads" ADD CONSTRAINT "leads_consent_check" CHECK (
         ("consent_status" = 'captured' AND "consent_text" IS NOT NULL AND "consent_version" IS NOT NULL AND "consent_at" IS NOT NULL)
         OR ("consent_status" = 'not_captured' AND "consent_text" IS NULL AND "consent_version" IS NULL AND "consent_at" IS NULL))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    // A lead without consent cannot go back to a table that requires one: it is refused rather than given words it never saw.
    const [{ count }] = (await runner.query(`SELECT count(*)::int AS "count" FROM "leads"."leads" WHERE "consent_status" = 'not_captured'`)) as Array<{ count: number }>;
    if (count > 0) throw new Error(`${count} leads have no consent captured; the previous schema cannot hold them.`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP CONSTRAINT "leads_consent_check"`);
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "consent_at" SET NOT NULL`);
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "consent_version" SET NOT NULL`);
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "consent_text" SET NOT NULL`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP COLUMN "consent_status"`);
  }
}
