import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking (docs/booking.md): a clinic's availability (one row, the rules as
 * jsonb checked by AvailabilitySchema on the way in and out) and its
 * appointments. The database itself refuses two live appointments in one
 * seat at overlapping times (an exclusion constraint; capacity N means seats
 * 1..N), so concurrent bookings cannot both take the last seat.
 */
export class CreateBookingTables1766100000000 implements MigrationInterface {
  name = 'CreateBookingTables1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await runner.query(`
      CREATE TABLE "leads"."booking_availability" (
        "client_id" integer PRIMARY KEY,
        "settings" jsonb NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "leads"."appointments" (
        "id" bigserial PRIMARY KEY,
        "client_id" integer NOT NULL,
        "service_id" integer NOT NULL,
        "lead_id" bigint REFERENCES "leads"."leads" ("id") ON DELETE SET NULL,
        "seat" integer NOT NULL CHECK ("seat" >= 1),
        "start_at" timestamptz NOT NULL,
        "end_at" timestamptz NOT NULL,
        "status" text NOT NULL CONSTRAINT "appointments_status_check" CHECK ("status" IN ('booked', 'pending', 'cancelled', 'showed', 'no_show')),
        "idempotency_key" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "appointments_time_check" CHECK ("end_at" > "start_at"),
        CONSTRAINT "appointments_idempotency_key" UNIQUE ("client_id", "idempotency_key"),
        CONSTRAINT "appointments_seat_free" EXCLUDE USING gist ("client_id" WITH =, "seat" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("status" <> 'cancelled')
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."appointments"`);
    await runner.query(`DROP TABLE "leads"."booking_availability"`);
  }
}
