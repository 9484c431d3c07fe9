import { createHash } from 'node:crypto';
import { LEAD_HONEYPOT_FIELD, type LeadSubmit, type Touch } from '@hap/contracts';

/**
 * The rules of a lead submission that need no database: each is a pure
 * function with its own unit test (test/unit/lead.rules.test.ts).
 */

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A filled honeypot means a bot: answered 2xx, nothing stored. Whitespace alone is a person's autofill quirk, not a bot. */
export const isBotSubmission = (body: Pick<LeadSubmit, typeof LEAD_HONEYPOT_FIELD>): boolean => Boolean(body[LEAD_HONEYPOT_FIELD]?.trim());

/** JSON with object keys sorted at every depth, so equal content gives equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What a retry must repeat to count as the same submission: the parsed body
 * (key order and defaults do not matter). A different form sent with a used
 * idempotency key is refused, never silently merged into the first.
 */
export const requestHash = (body: LeadSubmit): string => sha256(canonical(body));

/** The touch whose campaign fields a lead row keeps in columns: the last one, else the first (for filters and counts). */
export const attributedTouch = (attribution: LeadSubmit['attribution']): Touch | null => attribution?.last ?? attribution?.first ?? null;

/** The caller's address as the gateway saw it (its own `x-forwarded-for`, one address; callers' values never pass the gateway). */
export function clientAddress(forwardedFor: string | string[] | undefined): string | null {
  const value = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = value?.split(',')[0]?.trim();
  return first ? first.slice(0, 100) : null;
}

/** A user agent worth keeping with consent: capped, so a forged 1 MB header costs nothing. */
export const userAgentOf = (header: string | string[] | undefined): string | null => {
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.slice(0, 500) : null;
};

/** The attribution columns of a stored lead (snake case, as PostgreSQL returns them). */
export interface AttributionColumns {
  style_variant: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  landing_path: string | null;
}

/** A stored lead's attribution as every answer names it: the clinic's webhook and the admin's lead detail. */
export const attributionOf = (row: AttributionColumns) => ({
  styleVariant: row.style_variant,
  utmSource: row.utm_source,
  utmMedium: row.utm_medium,
  utmCampaign: row.utm_campaign,
  utmTerm: row.utm_term,
  utmContent: row.utm_content,
  gclid: row.gclid,
  landingPath: row.landing_path,
});
