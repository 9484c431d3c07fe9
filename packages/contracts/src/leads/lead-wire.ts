/**
 * The lead submission's wire names, zod-free: the public pages' form sends
 * with them without bringing the schema library into the landing route
 * (frontends/public-shell README, "No zod or Radix in the browser").
 */

/** The thank-you page a taken lead goes on to (docs/public-site.md#pages-and-routes), with `?client=` and `ref=`. */
export const THANKS_PATH = '/thanks';

/** docs/public-site.md#messages, word for word: the toasts of a lead's submission. */
export const LEAD_TOASTS = {
  success: { title: 'Form Submitted', description: 'Thank you! We will contact you shortly.' },
  failure: { title: 'Submission Failed', description: 'Please try again or call us directly.' },
} as const;

/** Where the lead form posts (the `submitLead` row's path). */
export const LEAD_SUBMIT_PATH = '/api/leads';

/**
 * Where the lead form posts by itself when the page's script is not running
 * (switched off, or failed to load): the `submitLeadForm` row. The form's
 * `action`, so a visitor's request is never lost.
 */
export const LEAD_FORM_PATH = '/api/leads/form';

/**
 * The hidden fields of that post besides the visible ones (name, email, phone,
 * message) and the honeypot: the page writes the clinic, the service, the
 * consent version, the style variant and the landing URL (the address the
 * visitor reached); the page's loader adds the referrer when it falls back to
 * the post.
 */
export const LEAD_FORM_HIDDEN = {
  clientId: 'clientId',
  serviceId: 'serviceId',
  /** The consent sentence's version (leads/consent.ts): the server records its own sentence of it. */
  consentVersion: 'consentVersion',
  /** What pages rendered before consent versions sent instead; still read, never written. */
  consentText: 'consentText',
  styleVariant: 'styleVariant',
  /** The experiment arm the page showed: `{id}:{variant}`, e.g. `12:B`. */
  experiment: 'experiment',
  landingUrl: 'landingUrl',
  referrer: 'referrer',
} as const;

/** A lead's JSON is a few KB; 32 KB leaves room for a long message and attribution. */
export const LEAD_BODY_LIMIT = 32 * 1024;

/**
 * The same form urlencoded: every byte outside ASCII takes 6 to 9 characters,
 * so the longest message in Greek or Chinese needs about twice the room.
 */
export const LEAD_FORM_BODY_LIMIT = 64 * 1024;

/** The honeypot field's name: hidden from people, filled by bots. */
export const LEAD_HONEYPOT_FIELD = 'website';

/** The idempotency header a form sends: one key per submission, reused on every retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
