import { experimentArmOfText, LEAD_HONEYPOT_FIELD, stripNul, THANKS_PATH, touchOf, type Attribution, type LeadFormPost, type LeadSubmit, type LeadSubmitInput } from '@hap/contracts';
import { requestHash, sha256 } from './lead.rules';

/**
 * The lead form posted by the browser itself (POST /api/leads/form, contracts
 * `submitLeadForm`): what a page sends when its script is not running. Pure
 * rules, unit-tested (test/unit/lead-form-post.test.ts); the route answers
 * a person, so its answers are a redirect or a small page, never JSON.
 */

/** A page address of our own: a path (with its query), never another site (`//host`, `http:`). */
export function ownPagePath(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text.startsWith('/') || text.startsWith('//') || text.includes('\\') || text.length > 2000) return null;
  try {
    const url = new URL(text, 'http://page.invalid');
    return url.origin === 'http://page.invalid' ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** An id field as the JSON form sends it: digits become a number; anything else stays text for the schema to refuse in its words. */
const idOf = (value: string | undefined): number | string | undefined => (value !== undefined && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value);

/**
 * The JSON submission the post stands for (LeadSubmitSchema's input). Its
 * attribution comes from the landing URL the page wrote into the form (the
 * campaign parameters of the address the visitor reached), with no time:
 * the same form posted again is the same submission.
 */
export function submissionOf(post: LeadFormPost, pageOrigin: string | null): LeadSubmitInput {
  // What the address bar held is never a reason to refuse a lead: a NUL in it is dropped.
  const landing = ownPagePath(stripNul(post.landingUrl ?? ''));
  let attribution: Attribution | null = null;
  // The experiment arm the page showed, as its signed token (lead.service.ts verifies it); anything else is no experiment, never a reason to refuse.
  const arm = experimentArmOfText(post.experiment);
  const experiment = arm ? { id: arm.id, variant: arm.variant, token: arm.token ?? null } : null;
  if (landing || post.styleVariant || experiment) {
    const touch = landing ? touchOfLanding(landing, stripNul(post.referrer ?? ''), pageOrigin) : null;
    attribution = { first: touch, last: touch, styleVariant: stripNul(post.styleVariant ?? '').trim().slice(0, 20) || null, experiment };
  }
  return {
    name: post.name ?? '',
    email: post.email ?? '',
    phone: post.phone ?? '',
    message: post.message,
    clientId: idOf(post.clientId) as number,
    serviceId: idOf(post.serviceId) as number,
    consentVersion: post.consentVersion,
    // A page rendered before consent versions still posts its sentence.
    consentText: post.consentText,
    attribution,
    [LEAD_HONEYPOT_FIELD]: post[LEAD_HONEYPOT_FIELD] ?? null,
  };
}

function touchOfLanding(landing: string, referrer: string, pageOrigin: string | null) {
  const url = new URL(landing, 'http://page.invalid');
  // Without the page's origin a referrer cannot be told apart from our own pages: left out.
  const touch = touchOf({ search: url.search, pathname: url.pathname, referrer: pageOrigin ? referrer : '', origin: pageOrigin ?? '', now: new Date(0) });
  return { ...touch, at: null };
}

/** How long the same form posted again counts as the first submission (a double press, a reload of the post). */
export const FORM_REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** The prefix of a posted form's idempotency keys: a JSON submission may not use it. */
export const FORM_KEY_PREFIX = 'form-';

/**
 * The idempotency keys of a posted form: its content with the ten-minute
 * window it falls in, and with the window before (a repeat just across the
 * boundary). A post has no key of its own (the page is the same HTML for
 * every visitor), so a second identical post answers the first lead instead
 * of storing another. The first key is the one a new lead is stored with.
 */
export function formIdempotencyKeys(submission: LeadSubmit, now: Date): [current: string, previous: string] {
  const window = Math.floor(now.getTime() / FORM_REPEAT_WINDOW_MS);
  const key = (w: number) => `${FORM_KEY_PREFIX}${sha256(`${requestHash(submission)}:${w}`).slice(0, 40)}`;
  return [key(window), key(window - 1)];
}

/** The form's field names as its labels show them, to say which field a message is about. */
const FIELD_LABELS: Record<string, string> = { name: 'Full Name', email: 'Email Address', phone: 'Phone Number', message: 'Message' };

/**
 * A refused field's message as the problem page lists it: the spec's own
 * sentences name their field already; a generic one ('Must be at most 40
 * characters') gets its field's label in front.
 */
export function problemLine(path: readonly PropertyKey[], message: string): string {
  const label = FIELD_LABELS[String(path[0])];
  return label && /^(Must|Text must)/.test(message) ? `${label}: ${message}` : message;
}

/** The thank-you page of a taken lead: the clinic named by id, so it shows on any host. */
export const thanksPath = (clientId: number, reference: string): string => `${THANKS_PATH}?client=${clientId}&ref=${encodeURIComponent(reference)}`;

/** Where "Go back to the form" leads: the page the form was on (the page writes its address into the form); null when unknown. */
export function formPagePath(post: LeadFormPost): string | null {
  const landing = ownPagePath(post.landingUrl);
  return landing ? `${landing}#contact` : null;
}
