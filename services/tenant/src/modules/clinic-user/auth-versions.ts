import { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { authVersionKey, ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';
import { bumpAuthVersion } from '../user/user.repository';

/** Sets KEYS[1] to ARGV[2] only while it still holds ARGV[1] (undoing our own write, never a newer one). */
const RESTORE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) end
return 1
`;

export interface AuthVersionsOptions {
  redisUrl: string;
  redisPrefix: string;
  /** A Redis command may take this long before the change is refused (ms). */
  timeoutMs?: number;
}

/**
 * Ends a user's sessions: `users.auth_version` is bumped and,
 * inside the same transaction before it commits, the new version is written
 * to Redis under `<prefix>:authv:<userId>`, which the gateway reads with every
 * session (one round trip) and ends sessions of an older version. Redis
 * failing fails the change (503), so nothing is half-written: a disabled user
 * with a live session cannot happen.
 */
export class AuthVersions {
  private redis: Redis | null = null;

  constructor(private readonly options: AuthVersionsOptions) {}

  /** Opened at the first change: a tenant process that never makes one holds no connection for it. */
  private connection(): Redis {
    if (!this.redis) {
      const timeout = this.options.timeoutMs ?? 2_000;
      this.redis = new Redis(this.options.redisUrl, {
        lazyConnect: true,
        connectTimeout: timeout,
        commandTimeout: timeout,
        maxRetriesPerRequest: 1,
        connectionName: 'tenant auth versions',
      });
      // Failures surface as the command's rejection (a 503); the event is only logged by ioredis otherwise.
      this.redis.on('error', () => undefined);
    }
    return this.redis;
  }

  /**
   * Bumps `userId`'s version in `manager`'s transaction and publishes it.
   * Returns an undo for the Redis write, for a transaction that then fails to commit.
   */
  async bump(manager: EntityManager, userId: number): Promise<{ version: number; undo: () => Promise<void> }> {
    const version = await bumpAuthVersion(manager, userId);
    if (version === undefined) throw new Error(`user ${userId} vanished while its sign-in version was bumped`);
    await this.publish(userId, version);
    const key = authVersionKey(this.options.redisPrefix, userId);
    return { version, undo: () => this.connection().eval(RESTORE, 1, key, String(version), String(version - 1)).then(() => undefined) };
  }

  /** A deleted user's sessions end too: the version after their last one. */
  async publish(userId: number, version: number): Promise<void> {
    try {
      await this.connection().set(authVersionKey(this.options.redisPrefix, userId), String(version));
    } catch (err) {
      const error = new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.signInChangeUnavailable);
      error.cause = err;
      throw error;
    }
  }

  async close(): Promise<void> {
    const redis = this.redis;
    this.redis = null;
    // A connection that is not up (Redis away, reconnecting) is dropped rather than waited for.
    if (redis?.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis?.disconnect();
  }

  /**
   * Runs `work` (a transaction that may bump versions through `bump`) and, when it
   * fails after a bump was published, puts the published versions back.
   */
  async guard<T>(work: (bump: (manager: EntityManager, userId: number) => Promise<number>) => Promise<T>): Promise<T> {
    const undos: Array<() => Promise<void>> = [];
    try {
      return await work(async (manager, userId) => {
        const { version, undo } = await this.bump(manager, userId);
        undos.push(undo);
        return version;
      });
    } catch (err) {
      // Best effort: left higher, the version would end sessions started meanwhile with the older one.
      await Promise.allSettled(undos.map((undo) => undo()));
      throw err;
    }
  }
}
