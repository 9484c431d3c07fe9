import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Results read leads agency-wide by the day they arrived:
 * without an index on `created_at` alone every range read the whole table,
 * whose rows are wide (contact, message, touches). This index carries the
 * columns results count and group by, so a range is an index-only scan of
 * narrow entries (bench:results: 100 k leads over a year, a year's summary
 * from ~125 ms to ~35 ms of SQL). One clinic's reads keep using
 * `leads_client_created_idx`.
 */
export class IndexLeadsForResults1765600000000 implements MigrationInterface {
  name = 'IndexLeadsForResults1765600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX "leads_created_results_idx" ON "leads"."leads" ("created_at")
       INCLUDE ("client_id", "service_id", "status", "style_variant", "traffic_source", "campaign_id")`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "leads"."leads_created_results_idx"`);
  }
}
