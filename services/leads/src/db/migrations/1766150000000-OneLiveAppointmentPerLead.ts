import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One lead, one live appointment (docs/booking.md#calls): the database refuses a second
 * appointment of a lead while one is not cancelled, so two bookings of one lead at the same
 * instant store one; the other answers it (booking.service.ts).
 */
export class OneLiveAppointmentPerLead1766150000000 implements MigrationInterface {
  name = 'OneLiveAppointmentPerLead1766150000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE UNIQUE INDEX "appointments_one_live_per_lead" ON "leads"."appointments" ("lead_id") WHERE "lead_id" IS NOT NULL AND "status" <> 'cancelled'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "leads"."appointments_one_live_per_lead"`);
  }
}
