import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import { REQUEST_ID_HEADER } from '@hap/service-kit';
import { SESSION_COOKIE } from '../plugins/session';

type Headers = IncomingHttpHeaders | Http2IncomingHttpHeaders;
/** Requests as reply-from's hooks see them (typed for any raw server). */
export type ProxiedRequest = FastifyRequest<RouteGenericInterface, RawServerBase>;

/**
 * The caller's cookies minus the session id (upstreams never see a session
 * token), as @fastify/cookie parsed them and written back by it: a name that
 * comes twice goes once, with the first value, which is the one an upstream
 * parsing with the same library would read anyway.
 */
function withoutSessionCookie(request: ProxiedRequest): string | undefined {
  const kept: string[] = [];
  for (const [name, value] of Object.entries(request.cookies)) {
    if (name === SESSION_COOKIE || value === undefined) continue;
    try {
      kept.push(request.server.serializeCookie(name, value));
    } catch {
      // A name no server could have set (a space, a byte past ASCII) is refused by the writer; no upstream reads one.
    }
  }
  return kept.length ? kept.join('; ') : undefined;
}

/**
 * Headers for an upstream: the caller's `x-hap-*` and `x-forwarded-*` are
 * dropped (only the gateway speaks them), then the gateway's request id and
 * what it knows of the caller (IP, host, scheme) are set. The body's framing
 * is the gateway's: a body read whole goes with its length (reply-from sets
 * `content-length`), never the caller's `transfer-encoding`; a request
 * forwarded without a body carries neither.
 */
export function forwardHeaders(
  request: ProxiedRequest,
  headers: Headers,
  { hasBody = false }: { hasBody?: boolean } = {},
): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-hap-') || name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip') continue;
    // `Expect: 100-continue` is between the caller and the gateway (Node answers it);
    // undici refuses to send it upstream.
    if (name === 'expect' || name === 'transfer-encoding') continue;
    if (name === 'content-length' && !hasBody) continue;
    out[name] = value;
  }
  const cookie = withoutSessionCookie(request);
  if (cookie) out.cookie = cookie;
  else delete out.cookie;
  out[REQUEST_ID_HEADER] = request.id;
  out['x-forwarded-for'] = request.ip;
  out['x-forwarded-host'] = request.host;
  out['x-forwarded-proto'] = request.protocol;
  return out;
}

/**
 * The path and query an upstream receives for `rawUrl`, as @fastify/reply-from
 * builds it (the path through WHATWG URL parsing, the query untouched). Services
 * verify the identity signature over exactly this.
 */
export function forwardedUrl(rawUrl: string): string {
  const q = rawUrl.indexOf('?');
  const path = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
  const query = q > 0 ? rawUrl.slice(q) : '';
  const relative = path.startsWith('//') ? `.${path}` : path;
  return new URL(relative, 'http://upstream.invalid').pathname + query;
}

/** Headers about one connection, not the message (RFC 9110 §7.6.1): never passed from one hop to the next. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/**
 * An upstream's answer headers minus its hop-by-hop ones: the gateway's
 * connection to the caller keeps its own keep-alive and framing (a service's
 * `Connection: keep-alive` must not override a caller's `Connection: close`,
 * nor its `Keep-Alive: timeout` the gateway's).
 */
export function answerHeaders<H extends Record<string, unknown>>(headers: H): H {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  return out as H;
}
