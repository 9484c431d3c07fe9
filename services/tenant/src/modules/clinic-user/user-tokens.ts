import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ErrorCode, LINK_LIFETIME_HOURS, Messages } from '@hap/contracts';
import { AppError, badRequest } from '@hap/service-kit';
import type { UserTokenPurpose } from './user-token.entity';
import { UserTokenRepository } from './user-token.repository';

const LIFETIME_MS = LINK_LIFETIME_HOURS * 3_600_000;

/** Only the hash is stored: a database leak opens no account. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * One-time links: a random token in the link, its SHA-256 in
 * user_tokens, 72 hours, single use. Issuing a new one of a purpose voids the
 * user's older unused ones.
 */
export class UserTokens {
  private readonly tokens = new UserTokenRepository();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async issue(manager: EntityManager, userId: number, purpose: UserTokenPurpose): Promise<string> {
    await this.voidAll(manager, userId, purpose);
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert(manager, {
      userId,
      purpose,
      tokenHash: tokenHashOf(token),
      expiresAt: new Date(this.now().getTime() + LIFETIME_MS),
    });
    return token;
  }

  /** Whether a link of this purpose was issued to the user in the last `ms`. */
  async sentWithin(manager: EntityManager, userId: number, purpose: UserTokenPurpose, ms: number): Promise<boolean> {
    return this.tokens.sentWithin(manager, userId, purpose, ms);
  }

  /** Marks every unused link of the user (of one purpose, or all) as used: none of them works any more. */
  async voidAll(manager: EntityManager, userId: number, purpose?: UserTokenPurpose): Promise<void> {
    await this.tokens.voidUnused(manager, userId, purpose);
  }

  /**
   * Uses the link up in `manager`'s transaction (the row is locked, so two
   * simultaneous uses cannot both pass) and answers whose it is. A link that
   * is unknown or of another purpose is a 400; a used or expired one, a 410 saying which.
   */
  async redeem(manager: EntityManager, token: string, purpose: UserTokenPurpose): Promise<number> {
    const row = await this.tokens.lockedByHash(manager, tokenHashOf(token));
    if (!row || row.purpose !== purpose) throw badRequest(Messages.linkInvalid);
    if (row.usedAt) throw new AppError(410, ErrorCode.LINK_USED, Messages.linkUsed);
    if (row.expiresAt.getTime() <= this.now().getTime()) throw new AppError(410, ErrorCode.LINK_EXPIRED, Messages.linkExpired);
    await this.tokens.markUsed(manager, row.id, this.now());
    return row.userId;
  }
}
