import { signToken, verifyToken } from './signed-token';

/**
 * The lead's booking token (docs/booking.md#the-leads-booking-token): what
 * POST /api/leads answers so that the thank-you page books for the lead just
 * sent, with no retyping. `{leadId}.{clientId}.{mac}` (signed-token.ts). No row stores it.
 */
export interface LeadBookingClaim {
  leadId: number;
  clientId: number;
}

const PURPOSE = 'lead-booking-token';
const ID = /^\d{1,19}$/;

export function signLeadBookingToken(secret: string, claim: LeadBookingClaim): string {
  return signToken(secret, PURPOSE, [claim.leadId, claim.clientId]);
}

/** The lead a token names when it is this platform's and of `clientId`; null for anything else (forged, altered, another clinic's). */
export function verifyLeadBookingToken(secret: string, token: string | null | undefined, clientId: number): LeadBookingClaim | null {
  const fields = verifyToken(secret, PURPOSE, token, 2);
  if (!fields || !fields.every((field) => ID.test(field)) || Number(fields[1]) !== clientId) return null;
  return { leadId: Number(fields[0]), clientId };
}

/**
 * The patient's link to change or cancel an appointment (docs/booking.md#changes):
 * `{appointmentId}.{version}.{expires}.{mac}`. The version is the appointment's change count, so a link
 * works for one version only; it expires at the appointment's end (seconds since 1970).
 */
export interface AppointmentLinkClaim {
  appointmentId: number;
  version: number;
  expires: number;
}

const LINK_PURPOSE = 'appointment-link';

export function signAppointmentLink(secret: string, claim: AppointmentLinkClaim): string {
  return signToken(secret, LINK_PURPOSE, [claim.appointmentId, claim.version, claim.expires]);
}

/** The claim of a link token that is ours (expiry and version are the caller's to judge); null for anything else. */
export function verifyAppointmentLink(secret: string, token: string | null | undefined): AppointmentLinkClaim | null {
  const fields = verifyToken(secret, LINK_PURPOSE, token, 3);
  if (!fields || !fields.every((field) => ID.test(field))) return null;
  return { appointmentId: Number(fields[0]), version: Number(fields[1]), expires: Number(fields[2]) };
}
