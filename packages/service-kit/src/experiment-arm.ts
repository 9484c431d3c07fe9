import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The experiment arm a page showed, as the page server signs it into the
 * lead form (the hidden `experiment` field, and the JSON attribution's
 * `experiment.token`), so that only arms the platform really served count:
 * `{experimentId}.{variant}.{clientId}.{expires}.{mac}`, the mac an HMAC of
 * the rest under a key derived from the internal secret (never the secret
 * itself: a token seen by a visitor reveals nothing the identity signatures
 * use). The leads service keeps a lead's arm only when its token verifies
 * (public-shell and leads READMEs).
 */
export interface SignedArm {
  experimentId: number;
  variant: 'A' | 'B' | 'C';
  clientId: number;
}

/** A token stays good this long after the page was rendered: a visitor may come back to an open tab. */
export const EXPERIMENT_ARM_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

const TOKEN = /^(\d{1,10})\.([ABC])\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const MAX_ID = 2147483647;

const keyOf = (secret: string) => createHmac('sha256', secret).update('experiment-arm-token').digest();
const macOf = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

/** The token of an arm a page shows now (`now` in ms). */
export function signExperimentArm(secret: string, arm: SignedArm, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + EXPERIMENT_ARM_TOKEN_TTL_SECONDS;
  const payload = `${arm.experimentId}.${arm.variant}.${arm.clientId}.${expires}`;
  return `${payload}.${macOf(secret, payload)}`;
}

/**
 * The arm a token names, when it is this platform's, unexpired and of the
 * clinic the lead is for; null for anything else (a forged or altered token,
 * another clinic's, an old `12:B` field, nothing).
 */
export function verifyExperimentArm(secret: string, token: string | null | undefined, clientId: number, now = Date.now()): SignedArm | null {
  const match = TOKEN.exec((token ?? '').trim());
  if (!match) return null;
  const [, id, variant, client, expires, mac] = match;
  const payload = `${id}.${variant}.${client}.${expires}`;
  const expected = Buffer.from(macOf(secret, payload));
  const given = Buffer.from(mac!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const experimentId = Number(id);
  if (experimentId < 1 || experimentId > MAX_ID || Number(client) !== clientId) return null;
  if (Number(expires) * 1000 < now) return null;
  return { experimentId, variant: variant as SignedArm['variant'], clientId };
}
