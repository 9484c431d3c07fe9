import { createHmac, timingSafeEqual } from 'node:crypto';
import { clinicRoleField } from '@hap/contracts';
import { z } from 'zod';

/**
 * The caller identity the gateway forwards to services, signed with the
 * shared internal secret (ARCHITECTURE.md#auth-and-sessions). Services trust nothing else.
 */
export const IdentitySchema = z.object({
  kind: z.enum(['anonymous', 'admin', 'clinic', 'service']),
  userId: z.number().int().optional(),
  email: z.string().optional(),
  /** The user's name, for audit entries (admins and clinic users). */
  name: z.string().nullable().optional(),
  /** For kind=clinic: the one clinic the user belongs to; a clinic route's only source of it. */
  clientId: z.number().int().positive().optional(),
  /** For kind=clinic: what the user may do there (docs/portal.md#roles). */
  role: clinicRoleField().optional(),
  /**
   * For kind=clinic: an admin viewing this clinic's portal read-only; `userId`,
   * `email` and `name` are the admin's, `role` is viewer. Only GETs carry it (the gateway refuses the rest).
   */
  viewAs: z.boolean().optional(),
  /** For kind=service: which service is calling. */
  service: z.string().optional(),
  /**
   * For kind=admin: which login session is calling (`sessionTagOf`), so a
   * service can bind a step to one session (the Google Ads OAuth state)
   * without ever seeing the session id, which is the admin's credential.
   */
  session: z.string().max(64).optional(),
});
export type Identity = z.infer<typeof IdentitySchema>;

export const IDENTITY_HEADER = 'x-hap-identity';
export const SIGNATURE_HEADER = 'x-hap-signature';
export const TIMESTAMP_HEADER = 'x-hap-timestamp';
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a service knows of an admin's session: an HMAC of its id under the
 * internal secret. Two sessions of one admin differ; the id cannot be read
 * back from it, so a service's logs or tables never hold a usable session.
 */
export const sessionTagOf = (secret: string, sessionId: string): string =>
  createHmac('sha256', secret).update(`session\n${sessionId}`).digest('base64url');

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

const decodeIdentity = (encoded: string): Identity | null => {
  try {
    const parsed = IdentitySchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const fresh = (ts: string, now: number) => /^\d{1,15}$/.test(ts) && Math.abs(now - Number(ts)) <= MAX_SKEW_MS;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

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
  if (!fresh(ts, now) || !same(sign(secret, method, url, ts, encoded), signature)) return null;
  return decodeIdentity(encoded);
}
export * from './experiment-arm';
export * from './lead-booking-token';
export * from './signed-token';
