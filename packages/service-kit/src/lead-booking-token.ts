import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The lead's booking token (docs/booking.md#the-leads-booking-token): what
 * POST /api/leads answers so that the thank-you page books for the lead just
 * sent, with no retyping. `{leadId}.{clientId}.{mac}`, the mac an HMAC-SHA256
 * of the rest under a key derived from the internal secret (never the secret
 * itself), base64url, as experiment-arm.ts signs an arm. No row stores it.
 */
export interface LeadBookingClaim {
  leadId: number;
  clientId: number;
}

const TOKEN = /^(\d{1,19})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const keyOf = (secret: string) => createHmac('sha256', secret).update('lead-booking-token').digest();
const macOf = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function signLeadBookingToken(secret: string, claim: LeadBookingClaim): string {
  const payload = `${claim.leadId}.${claim.clientId}`;
  return `${payload}.${macOf(secret, payload)}`;
}

/** The lead a token names when it is this platform's and of `clientId`; null for anything else (forged, altered, another clinic's). */
export function verifyLeadBookingToken(secret: string, token: string | null | undefined, clientId: number): LeadBookingClaim | null {
  const match = TOKEN.exec((token ?? '').trim());
  if (!match) return null;
  const [, lead, client, mac] = match;
  const expected = Buffer.from(macOf(secret, `${lead}.${client}`));
  const given = Buffer.from(mac!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(client) !== clientId) return null;
  return { leadId: Number(lead), clientId };
}
