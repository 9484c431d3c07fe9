import { leadConsentSentence, type LeadConsent, type LeadConsentStatus, type LeadConsentVersion } from '@hap/contracts';

/** The consent columns of a lead row (docs/consent.md). */
export interface ConsentRecord {
  status: LeadConsentStatus;
  /** The form version that showed the sentence; null when not captured. */
  version: LeadConsentVersion | null;
  /** The server's own sentence of that version, never the caller's words; null when not captured. */
  text: string | null;
}

export const NOT_CAPTURED: ConsentRecord = { status: 'not_captured', version: null, text: null };

/**
 * What a lead's consent is stored as. The sentence names the clinic as tenant
 * knows it; when tenant could not say (the lead is kept all the same), the
 * clinic appears by its id: the version and the clinic id say exactly what
 * the form showed.
 */
export function consentRecord(version: LeadConsentVersion | null, clinic: { id: number; name: string | null }): ConsentRecord {
  if (!version) return NOT_CAPTURED;
  return { status: 'captured', version, text: leadConsentSentence(version, clinic.name ?? `client ${clinic.id}`) };
}

/** The consent columns of a stored lead (snake case, as PostgreSQL returns them). */
export interface ConsentColumns {
  consent_status: LeadConsentStatus;
  consent_text: string | null;
  consent_version: string | null;
  consent_at: Date | null;
}

/** A stored lead's consent as every answer names it: the clinic's webhook and the admin's lead detail. */
export const consentOf = (row: ConsentColumns): LeadConsent => ({
  status: row.consent_status,
  version: row.consent_version,
  text: row.consent_text,
  at: row.consent_at ? row.consent_at.toISOString() : null,
});
