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
/** An admin's preview grant, from the gateway to the public shell and back (see signPreviewGrant). */
export const PREVIEW_GRANT_HEADER = 'x-hap-preview-grant';

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

/** The method and url a preview grant is signed over: it is bound to its purpose, never to a request. */
const GRANT_METHOD = 'GRANT';
const GRANT_PURPOSE = 'page-preview';

/**
 * A page request's proof that an admin asked for it: the gateway gives it to
 * the public shell with `?preview=1` and an admin session (DESIGN §9.3), and
 * the shell shows it back on its catalogue calls for that page, so an admin
 * previews services visitors do not see. One header value,
 * `{identity}.{timestamp}.{signature}`, good for a minute like every signature.
 */
export function signPreviewGrant(secret: string, identity: Identity, now = Date.now()): string {
  const encoded = Buffer.from(JSON.stringify(identity)).toString('base64url');
  const ts = String(now);
  return `${encoded}.${ts}.${sign(secret, GRANT_METHOD, GRANT_PURPOSE, ts, encoded)}`;
}

/** The admin a preview grant names, or null when it is missing, stale, forged or not an admin's. */
export function verifyPreviewGrant(secret: string, grant: string | string[] | undefined, now = Date.now()): Identity | null {
  if (typeof grant !== 'string') return null;
  const [encoded, ts, signature, ...rest] = grant.split('.');
  if (!encoded || !ts || !signature || rest.length || !fresh(ts, now)) return null;
  if (!same(sign(secret, GRANT_METHOD, GRANT_PURPOSE, ts, encoded), signature)) return null;
  const identity = decodeIdentity(encoded);
  return identity?.kind === 'admin' ? identity : null;
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
  if (!fresh(ts, now) || !same(sign(secret, method, url, ts, encoded), signature)) return null;
  return decodeIdentity(encoded);
}
