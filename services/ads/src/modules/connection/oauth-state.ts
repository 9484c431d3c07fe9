import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The OAuth `state` (RFC 6749 §10.12, RFC 9700 §4.7): the admin who started
 * the consent, an expiry and a nonce, signed with HMAC-SHA256 over those and
 * the admin's login session (the gateway's session tag, which the state does
 * not carry). The callback accepts it only from the same session, before it
 * expires, and once (the nonce is kept until then: oauth-state.repository.ts): a
 * consent started elsewhere, by someone else, in another session of the same
 * admin, or an answer replayed cannot connect an account here.
 */
export const STATE_TTL_MS = 10 * 60 * 1000;

const mac = (secret: string, payload: string, session: string) =>
  createHmac('sha256', secret).update(`google-ads-oauth:${payload}\n${session}`).digest('base64url');

export interface SignedState {
  /** What goes to Google and comes back. */
  state: string;
  /** What the store keeps until the state is used. */
  nonce: string;
  expiresAt: Date;
}

export function signState(secret: string, userId: number, session: string, now: number = Date.now()): SignedState {
  const expires = now + STATE_TTL_MS;
  const nonce = randomBytes(16).toString('base64url');
  const payload = `${userId}.${expires}.${nonce}`;
  return { state: `${payload}.${mac(secret, payload, session)}`, nonce, expiresAt: new Date(expires) };
}

/** The state's nonce when it was signed here for `userId` in `session` and has not expired; otherwise null. */
export function verifyState(secret: string, state: string | undefined, userId: number, session: string, now: number = Date.now()): string | null {
  const parts = (state ?? '').split('.');
  if (parts.length !== 4) return null;
  const [user, expires, nonce, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(secret, `${user}.${expires}.${nonce}`, session));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(user) === userId && Number(expires) > now ? nonce : null;
}
