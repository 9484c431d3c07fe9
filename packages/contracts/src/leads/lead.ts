import { z } from 'zod';
import { idField, noNul, NUL_MESSAGE, optionalText } from '../fields';
import { LeadFormSchema } from './lead-form';
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
  landingPath: trace(500),
  referrer: trace(1000),
  /** When the visitor arrived with this touch (ISO 8601). */
  at: z.iso.datetime({ offset: true, error: 'Must be a date and time' }).nullish().transform((v) => v ?? null),
});
export type Touch = z.infer<typeof TouchSchema>;

/** First and last touch of the visit, kept by the page (public side) and sent with the lead. */
export const AttributionSchema = z.object({
  first: TouchSchema.nullish().transform((v) => v ?? null),
  last: TouchSchema.nullish().transform((v) => v ?? null),
  /** The landing page's style variant (a, b, c, unified, preview). */
  styleVariant: trace(20),
});
export type Attribution = z.infer<typeof AttributionSchema>;


/** POST /api/leads (public spec §5 and §7): the form's fields, the clinic and service, attribution and consent. */
export const LeadSubmitSchema = LeadFormSchema.extend({
  clientId: idField('Client id'),
  serviceId: idField('Service id'),
  /** The consent sentence exactly as the form showed it. */
  consentText: z
    .string({ error: 'The consent text is required' })
    .trim()
    .min(1, 'The consent text is required')
    .max(2000, 'Must be at most 2000 characters')
    .refine(noNul, NUL_MESSAGE),
  attribution: AttributionSchema.nullish().transform((v) => v ?? null),
  [LEAD_HONEYPOT_FIELD]: z.string().max(2000).nullish(),
});
export type LeadSubmit = z.infer<typeof LeadSubmitSchema>;
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
  [LEAD_FORM_HIDDEN.consentText]: formText,
  [LEAD_FORM_HIDDEN.styleVariant]: formText,
  [LEAD_FORM_HIDDEN.landingUrl]: formText,
  [LEAD_FORM_HIDDEN.referrer]: formText,
  [LEAD_HONEYPOT_FIELD]: formText,
});
export type LeadFormPost = z.infer<typeof LeadFormPostSchema>;

/** The answer to an accepted submission: a reference the thank-you page may carry, never a row number. */
export const LeadReceiptSchema = z.object({
  reference: z.uuid(),
});
export type LeadReceipt = z.infer<typeof LeadReceiptSchema>;

export const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'The idempotency key must be 8 to 100 characters')
  .max(100, 'The idempotency key must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'The idempotency key may hold letters, digits, - and _ only');
