import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { PASSKEY_CEREMONY_MINUTES } from '@hap/contracts';
import { orStoreUnavailable } from '../../plugins/redis';

const LoginCeremonySchema = z.object({ challenge: z.string(), login: z.enum(['admin', 'portal']) });
export type LoginCeremony = z.infer<typeof LoginCeremonySchema>;

/** 32 random bytes, base64url (a login ceremony's id, a login's two-factor challenge id). */
const CEREMONY_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The WebAuthn challenges the gateway issued (issue 26 §2), in Redis for
 * PASSKEY_CEREMONY_MINUTES and each taken once (read and deleted in one
 * step, so an answer replayed, or two answers racing, find it gone):
 *
 * - `<prefix>:pk:reg:<userId>`: a signed-in user adding a passkey (a newer set-up replaces it);
 * - `<prefix>:mfa:ch:<challengeId>:pk`: a login's second step with a passkey;
 * - `<prefix>:pk:login:<id>`: a sign-in with the passkey alone, bound to the admin or the portal login.
 *
 * Every method rejects with a `SessionStoreUnavailableError` (503) when Redis fails.
 */
export class PasskeyCeremonies {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number = PASSKEY_CEREMONY_MINUTES * 60_000,
  ) {}

  private async put(key: string, value: string): Promise<void> {
    await orStoreUnavailable(this.redis.set(key, value, 'PX', this.ttlMs));
  }

  private async take(key: string): Promise<string | null> {
    const results = await orStoreUnavailable(this.redis.multi().get(key).del(key).exec());
    const [[, value] = [null, null]] = (results ?? []) as Array<[Error | null, unknown]>;
    return typeof value === 'string' ? value : null;
  }

  startRegistration(userId: number, challenge: string): Promise<void> {
    return this.put(`${this.prefix}:pk:reg:${userId}`, challenge);
  }

  takeRegistration(userId: number): Promise<string | null> {
    return this.take(`${this.prefix}:pk:reg:${userId}`);
  }

  startSecondFactor(challengeId: string, challenge: string): Promise<void> {
    return this.put(`${this.prefix}:mfa:ch:${challengeId}:pk`, challenge);
  }

  takeSecondFactor(challengeId: string): Promise<string | null> {
    if (!CEREMONY_ID.test(challengeId)) return Promise.resolve(null);
    return this.take(`${this.prefix}:mfa:ch:${challengeId}:pk`);
  }

  async startLogin(ceremony: LoginCeremony): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.put(`${this.prefix}:pk:login:${id}`, JSON.stringify(ceremony));
    return id;
  }

  async takeLogin(id: string): Promise<LoginCeremony | null> {
    if (!CEREMONY_ID.test(id)) return null;
    const raw = await this.take(`${this.prefix}:pk:login:${id}`);
    if (!raw) return null;
    const parsed = LoginCeremonySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }
}
