import type { DataSource, EntityManager } from 'typeorm';

/** One clinic deletion in the outbox (`tenant.client_deletions`). */
export interface ClientDeletionRow {
  clientId: number;
  files: string[];
}

/** The outbox of clinic deletions and the reads that fill it (migration AddClientDeletions). */
export class ClientDeletionRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  /** The image paths a clinic's record and staff name (logo, office image, team photos), before they are deleted. */
  async imagesOf(clientId: number, manager: EntityManager): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT p AS "path" FROM (
         SELECT unnest(ARRAY["logo_path", "office_image_path"]) AS p FROM "tenant"."clients" WHERE "id" = $1
         UNION SELECT "image_path" FROM "tenant"."staff_members" WHERE "client_id" = $1) named
       WHERE p IS NOT NULL`,
      [clientId],
    )) as Array<{ path: string }>;
    return rows.map((r) => r.path);
  }

  /** Of `paths`, those that another clinic's record or staff still name (kept). */
  async namedByOthers(clientId: number, paths: string[], manager: EntityManager): Promise<Set<string>> {
    if (!paths.length) return new Set();
    const rows = (await manager.query(
      `SELECT "logo_path" AS "path" FROM "tenant"."clients" WHERE "id" <> $1 AND "logo_path" = ANY($2::text[])
       UNION SELECT "office_image_path" FROM "tenant"."clients" WHERE "id" <> $1 AND "office_image_path" = ANY($2::text[])
       UNION SELECT "image_path" FROM "tenant"."staff_members" WHERE "client_id" <> $1 AND "image_path" = ANY($2::text[])`,
      [clientId, paths],
    )) as Array<{ path: string }>;
    return new Set(rows.map((r) => r.path));
  }

  /** Records the deletion in the same transaction as the delete; a second record of the same clinic changes nothing. */
  async record(clientId: number, files: string[], manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO "tenant"."client_deletions" ("client_id", "files") VALUES ($1, $2::jsonb) ON CONFLICT ("client_id") DO NOTHING`,
      [clientId, JSON.stringify(files)],
    );
  }

  /** Up to `batch` deletions not yet handed to the queues, locked (SKIP LOCKED: relays share the work). */
  async claimUnrelayed(batch: number, manager: EntityManager): Promise<number[]> {
    const rows = (await manager.query(
      `SELECT "client_id" FROM "tenant"."client_deletions" WHERE "relayed_at" IS NULL ORDER BY "deleted_at" LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batch],
    )) as Array<{ client_id: number }>;
    return rows.map((r) => r.client_id);
  }

  /** Clinics deleted within the last `days` days and already relayed (their jobs may be added again). */
  async relayedSince(days: number, manager?: EntityManager): Promise<number[]> {
    const rows = (await this.q(manager).query(
      `SELECT "client_id" FROM "tenant"."client_deletions" WHERE "relayed_at" IS NOT NULL AND "deleted_at" > now() - make_interval(days => $1) ORDER BY "deleted_at"`,
      [days],
    )) as Array<{ client_id: number }>;
    return rows.map((r) => r.client_id);
  }

  async markRelayed(clientIds: number[], manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE "tenant"."client_deletions" SET "relayed_at" = now() WHERE "client_id" = ANY($1::int[])`, [clientIds]);
  }

  /** A deletion's files still to remove; null when the clinic was never deleted here. */
  async find(clientId: number, manager?: EntityManager): Promise<ClientDeletionRow | null> {
    const rows = (await this.q(manager).query(`SELECT "client_id", "files" FROM "tenant"."client_deletions" WHERE "client_id" = $1`, [clientId])) as Array<{
      client_id: number;
      files: string[];
    }>;
    return rows[0] ? { clientId: rows[0].client_id, files: rows[0].files } : null;
  }

  /** The files are gone: the row keeps only the clinic's id and the times. */
  async markFilesRemoved(clientId: number, manager?: EntityManager): Promise<void> {
    await this.q(manager).query(
      `UPDATE "tenant"."client_deletions" SET "files" = '[]', "files_removed_at" = COALESCE("files_removed_at", now()) WHERE "client_id" = $1`,
      [clientId],
    );
  }
}
