import { createHash } from 'node:crypto';
import { LEAD_HONEYPOT_FIELD, touchOf, type Attribution, type LeadFormPost, type LeadSubmit, type LeadSubmitInput } from '@hap/contracts';
import { requestHash } from './lead.rules';

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
 * attribution comes from the landing URL the page's loader added (the
 * campaign parameters of the page the visitor landed on), with no time:
 * the same form posted again is the same submission.
 */
export function submissionOf(post: LeadFormPost, pageOrigin: string | null): LeadSubmitInput {
  const landing = ownPagePath(post.landingUrl);
  let attribution: Attribution | null = null;
  if (landing || post.styleVariant) {
    const touch = landing ? touchOfLanding(landing, post.referrer ?? '', pageOrigin) : null;
    attribution = { first: touch, last: touch, styleVariant: post.styleVariant?.trim().slice(0, 20) || null };
  }
  return {
    name: post.name ?? '',
    email: post.email ?? '',
    phone: post.phone ?? '',
    message: post.message,
    clientId: idOf(post.clientId) as number,
    serviceId: idOf(post.serviceId) as number,
    consentText: post.consentText ?? '',
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

/**
 * The idempotency key of a posted form: its content and the ten-minute window
 * it falls in. A post has no key of its own (the page is the same HTML for
 * every visitor), so a second identical post in the window answers the
 * first lead instead of storing another.
 */
export function formIdempotencyKey(submission: LeadSubmit, now: Date): string {
  const window = Math.floor(now.getTime() / FORM_REPEAT_WINDOW_MS);
  return `form-${createHash('sha256').update(`${requestHash(submission)}:${window}`).digest('hex').slice(0, 40)}`;
}

/** The thank-you page of a taken lead: the clinic named by id, so it shows on any host. */
export const thanksPath = (clientId: number, reference: string): string => `/thanks?client=${clientId}&ref=${encodeURIComponent(reference)}`;

/** Where "Go back to the form" leads: the page the form was on, else the clinic's home. */
export function formPagePath(post: LeadFormPost): string {
  const landing = ownPagePath(post.landingUrl);
  if (landing) return `${landing}#contact`;
  const client = idOf(post.clientId);
  return typeof client === 'number' ? `/?client=${client}` : '/';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page a refused post answers: what to fix, in the form's own words, and the way back. */
export function formProblemPage({ title, lead, problems, back }: { title: string; lead: string; problems: string[]; back: string }): string {
  const items = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#101828;background:#f6f7f9}main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e4e7ec;border-radius:.75rem}h1{margin:0 0 .5rem;font-size:1.5rem}li{margin:.25rem 0;color:#b42318}a{display:inline-block;margin-top:1rem;padding:.625rem 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #101828;outline-offset:2px}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(lead)}</p>${items ? `<ul>${items}</ul>` : ''}<a href="${escapeHtml(back)}">Go back to the form</a></main></body></html>`;
}
