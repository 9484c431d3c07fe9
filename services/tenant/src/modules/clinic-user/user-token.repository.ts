import type { EntityManager } from 'typeorm';
import { UserTokenEntity, type UserTokenPurpose } from './user-token.entity';

/** Queries on tenant.user_tokens, always inside the caller's transaction. */
export class UserTokenRepository {
  async insert(manager: EntityManager, values: Pick<UserTokenEntity, 'userId' | 'purpose' | 'tokenHash' | 'expiresAt'>): Promise<void> {
    await manager.getRepository(UserTokenEntity).insert(values);
  }

  /** Whether a link of this purpose was issued to the user in the last `ms`. */
  async sentWithin(manager: EntityManager, userId: number, purpose: UserTokenPurpose, ms: number): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT 1 FROM "tenant"."user_tokens" WHERE "user_id" = $1 AND "purpose" = $2 AND "created_at" > now() - make_interval(secs => $3)`,
      [userId, purpose, ms / 1000],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Marks every unused link of the user (of one purpose, or all) as used. */
  async voidUnused(manager: EntityManager, userId: number, purpose?: UserTokenPurpose): Promise<void> {
    await manager.query(
      `UPDATE "tenant"."user_tokens" SET "used_at" = now() WHERE "user_id" = $1 AND "used_at" IS NULL AND ($2::text IS NULL OR "purpose" = $2)`,
      [userId, purpose ?? null],
    );
  }

  /** The link's row by its hash, locked until the transaction ends. */
  lockedByHash(manager: EntityManager, tokenHash: string): Promise<UserTokenEntity | null> {
    return manager
      .getRepository(UserTokenEntity)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.token_hash = :hash', { hash: tokenHash })
      .getOne();
  }

  async markUsed(manager: EntityManager, id: number, at: Date): Promise<void> {
    await manager.getRepository(UserTokenEntity).update({ id }, { usedAt: at });
  }
}
