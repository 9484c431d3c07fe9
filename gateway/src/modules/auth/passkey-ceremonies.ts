import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { PASSKEY_CEREMONY_MINUTES } from '@hap/contracts';
import { orStoreUnavailable } from '../../plugins/redis';

export interface LoginCeremony {
  challenge: string;
  login: 'admin' | 'portal';
}

/** 32 random bytes, base64url (a login's two-factor challenge id). */
const CEREMONY_ID = /^[A-Za-z0-9_-]{43}$/;
/** v1.<login>.<ends, epoch seconds>.<challenge>.<mac>: a sign-in with the passkey alone. */
const LOGIN_TOKEN = /^v1\.(admin|portal)\.(\d{1,12})\.([A-Za-z0-9_-]{16,128})\.([A-Za-z0-9_-]{43})$/;
/** Another replica's clock may run this far ahead: a ceremony ending later than its lifetime and this was not made here. */
const CLOCK_SKEW_MS = 60_000;

export interface PasskeyCeremonyOptions {
  /** The gateway's INTERNAL_SECRET: a key for this purpose only is derived from it. */
  secret: string;
  ttlMs?: number;
  now?: () => number;
}

/**
 * The WebAuthn challenges the gateway issued, each taken once.
 *
 * Those of a known user are in Redis for PASSKEY_CEREMONY_MINUTES (read and
 * deleted in one step, so an answer replayed, or two answers racing, find it gone):
 *
 * - `<prefix>:pk:reg:<userId>`: a signed-in user adding a passkey (a newer set-up replaces it);
 * - `<prefix>:mfa:ch:<challengeId>:pk`: a login's second step with a passkey.
 *
 * A sign-in with the passkey alone is asked for by anyone, so its options keep
 * nothing: the ceremony the browser gets is the challenge signed (HMAC) with the
 * login it is for (admin or portal) and when it ends. Only an answer whose
 * ceremony verifies, and that the login throttle let through, leaves a trace:
 * `<prefix>:pk:used:<challenge>`, set once (SET NX) until the ceremony would have
 * ended, so the same ceremony cannot be answered twice.
 *
 * Every Redis method rejects with a `SessionStoreUnavailableError` (503) when Redis fails.
 */
export class PasskeyCeremonies {
  private readonly key: Buffer;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: PasskeyCeremonyOptions,
  ) {
    // Its own key: a ceremony's MAC can never pass for another signature made with the secret.
    this.key = createHmac('sha256', options.secret).update('hap passkey login ceremony').digest();
    this.ttlMs = options.ttlMs ?? PASSKEY_CEREMONY_MINUTES * 60_000;
    this.now = options.now ?? Date.now;
  }

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

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  /** The ceremony of a sign-in with the passkey alone: signed, nothing stored. */
  startLogin(ceremony: LoginCeremony): string {
    const ends = Math.ceil((this.now() + this.ttlMs) / 1000);
    const body = `v1.${ceremony.login}.${ends}.${ceremony.challenge}`;
    return `${body}.${this.mac(body)}`;
  }

  /** What `token` says when this gateway signed it and it has not ended; null otherwise (forged, altered, ended). */
  readLogin(token: string): (LoginCeremony & { endsAt: number }) | null {
    const match = LOGIN_TOKEN.exec(token);
    if (!match) return null;
    const [, login, ends, challenge, mac] = match;
    const expected = Buffer.from(this.mac(`v1.${login}.${ends}.${challenge}`));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
    const endsAt = Number(ends) * 1000;
    const now = this.now();
    if (endsAt <= now || endsAt > now + this.ttlMs + CLOCK_SKEW_MS) return null;
    return { login: login as LoginCeremony['login'], challenge, endsAt };
  }

  /** Marks a ceremony read by `readLogin` used; false when it already was (an answer replayed, or two racing). */
  async useLogin(ceremony: { challenge: string; endsAt: number }): Promise<boolean> {
    const ttl = Math.max(1, ceremony.endsAt - this.now() + CLOCK_SKEW_MS);
    const set = await orStoreUnavailable(this.redis.set(`${this.prefix}:pk:used:${ceremony.challenge}`, '1', 'PX', ttl, 'NX'));
    return set === 'OK';
  }
}
