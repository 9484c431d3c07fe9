import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { MFA_CHALLENGE_MINUTES } from '@hap/contracts';
import { orStoreUnavailable } from '../../plugins/redis';

/** A login whose password checked out, waiting for the user's second factor. */
const ChallengeSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  login: z.enum(['admin', 'portal']),
  /** The login attempt, still counted by the throttle until a code finishes it. */
  reservation: z.union([
    z.object({ via: z.literal('device'), device: z.string() }),
    z.object({ via: z.literal('address'), ip: z.string(), pair: z.string(), account: z.string() }),
  ]),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** 32 random bytes, base64url. */
const CHALLENGE_ID = /^[A-Za-z0-9_-]{43}$/;
/** Wrong codes one challenge takes before it ends (the throttle counts them too). */
export const MAX_CODES_PER_CHALLENGE = 5;

/**
 * Sign-in challenges in Redis under `<prefix>:mfa:ch:<id>` for
 * MFA_CHALLENGE_MINUTES: bound to one user and login kind,
 * used once (the session is started by whoever deletes it), and ended after
 * MAX_CODES_PER_CHALLENGE wrong codes. Every method rejects with a
 * `SessionStoreUnavailableError` (503) when Redis fails.
 */
export class MfaChallenges {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number = MFA_CHALLENGE_MINUTES * 60_000,
  ) {}

  private key(id: string) {
    return `${this.prefix}:mfa:ch:${id}`;
  }

  async create(challenge: Challenge): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await orStoreUnavailable(this.redis.set(this.key(id), JSON.stringify(challenge), 'PX', this.ttlMs));
    return id;
  }

  async read(id: string): Promise<Challenge | null> {
    if (!CHALLENGE_ID.test(id)) return null;
    const raw = await orStoreUnavailable(this.redis.get(this.key(id)));
    if (!raw) return null;
    const parsed = ChallengeSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /** A wrong code: counted, and the challenge ended at the limit. */
  async failed(id: string): Promise<void> {
    const tries = `${this.key(id)}:n`;
    const [[, count]] = ((await orStoreUnavailable(this.redis.multi().incr(tries).pexpire(tries, this.ttlMs).exec())) ?? [[null, 0]]) as Array<
      [Error | null, unknown]
    >;
    if (Number(count) >= MAX_CODES_PER_CHALLENGE) await orStoreUnavailable(this.redis.del(this.key(id), tries, `${this.key(id)}:pk`));
  }

  /** Uses the challenge up; false when it was already used or has ended (two requests with it: one wins). */
  async finish(id: string): Promise<boolean> {
    const removed = await orStoreUnavailable(this.redis.del(this.key(id)));
    // Its wrong-code count, and a passkey ceremony started for it (passkey-ceremonies.ts).
    await orStoreUnavailable(this.redis.del(`${this.key(id)}:n`, `${this.key(id)}:pk`));
    return removed === 1;
  }
}
