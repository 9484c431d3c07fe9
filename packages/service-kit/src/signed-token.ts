import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens the platform hands out and later takes back (a lead's booking token, an appointment's
 * link): `{field}.{field}….{mac}`, the mac an HMAC-SHA256 (base64url) of the fields under a key
 * derived from the internal secret and the token's purpose, never the secret itself, so a token a
 * visitor sees reveals nothing the identity signatures use, and a token of one purpose is never
 * taken for another. Fields are plain numbers or words (no dots).
 */
const FIELD = /^[A-Za-z0-9_-]{1,40}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

const macOf = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', createHmac('sha256', secret).update(purpose).digest())
    .update(payload)
    .digest('base64url');

export function signToken(secret: string, purpose: string, fields: ReadonlyArray<string | number>): string {
  const payload = fields.map(String).join('.');
  if (!fields.every((field) => FIELD.test(String(field)))) throw new Error(`signToken(${purpose}): a field is not a plain number or word`);
  return `${payload}.${macOf(secret, purpose, payload)}`;
}

/** The token's fields when it is ours, of this purpose and has `count` fields; null for anything else. */
export function verifyToken(secret: string, purpose: string, token: string | null | undefined, count: number): string[] | null {
  const parts = (token ?? '').trim().split('.');
  if (parts.length !== count + 1) return null;
  const mac = parts.pop()!;
  if (!MAC.test(mac) || !parts.every((field) => FIELD.test(field))) return null;
  const expected = Buffer.from(macOf(secret, purpose, parts.join('.')));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? parts : null;
}
