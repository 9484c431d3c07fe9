import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox of clinic deletions (admin spec: Delete Client 'removes all client
 * data, services and records'): a row is written in the transaction that
 * deletes the clinic, and the tenant worker's relay hands the event to every
 * service that holds the clinic's data (`<owner>.client-deleted`). `files` are
 * the uploads the clinic's record and staff named, removed by tenant's own job;
 * the row itself (an id and times, nothing personal) stays as the record of
 * the deletion (docs/data-retention.md).
 */
export class AddClientDeletions1766350000000 implements MigrationInterface {
  name = 'AddClientDeletions1766350000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "tenant"."client_deletions" (
        "client_id" integer PRIMARY KEY,
        "files" jsonb NOT NULL DEFAULT '[]',
        "deleted_at" timestamptz NOT NULL DEFAULT now(),
        "relayed_at" timestamptz,
        "files_removed_at" timestamptz
      )`);
    await runner.query(`CREATE INDEX "client_deletions_unrelayed" ON "tenant"."client_deletions" ("deleted_at") WHERE "relayed_at" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "tenant"."client_deletions"`);
  }
}
