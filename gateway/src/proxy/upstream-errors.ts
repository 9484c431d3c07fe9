import type { FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';
import { ErrorCode, errorEnvelope, Messages } from '@hap/contracts';
import { isBrowserFormPost, RETRY_AFTER_SECONDS, sendFormProblem } from '@hap/service-kit';

/** reply-from's per-request hooks see a reply typed for any raw server. */
type AnyReply = FastifyReply<RouteGenericInterface, RawServerBase>;

/** The caller hung up before the upstream answered (or the gateway is closing): nobody to tell. */
function callerGone(reply: AnyReply, service: string, error: Error): boolean {
  if (!reply.raw.destroyed) return false;
  reply.request.log.debug({ err: error, service }, 'upstream call abandoned: the caller disconnected');
  return true;
}

/** An API call whose service did not answer (refused, reset, timed out): 503 JSON. */
export function replyServiceUnavailable(reply: AnyReply, service: string, error: Error): void {
  if (callerGone(reply, service, error)) return;
  // reply-from has already logged the error with its stack.
  reply.request.log.warn({ service, reason: error.message }, 'upstream unavailable');
  // A browser posting a form by itself shows what comes back: the same words as a page (service-kit form-page.ts).
  if (isBrowserFormPost(reply.request)) {
    sendFormProblem(reply.header('retry-after', RETRY_AFTER_SECONDS) as unknown as FastifyReply, 503, {
      title: 'Your request was not sent',
      lead: Messages.serviceUnavailable(service),
    });
    return;
  }
  const body = errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable(service));
  reply
    .code(503)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', RETRY_AFTER_SECONDS)
    .send(body);
}

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.25rem;color:#1f2937;line-height:1.5}h1{font-size:1.5rem}</style>
</head>
<body>
<h1>We'll be right back</h1>
<p>This page is temporarily unavailable. Please try again in a moment.</p>
</body>
</html>
`;

/** A page request whose renderer did not answer: a small plain HTML 503. */
export function replyPageUnavailable(reply: AnyReply, error: Error): void {
  if (callerGone(reply, 'public-shell', error)) return;
  reply.request.log.warn({ service: 'public-shell', reason: error.message }, 'upstream unavailable');
  reply
    .code(503)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', '30')
    .send(UNAVAILABLE_PAGE);
}
