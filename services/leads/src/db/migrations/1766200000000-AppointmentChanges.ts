import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an appointment's life after booking needs (docs/booking.md#changes): its version (each move or
 * cancellation adds one, so a patient's link works once per change), when it was attended or cancelled,
 * and each clinic's calendar feed secret (kept as a SHA-256 hash; the owner can replace it). A deleted
 * clinic's feed goes with its appointments (client-deletion).
 */
export class AppointmentChanges1766200000000 implements MigrationInterface {
  name = 'AppointmentChanges1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "leads"."appointments" ADD COLUMN "version" integer NOT NULL DEFAULT 1`);
    await runner.query(
      `CREATE TABLE "leads"."booking_feeds" (
         "client_id" integer PRIMARY KEY,
         "token_hash" text NOT NULL UNIQUE,
         "created_at" timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."booking_feeds"`);
    await runner.query(`ALTER TABLE "leads"."appointments" DROP COLUMN "version"`);
  }
}
