import type { DataSource, EntityManager } from 'typeorm';
import type { Passkey } from '@hap/contracts';

/** A stored passkey: what @simplewebauthn/server needs to check its next answer, and what the user sees. */
export interface PasskeyRow {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface RawRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = `"id", "user_id", "credential_id", "public_key", "counter", "transports", "name", "created_at", "last_used_at"`;

const toRow = (raw: RawRow): PasskeyRow => ({
  id: raw.id,
  userId: raw.user_id,
  credentialId: raw.credential_id,
  publicKey: raw.public_key,
  counter: Number(raw.counter),
  transports: raw.transports,
  name: raw.name,
  createdAt: raw.created_at,
  lastUsedAt: raw.last_used_at,
});

/** Only what the Security screen shows. */
export const toPasskeyDto = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** TypeORM answers an UPDATE/DELETE … RETURNING as [rows, count]. */
const rowsOf = <T>(result: unknown[]): T[] => (Array.isArray(result[0]) ? result[0] : result) as T[];

/** Queries on tenant.user_passkeys. */
export class PasskeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  async listOf(userId: number, manager?: EntityManager): Promise<PasskeyRow[]> {
    const rows = (await this.manager(manager).query(`SELECT ${COLUMNS} FROM "tenant"."user_passkeys" WHERE "user_id" = $1 ORDER BY "id"`, [
      userId,
    ])) as RawRow[];
    return rows.map(toRow);
  }

  /** The passkey with this credential id, locked for its counter update when `lock`. */
  async findByCredentialId(credentialId: string, manager?: EntityManager, lock = false): Promise<PasskeyRow | null> {
    const rows = (await this.manager(manager).query(
      `SELECT ${COLUMNS} FROM "tenant"."user_passkeys" WHERE "credential_id" = $1${lock ? ' FOR UPDATE' : ''}`,
      [credentialId],
    )) as RawRow[];
    return rows[0] ? toRow(rows[0]) : null;
  }

  async insert(
    manager: EntityManager,
    values: Pick<PasskeyRow, 'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'> & { deviceType: string; backedUp: boolean },
  ): Promise<PasskeyRow> {
    const rows = (await manager.query(
      `INSERT INTO "tenant"."user_passkeys" ("user_id", "credential_id", "public_key", "counter", "transports", "name", "device_type", "backed_up")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [values.userId, values.credentialId, values.publicKey, values.counter, values.transports, values.name, values.deviceType, values.backedUp],
    )) as RawRow[];
    return toRow(rows[0]!);
  }

  /** Records a use: the new counter, only when it went forward (two answers racing: one wins). */
  async recordUse(manager: EntityManager, id: number, counter: number): Promise<boolean> {
    const result = (await manager.query(
      `UPDATE "tenant"."user_passkeys" SET "counter" = $2, "last_used_at" = now() WHERE "id" = $1 AND ("counter" < $2 OR $2 = 0) RETURNING "id"`,
      [id, counter],
    )) as unknown[];
    return rowsOf(result).length > 0;
  }

  async remove(manager: EntityManager, userId: number, id: number): Promise<PasskeyRow | null> {
    const result = (await manager.query(`DELETE FROM "tenant"."user_passkeys" WHERE "id" = $1 AND "user_id" = $2 RETURNING ${COLUMNS}`, [
      id,
      userId,
    ])) as unknown[];
    const [row] = rowsOf<RawRow>(result);
    return row ? toRow(row) : null;
  }

  async removeAll(manager: EntityManager, userId: number): Promise<number> {
    const result = (await manager.query(`DELETE FROM "tenant"."user_passkeys" WHERE "user_id" = $1 RETURNING "id"`, [userId])) as unknown[];
    return rowsOf(result).length;
  }
}
