import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an appointment's life after booking needs (docs/booking.md#changes): its version (each move or
 * cancellation adds one, so a patient's link works once per change), the version the patient was last
 * e-mailed about and what that version changed (the e-mail says it), and each clinic's calendar feed: its generation (the secret is derived from it; the owner's
 * 'Regenerate' adds one) and the secret's SHA-256 hash to find the clinic by. A deleted
 * clinic's feed goes with its appointments (client-deletion).
 */
export class AppointmentChanges1766200000000 implements MigrationInterface {
  name = 'AppointmentChanges1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    // notified_version: the last version the patient was e-mailed about; a row behind is the notices' outbox (appointment-notices.ts).
    await runner.query(
      `ALTER TABLE "leads"."appointments" ADD COLUMN "version" integer NOT NULL DEFAULT 1, ADD COLUMN "notified_version" integer NOT NULL DEFAULT 0,
       ADD COLUMN "last_change" text NOT NULL DEFAULT 'booked' CONSTRAINT "appointments_last_change_check" CHECK ("last_change" IN ('booked', 'moved', 'confirmed', 'cancelled'))`,
    );
    await runner.query(`CREATE INDEX "appointments_unnotified" ON "leads"."appointments" ("id") WHERE "notified_version" < "version"`);
    await runner.query(
      `CREATE TABLE "leads"."booking_feeds" (
         "client_id" integer PRIMARY KEY,
         "generation" integer NOT NULL DEFAULT 1,
         "token_hash" text NOT NULL UNIQUE,
         "created_at" timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."booking_feeds"`);
    await runner.query(`DROP INDEX "leads"."appointments_unnotified"`);
    await runner.query(`ALTER TABLE "leads"."appointments" DROP COLUMN "version", DROP COLUMN "notified_version", DROP COLUMN "last_change"`);
  }
}
