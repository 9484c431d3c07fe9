import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '@hap/contracts';

/**
 * Answers for a person whose browser posted a form by itself (no script ran:
 * the lead form's `POST /api/leads/form`). The browser shows whatever comes
 * back, so a refusal is a small page saying what to fix and how to get back,
 * never the JSON error envelope. Used by a form route's own handler and by
 * the error handler of every service and the gateway (413, 429, a foreign
 * origin, a body that is no form), and by a route a browser navigates to
 * that refuses (the Google Ads OAuth callback).
 */

/** A browser's own form post: urlencoded and asking for a page. */
export function isBrowserFormPost(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  const type = request.headers['content-type'] ?? '';
  const accept = request.headers.accept ?? '';
  return request.method === 'POST' && type.toLowerCase().startsWith('application/x-www-form-urlencoded') && accept.includes('text/html');
}

export interface FormProblem {
  title: string;
  /** The sentence under the title. */
  lead: string;
  /** What to fix, one line each. */
  problems?: readonly string[];
  /** The page the form was on (a path of ours); without it the page says to use the browser's Back button. */
  back?: string | null;
  /** The words of the `back` link (default: 'Go back to the form'). */
  backLabel?: string;
  /**
   * A path of ours the browser goes on to at once (a refresh, since a 4xx
   * cannot redirect): a navigation refused here still lands on the screen
   * that explains it, and the status still says it was refused.
   */
  forward?: string;
}

/** The page itself: readable on a phone, no script, everything escaped. */
export function formProblemPage({ title, lead, problems = [], back = null, backLabel = 'Go back to the form', forward }: FormProblem): string {
  const items = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  const way = back
    ? `<a href="${escapeHtml(back)}">${escapeHtml(backLabel)}</a>`
    : '<p>Use your browser’s Back button to return to the form: what you typed is kept.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${forward ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(forward)}">` : ''}
<title>${escapeHtml(title)}</title>
<style>body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#101828;background:#f6f7f9}main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e4e7ec;border-radius:.75rem}h1{margin:0 0 .5rem;font-size:1.5rem}li{margin:.25rem 0;color:#b42318}a{display:inline-block;margin-top:1rem;padding:.625rem 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #101828;outline-offset:2px}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(lead)}</p>${items ? `<ul>${items}</ul>` : ''}${way}</main></body></html>`;
}

/** Sends the page with its status; never stored by a cache. */
export function sendFormProblem(reply: FastifyReply, status: number, problem: FormProblem): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(formProblemPage(problem));
}
