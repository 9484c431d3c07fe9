import type { EntityManager } from 'typeorm';
import { RECOVERY_CODE_COUNT } from '@hap/contracts';
import { newRecoveryCode, recoveryCodeHash } from './recovery-codes';

/** Recovery codes of tenant.user_recovery_codes, each used once. */
export class RecoveryCodes {
  /** Replaces a user's codes with RECOVERY_CODE_COUNT new ones; answers them in clear, the only time they exist so. */
  async issue(manager: EntityManager, userId: number): Promise<string[]> {
    await this.removeAll(manager, userId);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const values = codes.map((_, i) => `($1, $${i + 2})`).join(', ');
    await manager.query(`INSERT INTO "tenant"."user_recovery_codes" ("user_id", "code_hash") VALUES ${values}`, [userId, ...codes.map(recoveryCodeHash)]);
    return codes;
  }

  /** Uses a code up; false when it is not one of the user's unused codes (two simultaneous uses: one wins). */
  async use(manager: EntityManager, userId: number, code: string): Promise<boolean> {
    const result = (await manager.query(
      `UPDATE "tenant"."user_recovery_codes" SET "used_at" = now() WHERE "user_id" = $1 AND "code_hash" = $2 AND "used_at" IS NULL RETURNING "id"`,
      [userId, recoveryCodeHash(code)],
    )) as unknown[];
    const rows = (Array.isArray(result[0]) ? result[0] : result) as unknown[];
    return rows.length > 0;
  }

  async unused(manager: EntityManager, userId: number): Promise<number> {
    const [row] = (await manager.query(`SELECT count(*)::int AS "left" FROM "tenant"."user_recovery_codes" WHERE "user_id" = $1 AND "used_at" IS NULL`, [
      userId,
    ])) as Array<{ left: number }>;
    return row?.left ?? 0;
  }

  async removeAll(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM "tenant"."user_recovery_codes" WHERE "user_id" = $1`, [userId]);
  }
}
