import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { orStoreUnavailable, SessionStoreUnavailableError } from '../../plugins/redis';

export interface LoginThrottleOptions {
  redisPrefix: string;
  maxPerIp: number;
  maxPerAccount: number;
  windowMs?: number;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * KEYS: the address's and the account's counters. ARGV: their limits, the window.
 * Takes one attempt from both allowances, or none when either is used up: check
 * and count are one atomic step, so simultaneous attempts cannot all pass the
 * check before any is counted. A refused attempt counts nowhere (an address
 * that is already refused cannot use up other people's accounts).
 * Returns 1 when the attempt may go on, 0 when it is refused.
 */
const RESERVE = `
local byIp = tonumber(redis.call('GET', KEYS[1]) or '0')
local byAccount = tonumber(redis.call('GET', KEYS[2]) or '0')
if byIp >= tonumber(ARGV[1]) or byAccount >= tonumber(ARGV[2]) then return 0 end
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[3], 'NX')
end
return 1
`;

/**
 * KEYS: counters to give one attempt back to. A counter whose window ended
 * meanwhile is left alone (it is gone, or counts a new window's attempts).
 */
const REFUND = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 1
`;

/**
 * Admin login attempts counted per client IP and per account in fixed
 * 15-minute windows (DESIGN §3). An attempt is reserved before the password
 * is checked; once either allowance is used up, every attempt is refused,
 * even one with the right password, until the window ends. A success gives
 * its attempt back to the address and clears the account. Every method
 * rejects with a `SessionStoreUnavailableError` (503) when Redis fails.
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

  /** Counts an attempt against both allowances; false (nothing counted) when either is used up. */
  async reserve(ip: string, email: string): Promise<boolean> {
    const keys = this.keys(ip, email);
    const { maxPerIp, maxPerAccount } = this.options;
    const allowed = await orStoreUnavailable(this.redis.eval(RESERVE, 2, keys.ip, keys.account, maxPerIp, maxPerAccount, this.windowMs));
    return allowed === 1;
  }

  /** Gives a reserved attempt back to both allowances: it was never decided (tenant did not answer). */
  async release(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    await orStoreUnavailable(this.redis.eval(REFUND, 2, keys.ip, keys.account));
  }

  /**
   * The reserved attempt succeeded: the account's count is cleared, and the
   * address gets the attempt back, so colleagues behind one office address do
   * not use up its allowance by logging in (it only counts attempts that failed).
   */
  async recordSuccess(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    const results = await orStoreUnavailable(this.redis.multi().del(keys.account).eval(REFUND, 1, keys.ip).exec());
    const failed = results ? results.find(([err]) => err)?.[0] : new Error('transaction discarded');
    if (failed) throw new SessionStoreUnavailableError(failed);
  }
}
