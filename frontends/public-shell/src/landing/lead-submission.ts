/**
 * Sending a lead (docs/public-site.md#states-and-fallbacks, docs/public-site.md#calls; contracts `submitLead`, leads/lead.ts):
 * the request body, the idempotency key, the answer and the thank-you
 * address, as plain functions. No schema library: the landing route ships
 * none (docs/public-site.md#page-speed), the leads service checks the body with LeadSubmitSchema.
 */
import {
  CURRENT_LEAD_CONSENT_VERSION,
  IDEMPOTENCY_HEADER,
  LEAD_HONEYPOT_FIELD,
  LEAD_SUBMIT_PATH,
  leadConsentSentence,
  THANKS_PATH,
  type Attribution,
  type LeadConsentVersion,
  type LeadSubmitInput,
} from '@hap/contracts';
import { leadPayload, type LeadErrors, type LeadField, type LeadValues } from './lead-form-rules';

/** The wire names come from the contracts' zod-free leads/lead-wire.ts. */
export const HONEYPOT_FIELD = LEAD_HONEYPOT_FIELD;
export const LEAD_ENDPOINT = LEAD_SUBMIT_PATH;

/** docs/public-site.md#messages, word for word (contracts: the leads service's answer page says the same). */
export { LEAD_TOASTS } from '@hap/contracts';

/** The button's text while a lead is on its way (docs/public-site.md#states-and-fallbacks). */
export const SUBMITTING_LABEL = 'Submitting...';

/** How long the success toast is seen before the thank-you page replaces the landing page. */
export const THANKS_REDIRECT_DELAY_MS = 1200;

/** The consent version today's forms show (contracts leads/consent.ts); the lead carries it, not the sentence. */
export const CONSENT_VERSION: LeadConsentVersion = CURRENT_LEAD_CONSENT_VERSION;

/**
 * The consent sentence shown under the form: the sentence of the version the
 * lead carries, so the server records exactly what the visitor read.
 */
export function consentSentence(clinicName: string): string {
  return leadConsentSentence(CONSENT_VERSION, clinicName);
}

export interface LeadContext {
  clientId: number;
  serviceId: number;
  /** The version of the consent sentence the form showed. */
  consentVersion: LeadConsentVersion;
  attribution: Attribution | null;
  /** What the hidden honeypot input holds: empty for people. */
  honeypot: string;
}

/** The body of `POST /api/leads` (LeadSubmitSchema's input). */
export function leadRequestBody(values: LeadValues, context: LeadContext): LeadSubmitInput {
  return {
    ...leadPayload(values),
    clientId: context.clientId,
    serviceId: context.serviceId,
    consentVersion: context.consentVersion,
    attribution: context.attribution,
    [HONEYPOT_FIELD]: context.honeypot,
  };
}

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * A fresh idempotency key. `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); a development host over plain http gets 32 random hex
 * digits from getRandomValues, which every context has.
 */
export function newIdempotencyKey(source: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const isIdempotencyKey = (key: string): boolean => KEY.test(key);

/** A submission attempt: the key and what it was sent with. */
export interface Attempt {
  key: string;
  /** The body as sent (JSON): a retry with the same body reuses the key. */
  fingerprint: string;
}

/**
 * The key for sending `body` (a lead, an onboarding): the previous attempt's when the visitor retries
 * the same values after a failure (the server then answers the first lead's
 * receipt instead of storing a second lead), a new one when anything changed
 * (the server refuses a key reused with different details).
 */
export function attemptFor(previous: Attempt | null, body: object, makeKey: () => string = newIdempotencyKey): Attempt {
  const fingerprint = JSON.stringify(body);
  return previous && previous.fingerprint === fingerprint ? previous : { key: makeKey(), fingerprint };
}

export type LeadOutcome =
  | {
      ok: true;
      reference: string | null;
      /** The lead's booking token for the thank-you page's picker (kept in sessionStorage, never in an address). */
      bookingToken: string | null;
    }
  | {
      ok: false;
      /** HTTP status; 0 when the request never got an answer. */
      status: number;
      /** Messages for the form's own fields, when the server named them. */
      fieldErrors: LeadErrors;
    };

const FORM_FIELDS: readonly LeadField[] = ['name', 'email', 'phone', 'message'];
const isFormField = (value: unknown): value is LeadField => typeof value === 'string' && (FORM_FIELDS as readonly string[]).includes(value);

/**
 * Field messages of an error answer: the product's envelope names them as
 * `issues: [{ path, message }]` (contracts envelope.ts). Only the form's own
 * fields count: the rest concerns the page, not the visitor.
 */
export function fieldErrorsOf(answer: unknown): LeadErrors {
  const errors: LeadErrors = {};
  if (!answer || typeof answer !== 'object') return errors;
  const issues = (answer as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return errors;
  for (const item of issues) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    const name = typeof path === 'string' ? path.split('.')[0] : null;
    if (isFormField(name) && typeof message === 'string' && message && !errors[name]) errors[name] = message;
  }
  return errors;
}

/** The receipt's reference from a success answer (`{ success: true, data: { reference } }`), if it has one. */
export function referenceOf(answer: unknown): string | null {
  const reference = (answer as { data?: { reference?: unknown } } | null)?.data?.reference;
  return typeof reference === 'string' && /^[0-9a-f-]{36}$/i.test(reference) ? reference : null;
}

/** The lead's booking token from a success answer (`data.bookingToken`), if it has one. */
export function bookingTokenOf(answer: unknown): string | null {
  const token = (answer as { data?: { bookingToken?: unknown } } | null)?.data?.bookingToken;
  return typeof token === 'string' && /^[\w.-]{1,200}$/.test(token) ? token : null;
}

/** A response's JSON, or null when it has none (an empty body, a proxy's HTML page). */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * Sends one attempt. Any 2xx is a lead taken (docs/public-site.md#calls: non-OK means
 * failure); a network error or any other status is a failure, with the
 * server's field messages when it gave some. Never throws.
 */
export async function sendLead(body: LeadSubmitInput, key: string, fetchImpl: typeof fetch = fetch): Promise<LeadOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(LEAD_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [IDEMPOTENCY_HEADER]: key },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, fieldErrors: {} };
  }
  const answer = await jsonOf(response);
  if (response.ok) return { ok: true, reference: referenceOf(answer), bookingToken: bookingTokenOf(answer) };
  return { ok: false, status: response.status, fieldErrors: fieldErrorsOf(answer) };
}

/**
 * Where a taken lead goes: `/thanks`, keeping the page's `?client=` (a
 * development or preview host names the clinic that way), the receipt's
 * reference as `?ref=` and the lead's service as `?service=` (the page offers
 * that service's free times, docs/booking.md#pages). The lead's booking token
 * never goes into the address (src/booking/lead-booking-token.ts).
 */
export function thanksHref(pageSearch: string, reference: string | null, serviceId?: number): string {
  const page = new URLSearchParams(pageSearch);
  const query = new URLSearchParams();
  const client = page.get('client');
  if (client && /^\d{1,9}$/.test(client.trim())) query.set('client', client.trim());
  if (reference) query.set('ref', reference);
  if (serviceId !== undefined && Number.isInteger(serviceId) && serviceId > 0) query.set('service', String(serviceId));
  const search = query.toString();
  return search ? `${THANKS_PATH}?${search}` : THANKS_PATH;
}
