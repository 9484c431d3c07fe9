import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface LoginThrottleOptions {
  redisPrefix: string;
  maxPerIp: number;
  maxPerAccount: number;
  windowMs?: number;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Failed admin logins counted per client IP and per account in fixed
 * 15-minute windows (DESIGN §3). Over either limit, every attempt is refused,
 * even one with the right password, until the window ends.
 */
export class LoginThrottle {
  private readonly windowMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: LoginThrottleOptions,
  ) {
    this.windowMs = options.windowMs ?? FIFTEEN_MINUTES;
  }

  private keys(ip: string, email: string) {
    // The address is hashed so Redis holds no e-mail addresses.
    const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    return { ip: `${this.options.redisPrefix}:login:ip:${ip}`, account: `${this.options.redisPrefix}:login:acct:${account}` };
  }

  async isBlocked(ip: string, email: string): Promise<boolean> {
    const keys = this.keys(ip, email);
    const [byIp, byAccount] = await this.redis.mget(keys.ip, keys.account);
    return Number(byIp ?? 0) >= this.options.maxPerIp || Number(byAccount ?? 0) >= this.options.maxPerAccount;
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    await this.redis
      .multi()
      .incr(keys.ip)
      .pexpire(keys.ip, this.windowMs, 'NX')
      .incr(keys.account)
      .pexpire(keys.account, this.windowMs, 'NX')
      .exec();
  }

  /** A successful login clears the account's failures (not the IP's). */
  async recordSuccess(ip: string, email: string): Promise<void> {
    await this.redis.del(this.keys(ip, email).account);
  }
}
