import { z } from 'zod';
import { idField, noNul, NUL_MESSAGE, optionalText, timestamp } from '../fields';
import { LeadFormSchema } from './lead-form';
import { isLeadConsentVersion, LEAD_CONSENT_STATUSES, LEAD_CONSENT_VERSIONS, leadConsentVersionOfText, type LeadConsentVersion } from './consent';
import { ExperimentArmRefSchema } from '../templates/experiment';
import { LEAD_FORM_HIDDEN, LEAD_HONEYPOT_FIELD } from './lead-wire';

/** Optional short text from the browser: trimmed, capped, '' becomes null. */
const trace = optionalText;

/** Where a visitor came from, as the landing URL and the browser said (utm_*, click ids, path, variant, referrer). */
export const TouchSchema = z.object({
  utmSource: trace(200),
  utmMedium: trace(200),
  utmCampaign: trace(200),
  utmTerm: trace(200),
  utmContent: trace(200),
  gclid: trace(200),
  gbraid: trace(200),
  wbraid: trace(200),
  fbclid: trace(200),
  /** The landing URL's `hap_cid`: the Google Ads campaign of the ad clicked. */
  campaignId: trace(200),
  landingPath: trace(500),
  referrer: trace(1000),
  /** When the visitor arrived with this touch (ISO 8601). */
  at: z.iso.datetime({ offset: true, error: 'Must be a date and time' }).nullish().transform((v) => v ?? null),
});
export type Touch = z.infer<typeof TouchSchema>;

/** A lead's experiment arm and the page's signed token of it (the token is what counts). */
export const LeadExperimentSchema = ExperimentArmRefSchema.extend({
  token: z.string().trim().max(200).nullish().transform((v) => v || null),
});

/** First and last touch of the visit, kept by the page (public side) and sent with the lead. */
export const AttributionSchema = z.object({
  first: TouchSchema.nullish().transform((v) => v ?? null),
  last: TouchSchema.nullish().transform((v) => v ?? null),
  /** The landing page's style variant (a, b, c, unified, preview). */
  styleVariant: trace(20),
  /**
   * The experiment arm the page showed with the page server's signed token of it
   * (templates/experiment-wire.ts); absent when the page was in none. Never a reason to refuse
   * a lead: anything malformed is no arm, and the leads service keeps an arm only when its token verifies.
   */
  experiment: LeadExperimentSchema.nullish().catch(null).transform((v) => v ?? null),
});
export type Attribution = z.infer<typeof AttributionSchema>;


export const LEAD_CONSENT_VERSION_MESSAGE = `The consent version is not one our forms show. Send one of: ${Object.keys(LEAD_CONSENT_VERSIONS).join(', ')} (or no consent at all).`;

/**
 * POST /api/leads (docs/public-site.md#validation, docs/public-site.md#calls): the form's fields, the clinic and
 * service, attribution and the consent version the form showed (docs/consent.md).
 * The spec's own body (name, email, phone, message, serviceId, clientId) is
 * complete: without a consent version the lead is stored with its consent
 * recorded as not captured. The output names the version only (null: not
 * captured), so a parsed body parses again to itself.
 */
export const LeadSubmitSchema = LeadFormSchema.extend({
  clientId: idField('Client id'),
  serviceId: idField('Service id'),
  /** The version of the consent sentence the form showed (contracts leads/consent.ts). */
  consentVersion: z
    .string({ error: LEAD_CONSENT_VERSION_MESSAGE })
    .trim()
    .max(100, LEAD_CONSENT_VERSION_MESSAGE)
    // Blank is no consent, like an absent field (a form's empty hidden input).
    .refine((v) => v === '' || isLeadConsentVersion(v), LEAD_CONSENT_VERSION_MESSAGE)
    .nullish(),
  /**
   * Older pages sent the sentence itself. It names its version when it is a
   * sentence one of our forms showed (any clinic name); any other text is not
   * a consent we can vouch for: the lead is kept, its consent not captured.
   */
  consentText: z.string().max(2000, 'Must be at most 2000 characters').refine(noNul, NUL_MESSAGE).nullish(),
  attribution: AttributionSchema.nullish().transform((v) => v ?? null),
  [LEAD_HONEYPOT_FIELD]: z.string().max(2000).nullish(),
}).transform(({ consentVersion, consentText, ...lead }) => ({
  ...lead,
  consentVersion: ((consentVersion || null) as LeadConsentVersion | null) ?? (consentText ? leadConsentVersionOfText(consentText) : null),
}));
export type LeadSubmit = z.output<typeof LeadSubmitSchema>;
export type LeadSubmitInput = z.input<typeof LeadSubmitSchema>;

/**
 * One field of a form a browser posts: text, or absent. A name sent twice
 * counts once (its first value). Its rules are LeadSubmitSchema's, applied by
 * the handler, so a form is never refused here but for the route's body limit.
 */
const formText = z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().optional());

/**
 * POST /api/leads/form: the lead form as the browser posts it by itself
 * (no script ran). Every field is text here; the leads service builds the
 * LeadSubmit from it and checks that with LeadSubmitSchema, so the rules and
 * the messages are the JSON submission's.
 */
export const LeadFormPostSchema = z.object({
  name: formText,
  email: formText,
  phone: formText,
  message: formText,
  [LEAD_FORM_HIDDEN.clientId]: formText,
  [LEAD_FORM_HIDDEN.serviceId]: formText,
  [LEAD_FORM_HIDDEN.consentVersion]: formText,
  [LEAD_FORM_HIDDEN.consentText]: formText,
  [LEAD_FORM_HIDDEN.styleVariant]: formText,
  [LEAD_FORM_HIDDEN.experiment]: formText,
  [LEAD_FORM_HIDDEN.landingUrl]: formText,
  [LEAD_FORM_HIDDEN.referrer]: formText,
  [LEAD_HONEYPOT_FIELD]: formText,
});
export type LeadFormPost = z.infer<typeof LeadFormPostSchema>;

/**
 * A stored lead's consent as the clinic's webhook and the admin's screen read
 * it (docs/consent.md): the sentence only when one was captured, never the
 * caller's words.
 */
export const LeadConsentSchema = z.object({
  status: z.enum(LEAD_CONSENT_STATUSES),
  /** The form version that showed the sentence (leads from before versions: a hash of their sentence); null when not captured. */
  version: z.string().nullable(),
  text: z.string().nullable(),
  at: timestamp().nullable(),
});
export type LeadConsent = z.infer<typeof LeadConsentSchema>;

/** The answer to an accepted submission: a reference the thank-you page may carry, never a row number. */
export const LeadReceiptSchema = z.object({
  reference: z.uuid(),
  /**
   * The signed token naming the stored lead and its clinic, for `POST /api/bookings`' `leadToken`
   * (docs/booking.md). Absent when the lead is held in Redis (202): its row id is not known until stored.
   */
  bookingToken: z.string().optional(),
});
export type LeadReceipt = z.infer<typeof LeadReceiptSchema>;

export const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'The idempotency key must be 8 to 100 characters')
  .max(100, 'The idempotency key must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'The idempotency key may hold letters, digits, - and _ only');
