import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `seed_history`: which one-off data sets the seed has written. The demo
 * clinics are written once per database, so clinics an admin deleted stay
 * deleted across restarts.
 *
 * A database that already holds clients was seeded before this table existed
 * (or holds real data): it is recorded as having the demo clinics, so they
 * are not brought back. The name is spelled out here, not imported, because a
 * migration must not change when the code around it does.
 */
export class CreateSeedHistory1764000000000 implements MigrationInterface {
  name = 'CreateSeedHistory1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "tenant"."seed_history" (
        "name" text PRIMARY KEY,
        "applied_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      INSERT INTO "tenant"."seed_history" ("name")
      SELECT 'demo-clinics-v1' WHERE EXISTS (SELECT 1 FROM "tenant"."clients")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "tenant"."seed_history"');
  }
}
