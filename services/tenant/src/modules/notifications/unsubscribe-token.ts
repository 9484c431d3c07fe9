import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe link's token (RFC 8058): the user
 * id and their preference's version, with an HMAC of both and the purpose
 * under the internal secret. No row stores it; it proves who it is for, and
 * once the preference changes (by this link or in the portal) the version
 * moves on and the link is used up. Pure (unit-tested).
 */
const PURPOSE = 'unsubscribe:new-lead-email';

const mac = (secret: string, userId: number, version: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${userId}\n${version}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number, version: number): string {
  return `${userId}.${version}.${mac(secret, userId, version)}`;
}

/** The user and version a token was made for, or null when it is not one of ours (forged, altered, truncated). */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; version: number } | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const version = Number(match[2]);
  const given = Buffer.from(match[3]);
  const expected = Buffer.from(mac(secret, userId, version));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, version };
}
