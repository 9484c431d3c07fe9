import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { orStoreUnavailable, SessionStoreUnavailableError } from '../../plugins/redis';

export interface LoginThrottleOptions {
  redisPrefix: string;
  /** Failures per client address in `windowMs`, whichever accounts they try. */
  maxPerIp: number;
  /** Failures per account from one address in `windowMs`. */
  maxPerAccountAndIp: number;
  /** Failures per account from all addresses together in `accountWindowMs`. */
  maxPerAccount: number;
  windowMs?: number;
  accountWindowMs?: number;
}

const FIFTEEN_MINUTES = 15 * 60_000;
const ONE_HOUR = 60 * 60_000;

/**
 * KEYS: the counters an attempt is counted against. ARGV: for each key in
 * turn, its limit and its window (ms). Takes one attempt from every allowance,
 * or none when any is used up: check and count are one atomic step, so
 * simultaneous attempts cannot all pass the check before any is counted. A
 * refused attempt counts nowhere (an address that is already refused cannot
 * use up other people's accounts). Returns 1 when the attempt may go on, 0
 * when it is refused.
 */
const RESERVE = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[2 * i], 'NX')
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
 * Failed admin logins counted in Redis in fixed windows, three ways (DESIGN §3):
 *
 * - per account and address (5 in 15 minutes): what stops one guesser at one
 *   account; it locks out that address for that account only, so a stranger's
 *   wrong passwords do not lock the admin out;
 * - per address (20 in 15 minutes): one address spraying many accounts;
 * - per account (100 an hour, ASVS V2.2.1): guesses at one account spread
 *   over many addresses. Only this one can refuse the admin because of other
 *   people's attempts, and only after far more of them.
 *
 * An attempt is reserved against all three before the password is checked;
 * once any is used up, the attempt is refused (429), even with the right
 * password, until that window ends. A success gives its attempt back (the
 * counters count failures) and clears the account-and-address count. Every
 * method rejects with a `SessionStoreUnavailableError` (503) when Redis fails.
 */
export class LoginThrottle {
  private readonly windowMs: number;
  private readonly accountWindowMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: LoginThrottleOptions,
  ) {
    this.windowMs = options.windowMs ?? FIFTEEN_MINUTES;
    this.accountWindowMs = options.accountWindowMs ?? ONE_HOUR;
  }

  private keys(ip: string, email: string) {
    // The address is hashed so Redis holds no e-mail addresses.
    const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    const prefix = `${this.options.redisPrefix}:login`;
    return { ip: `${prefix}:ip:${ip}`, pair: `${prefix}:pair:${account}:${ip}`, account: `${prefix}:acct:${account}` };
  }

  /** Counts an attempt against every allowance; false (nothing counted) when any is used up. */
  async reserve(ip: string, email: string): Promise<boolean> {
    const keys = this.keys(ip, email);
    const { maxPerIp, maxPerAccountAndIp, maxPerAccount } = this.options;
    const allowed = await orStoreUnavailable(
      this.redis.eval(
        RESERVE,
        3,
        keys.ip,
        keys.pair,
        keys.account,
        maxPerIp,
        this.windowMs,
        maxPerAccountAndIp,
        this.windowMs,
        maxPerAccount,
        this.accountWindowMs,
      ),
    );
    return allowed === 1;
  }

  /** Gives a reserved attempt back to every allowance: it was never decided (tenant did not answer). */
  async release(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    await orStoreUnavailable(this.redis.eval(REFUND, 3, keys.ip, keys.pair, keys.account));
  }

  /**
   * The reserved attempt succeeded: it is given back to the address (colleagues
   * behind one office address do not use up its allowance by logging in) and
   * to the account, and the account-and-address count is cleared. The
   * account's other failures stay counted: logging in does not reset what
   * guessers elsewhere have used of the hourly ceiling.
   */
  async recordSuccess(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    const results = await orStoreUnavailable(this.redis.multi().del(keys.pair).eval(REFUND, 2, keys.ip, keys.account).exec());
    const failed = results ? results.find(([err]) => err)?.[0] : new Error('transaction discarded');
    if (failed) throw new SessionStoreUnavailableError(failed);
  }
}
