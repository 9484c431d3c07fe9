import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The caller identity the gateway forwards to services, signed with the
 * shared internal secret (DESIGN §3). Services trust nothing else.
 */
export const IdentitySchema = z.object({
  kind: z.enum(['anonymous', 'admin', 'service']),
  userId: z.number().int().optional(),
  email: z.string().optional(),
  /** For kind=service: which service is calling. */
  service: z.string().optional(),
});
export type Identity = z.infer<typeof IdentitySchema>;

export const IDENTITY_HEADER = 'x-hap-identity';
export const SIGNATURE_HEADER = 'x-hap-signature';
export const TIMESTAMP_HEADER = 'x-hap-timestamp';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Signatures older or newer than this are refused. */
const MAX_SKEW_MS = 60_000;

const sign = (secret: string, method: string, url: string, ts: string, identity: string) =>
  createHmac('sha256', secret).update(`${method.toUpperCase()}\n${url}\n${ts}\n${identity}`).digest('base64url');

/** Headers that carry `identity` for one request (method + url are bound in). */
export function signIdentity(
  secret: string,
  method: string,
  url: string,
  identity: Identity,
  now = Date.now(),
): Record<string, string> {
  const encoded = Buffer.from(JSON.stringify(identity)).toString('base64url');
  const ts = String(now);
  return {
    [IDENTITY_HEADER]: encoded,
    [TIMESTAMP_HEADER]: ts,
    [SIGNATURE_HEADER]: sign(secret, method, url, ts, encoded),
  };
}

/** The verified identity of a request, or null when the signature is missing, stale or wrong. */
export function verifyIdentity(
  secret: string,
  method: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): Identity | null {
  const encoded = headers[IDENTITY_HEADER];
  const ts = headers[TIMESTAMP_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof encoded !== 'string' || typeof ts !== 'string' || typeof signature !== 'string') return null;
  if (!/^\d{1,15}$/.test(ts) || Math.abs(now - Number(ts)) > MAX_SKEW_MS) return null;
  const expected = Buffer.from(sign(secret, method, url, ts, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = IdentitySchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
