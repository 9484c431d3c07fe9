import type { FastifyRequest } from 'fastify';
import { CAMPAIGN_PARAMS, routeTable } from '@hap/contracts';

/**
 * What request logs must not keep (docs/platform.md: patients' e-mails appeared in
 * logs): the values of query parameters that carry credentials or what an
 * admin searched for, and the headers that carry sessions and signatures.
 * Every Fastify app of the platform logs through these (service apps, the
 * gateway, the public shell).
 */

export const REDACTED = '[redacted]';

/**
 * Query parameters whose values never reach a log, compared in lower case:
 * OAuth answers (`code`, `state`), tokens, passwords, and the admin Leads
 * inbox's search text (`q` of `LeadListQuerySchema`: names, e-mails, phones;
 * `search` for any other screen's).
 */
export const REDACTED_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'password',
  'q',
  'search',
]);

/**
 * Parameters of the platform's own page addresses, besides the API's: the
 * public site's (`client`, `style`, home `variant`, `preview`, the thank-you
 * page's `ref`, the lead form's `experiment`; docs/public-site.md#pages-and-routes, docs/public-site.md#decisions), the
 * ad click's campaign parameters and click ids (contracts `CAMPAIGN_PARAMS`:
 * utm_*, gclid, gbraid, wbraid, fbclid, hap_cid), and the admin screens' own
 * (`lead`, `page`, the Google Ads connection's `connected` / `error`).
 */
const PAGE_QUERY_PARAMS = ['client', 'style', 'variant', 'preview', 'ref', 'experiment', 'lead', 'page', 'connected', 'error', ...Object.keys(CAMPAIGN_PARAMS)];

/**
 * The only parameters whose values a log keeps, compared in lower case: the
 * pages' above and every query parameter a route of the contracts declares,
 * minus `REDACTED_QUERY_PARAMS`. Anything else in an address (a patient's
 * e-mail or phone typed into a page's URL) is logged as its name with
 * `[redacted]` for a value, or `[redacted]` alone when the name itself is not
 * a plain word.
 */
export const LOGGED_QUERY_PARAMS: ReadonlySet<string> = new Set(
  [...PAGE_QUERY_PARAMS, ...routeTable.flatMap((route) => Object.keys(route.query?.shape ?? {}))]
    .map((name) => name.toLowerCase())
    .filter((name) => !REDACTED_QUERY_PARAMS.has(name)),
);

/** A name a log may show for a parameter it does not know: a plain word, not data put where a name goes. */
const PLAIN_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

/** A parameter's name as a query parser would read it: decoded, `+` as space, without `[]` or `[key]`. */
function parameterName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // An undecodable name is compared as it came.
  }
  return name.replace(/\[[^\]]*\]$/, '').trim().toLowerCase();
}

/**
 * The URL with the value of every parameter not in `LOGGED_QUERY_PARAMS`
 * replaced by `[redacted]` (and its name too when it is not a plain word); the
 * path, the known parameters and their order are left as they came.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const hash = url.indexOf('#', mark);
  const query = url.slice(mark + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const raw = eq < 0 ? part : part.slice(0, eq);
    const name = parameterName(raw);
    if (LOGGED_QUERY_PARAMS.has(name)) return part;
    if (raw === '') return part;
    return PLAIN_NAME.test(name) ? `${raw}=${REDACTED}` : REDACTED;
  });
  return `${url.slice(0, mark)}?${parts.join('&')}`;
}

/**
 * Headers whose values never reach a log, under whichever object a line
 * carries them (pino `redact` paths): sessions, credentials, our signature
 * and identity.
 */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-hap-signature', 'x-hap-identity'];
export const REDACTED_LOG_PATHS: readonly string[] = ['headers', 'req.headers', 'res.headers', 'request.headers', 'response.headers'].flatMap((at) =>
  SECRET_HEADERS.map((header) => `${at}["${header}"]`),
);

/**
 * Fastify's own request serializer (method, url, version, host, address,
 * port) with the URL redacted; the `res` and `err` serializers stay Fastify's.
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    const version = request.headers?.['accept-version'];
    return {
      method: request.method,
      url: redactUrl(request.url),
      version: Array.isArray(version) ? version[0] : version,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/**
 * Fastify `logger` options: the level and base bindings a process gives, the
 * redacting serializer and header paths, and a destination (tests pass a
 * buffer; otherwise stdout).
 */
export function requestLoggerOptions(options: { level: string; base: Record<string, unknown>; stream?: { write(line: string): void } }) {
  return {
    level: options.level,
    base: options.base,
    serializers: requestLogSerializers,
    redact: { paths: [...REDACTED_LOG_PATHS], censor: REDACTED },
    ...(options.stream ? { stream: options.stream } : {}),
  };
}
