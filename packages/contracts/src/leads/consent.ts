/**
 * The consent a lead form shows (docs/consent.md), zod-free: the public pages
 * render the sentence from here without bringing the schema library into the
 * landing route.
 *
 * A form sends the version it showed, never the sentence: the server knows
 * each version's sentence and records version and sentence itself, so no
 * caller can put words in a patient's mouth. Versions are only ever added
 * (a page rendered before a change still names its own); an edit of the
 * wording is a new version.
 */

/** Where a sentence names the clinic; the server fills in the clinic's name as tenant knows it. */
const CLINIC_SLOT = '{clinic}';

export const LEAD_CONSENT_VERSIONS = {
  'lead-form-v1': `By submitting, you agree that ${CLINIC_SLOT} may contact you by phone, text or e-mail about your enquiry.`,
} as const;
export type LeadConsentVersion = keyof typeof LEAD_CONSENT_VERSIONS;

/** How each version's sentence lets the clinic contact the patient: SMS goes only where the version the patient saw says text. */
export const LEAD_CONSENT_CHANNELS: Readonly<Record<LeadConsentVersion, readonly ('phone' | 'sms' | 'email')[]>> = {
  'lead-form-v1': ['phone', 'sms', 'email'],
};

/** Whether a stored lead's consent covers one channel (not captured, or an unknown version: never). */
export const consentCovers = (consent: { status: string; version: string | null }, channel: 'phone' | 'sms' | 'email'): boolean =>
  consent.status === 'captured' && consent.version !== null && isLeadConsentVersion(consent.version) && LEAD_CONSENT_CHANNELS[consent.version].includes(channel);

/** The version today's forms show. */
export const CURRENT_LEAD_CONSENT_VERSION: LeadConsentVersion = 'lead-form-v1';

export const isLeadConsentVersion = (value: string): value is LeadConsentVersion => Object.hasOwn(LEAD_CONSENT_VERSIONS, value);

/** A version's sentence for one clinic; a clinic without a name reads 'this clinic', as the form shows it. */
export function leadConsentSentence(version: LeadConsentVersion, clinicName: string): string {
  return LEAD_CONSENT_VERSIONS[version].replace(CLINIC_SLOT, clinicName.trim() || 'this clinic');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The version whose sentence `text` is, whatever clinic name it holds (a page
 * rendered before a clinic was renamed still counts); null when it is no
 * sentence a form of ours showed. Only for callers that still send the
 * sentence (`consentText`): the server records its own sentence of that
 * version, never the caller's text.
 */
export function leadConsentVersionOfText(text: string): LeadConsentVersion | null {
  const wanted = text.normalize('NFC').trim().replace(/\s+/g, ' ');
  for (const version of Object.keys(LEAD_CONSENT_VERSIONS) as LeadConsentVersion[]) {
    const [before, after] = LEAD_CONSENT_VERSIONS[version].split(CLINIC_SLOT).map(escapeRegExp);
    if (new RegExp(`^${before}.{1,200}${after}$`, 'su').test(wanted)) return version;
  }
  return null;
}

/**
 * Whether a lead's consent was recorded: `not_captured` when the caller sent
 * none (the spec's call table has no consent field) or a sentence no form of
 * ours showed. Nothing downstream treats such a lead as consented.
 */
export const LEAD_CONSENT_STATUSES = ['captured', 'not_captured'] as const;
export type LeadConsentStatus = (typeof LEAD_CONSENT_STATUSES)[number];

/** How the clinic's e-mail, CRM tags and the admin's screen name each status. */
export const LEAD_CONSENT_LABELS: Readonly<Record<LeadConsentStatus, string>> = {
  captured: 'Captured',
  not_captured: 'Not captured',
};
