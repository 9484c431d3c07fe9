import type { Redis } from 'ioredis';
import { orStoreUnavailable, SessionStoreUnavailableError } from '../../plugins/redis';
import { accountOf } from './device-cookie';

export interface LoginThrottleOptions {
  redisPrefix: string;
  /** Failures per client address in `windowMs`, whichever accounts they try. */
  maxPerIp: number;
  /** Failures per account from one address in `windowMs`. */
  maxPerAccountAndIp: number;
  /** Failures per account from all addresses together in `accountWindowMs`. */
  maxPerAccount: number;
  /** Failures per known device (its device cookie) in `windowMs`; past them it logs in as an unknown one. */
  maxPerDevice: number;
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

/** Which allowance a login attempt was counted against, and under which keys. */
export type Reservation = { via: 'device'; device: string } | { via: 'address'; ip: string; pair: string; account: string };

/**
 * Failed admin logins counted in Redis in fixed windows (ARCHITECTURE.md#auth-and-sessions). From an
 * unknown device, three ways:
 *
 * - per account and address (5 in 15 minutes): what stops one guesser at one
 *   account; it locks out that address for that account only, so a stranger's
 *   wrong passwords do not lock the admin out;
 * - per address (20 in 15 minutes): one address spraying many accounts;
 * - per account (100 an hour, ASVS V2.2.1): guesses at one account spread
 *   over many addresses, the account's lock.
 *
 * From a known device (a genuine device cookie of the account, device-cookie.ts)
 * an attempt counts against that device alone (5 in 15 minutes), so guesses
 * from elsewhere, however many, never lock the admin out of a browser they
 * logged in from before (OWASP's device cookies); once that device's own
 * allowance is used up, it logs in as an unknown device until the window ends.
 *
 * An attempt is reserved before the password is checked; once its allowance
 * is used up, the attempt is refused (429), even with the right password,
 * until that window ends. A success gives its attempt back (the counters count
 * failures) and clears the account-and-address (or the device's) count. Every
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

  /**
   * Counts an attempt: against `device`'s own allowance when the login comes
   * from a known device whose allowance is not used up, else against every
   * allowance of an unknown device. Null (nothing counted) when refused.
   */
  async reserve(ip: string, email: string, device: string | null = null): Promise<Reservation | null> {
    const prefix = `${this.options.redisPrefix}:login`;
    if (device !== null) {
      const key = `${prefix}:dev:${device}`;
      const allowed = await orStoreUnavailable(this.redis.eval(RESERVE, 1, key, this.options.maxPerDevice, this.windowMs));
      if (allowed === 1) return { via: 'device', device: key };
    }
    // Hashed, so Redis holds no e-mail addresses.
    const account = accountOf(email);
    const keys = { via: 'address' as const, ip: `${prefix}:ip:${ip}`, pair: `${prefix}:pair:${account}:${ip}`, account: `${prefix}:acct:${account}` };
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
    return allowed === 1 ? keys : null;
  }

  /** Gives a reserved attempt back: it was never decided (tenant did not answer). */
  async release(reservation: Reservation): Promise<void> {
    const keys = reservation.via === 'device' ? [reservation.device] : [reservation.ip, reservation.pair, reservation.account];
    await orStoreUnavailable(this.redis.eval(REFUND, keys.length, ...keys));
  }

  /**
   * The reserved attempt succeeded. From a known device, the device's count is
   * cleared (its next cookie has a new nonce anyway). Otherwise the attempt is
   * given back to the address (colleagues behind one office address do not use
   * up its allowance by logging in) and to the account, and the
   * account-and-address count is cleared. The account's other failures stay
   * counted: logging in does not reset what guessers elsewhere have used of
   * the hourly ceiling.
   */
  async recordSuccess(reservation: Reservation): Promise<void> {
    const transaction =
      reservation.via === 'device'
        ? this.redis.multi().del(reservation.device)
        : this.redis.multi().del(reservation.pair).eval(REFUND, 2, reservation.ip, reservation.account);
    const results = await orStoreUnavailable(transaction.exec());
    const failed = results ? results.find(([err]) => err)?.[0] : new Error('transaction discarded');
    if (failed) throw new SessionStoreUnavailableError(failed);
  }
}
