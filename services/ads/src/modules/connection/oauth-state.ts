import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The OAuth `state` (RFC 6749 §10.12): the admin who started the consent, an
 * expiry and a nonce, signed with HMAC-SHA256. The callback accepts it only
 * for the same admin, before it expires: a consent started elsewhere, or by
 * someone else, cannot connect an account here.
 */
export const STATE_TTL_MS = 10 * 60 * 1000;

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`google-ads-oauth:${payload}`).digest('base64url');

export function signState(secret: string, userId: number, now: number = Date.now()): string {
  const payload = `${userId}.${now + STATE_TTL_MS}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** True when `state` was signed here for `userId` and has not expired. */
export function verifyState(secret: string, state: string | undefined, userId: number, now: number = Date.now()): boolean {
  const parts = (state ?? '').split('.');
  if (parts.length !== 4) return false;
  const [user, expires, nonce, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(secret, `${user}.${expires}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(user) === userId && Number(expires) > now;
}
