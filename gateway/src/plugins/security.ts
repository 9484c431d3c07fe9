import fastify, { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import {
  EMBED_HEIGHT_SCRIPT,
  ErrorCode,
  Messages,
  originOf,
  PAGE_BOOT_SCRIPT,
  PAGE_FRAMES_HEADER,
  PAGE_IMAGES_HEADER,
  PAGE_TAGS_HEADER,
  parseOriginList,
  parseTagList,
  routes,
  tagSourcesOf,
  type TrackingTag,
} from '@hap/contracts';
import { AppError } from '@hap/service-kit';

export interface SecurityOptions {
  production: boolean;
  /** Origins allowed to send state-changing requests besides the request's own. */
  allowedOrigins: readonly string[];
  /** Requests per IP per minute; 0 turns the general limit off. */
  ratePerMinute: number;
  /** Lead submissions per IP per minute, counted apart; 0 turns that limit off. */
  leadRatePerMinute: number;
  /** Where the form submission counts live in Redis (they are shared by every gateway replica). */
  redisPrefix: string;
  /** Where the admin remote is hosted when not by the gateway: allowed in script-src and connect-src. */
  adminRemoteOrigin?: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The form embed's height reporter, in the sandboxed srcdoc frame that
 * inherits this policy (docs/public-site.md#states-and-fallbacks).
 */
export const EMBED_HEIGHT_SCRIPT_HASH = scriptHash(EMBED_HEIGHT_SCRIPT);

/** The public pages' script loader (contracts page-boot.ts): a page that waits for the visitor loads its script with it. */
export const PAGE_BOOT_SCRIPT_HASH = scriptHash(PAGE_BOOT_SCRIPT);

/**
 * The public shell keeps SSR state in `<script type="application/json">`, so no
 * inline scripts are allowed but the embed's height reporter and the pages'
 * script loader, by their hashes. This is the policy of every answer that is
 * not a public page (the API, /admin, the docs, assets): no outside host but
 * images (an admin sees logos given as URLs) and the admin remote's origin.
 */
const CSP_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", EMBED_HEIGHT_SCRIPT_HASH, PAGE_BOOT_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
};

/**
 * The CSP directives, with the admin remote's origin (when it is hosted
 * elsewhere) allowed to serve scripts (its remoteEntry.js and chunks) and to be fetched
 * (mf-manifest.json, lazy chunks).
 */
export function cspDirectives(adminRemoteOrigin?: string): Record<string, string[]> {
  if (!adminRemoteOrigin) return CSP_DIRECTIVES;
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, adminRemoteOrigin],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, adminRemoteOrigin],
  };
}

/** What a public page's answer says it loads from outside (contracts tracking.ts, the shell's page headers). */
export interface PageSources {
  tags: readonly TrackingTag[];
  /** https origins the page frames (a form embed's form). */
  frames: readonly string[];
  /** https origins the page shows images from. */
  images: readonly string[];
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A public page's policy (docs/tracking-privacy.md): the site's, with no https wildcard, plus
 * exactly the hosts of the tracking tags this page loads (none when its clinic's
 * tracking is off) and the outside frames and images it shows. No admin remote:
 * a public page never loads it.
 */
export function pageCsp({ tags, frames, images }: PageSources): string {
  const hosts = tagSourcesOf(tags);
  const directives: Record<string, string[]> = {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...hosts.script],
    imgSrc: ["'self'", 'data:', ...new Set([...hosts.img, ...images])],
    connectSrc: ["'self'", ...hosts.connect],
    frameSrc: ["'self'", ...new Set([...hosts.frame, ...frames])],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join(';');
}

/** pageCsp memoised: few combinations occur (tags × a clinic's embed and image hosts); at most 256 are kept. */
function pageCspCache(): (sources: PageSources) => string {
  const cache = new Map<string, string>();
  return (sources) => {
    const key = `${sources.tags.join(' ')}|${sources.frames.join(' ')}|${sources.images.join(' ')}`;
    let csp = cache.get(key);
    if (csp === undefined) {
      csp = pageCsp(sources);
      if (cache.size >= 256) cache.clear();
      cache.set(key, csp);
    }
    return csp;
  };
}

const headerText = (value: unknown) => (Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '');

/** The origin the browser used to reach us: scheme and host (X-Forwarded-* when TRUST_PROXY). */
const ownOrigin = (request: FastifyRequest) => originOf(`${request.protocol}://${request.host}`);

/** Static files are cheap and numerous per page view; the general limit is for everything else. */
const isStaticAsset = (url: string) => url.startsWith('/assets/') || url.startsWith('/remotes/');

/**
 * The public forms' submissions: a lead (POST /api/leads, or the form posted
 * without script to /api/leads/form: one count) and a sign-up (POST
 * /api/onboarding). Each has its own low count per address and its own words.
 */
const FORM_SUBMISSIONS = [
  { route: routes.submitLead, count: 'lead', message: Messages.leadsRateLimited },
  { route: routes.submitLeadForm, count: 'lead', message: Messages.leadsRateLimited },
  { route: routes.submitOnboarding, count: 'sign-up', message: Messages.onboardingRateLimited },
] as const;

/** KEYS[1]: the counter; ARGV[1]: the window (ms). Counts one and answers the count and the window's time left. */
const COUNT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return { count, redis.call('PTTL', KEYS[1]) }
`;

const formSubmission = (request: FastifyRequest) => {
  const path = request.url.split('?', 1)[0];
  return FORM_SUBMISSIONS.find(({ route }) => request.method === route.method && path === route.path) ?? null;
};

/** Headers of the probe reply that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets for `options`. Registered as is, it rebuilds
 * helmet's middleware on every request, which cost about a sixth of the
 * gateway's throughput in infra/bench; the headers depend on the options only
 * (no nonces), so @fastify/helmet computes them once here, on a probe instance.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMET.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Security headers, a general per-IP rate limit, and the Origin check that
 * refuses cookie-authenticated state changes from foreign sites (ARCHITECTURE.md#auth-and-sessions):
 * a foreign `Origin`, or none with `Sec-Fetch-Site: cross-site`.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    const securityHeaders = await helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options.adminRemoteOrigin) },
      hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });

    // A public page (its answer carries the shell's PAGE_TAGS_HEADER) gets its own policy, naming
    // only what that page loads; the shell's headers are between it and the gateway and go no further.
    // Referrer: a page sends only its origin, even to our own next page, so the thank-you page (or
    // any page) never reads the service page the visitor came from in document.referrer, which tags
    // report.
    const csp = pageCspCache();
    app.addHook('onSend', (_request, reply, payload, done) => {
      const tags = reply.getHeader(PAGE_TAGS_HEADER);
      const frames = reply.getHeader(PAGE_FRAMES_HEADER);
      const images = reply.getHeader(PAGE_IMAGES_HEADER);
      // Removed from every answer, whichever of them it carries: none reaches the browser.
      reply.removeHeader(PAGE_TAGS_HEADER).removeHeader(PAGE_FRAMES_HEADER).removeHeader(PAGE_IMAGES_HEADER);
      if (tags === undefined) return done(null, payload);
      reply.header(
        'content-security-policy',
        csp({ tags: parseTagList(headerText(tags)), frames: parseOriginList(headerText(frames)), images: parseOriginList(headerText(images)) }),
      );
      reply.header('referrer-policy', 'strict-origin');
      done(null, payload);
    });

    const general = options.ratePerMinute;
    const leads = options.leadRatePerMinute;
    if (general > 0) {
      await app.register(rateLimit, {
        global: true,
        timeWindow: 60_000,
        max: general,
        // Counted in memory, per gateway process: a coarse flood guard that costs no Redis
        // round trip per request (that cost ~15% of throughput in infra/bench). With N replicas
        // an address gets up to N times the limit; the form and login limits, which protect data, are in Redis.
        cache: 10_000,
        // Every request counts alike: the public shell reads tenant and templates directly, so
        // no call of its own passes here. Form submissions count here too: their own, lower count
        // is in Redis, and with Redis down this coarse guard is the one left.
        allowList: (request) => isStaticAsset(request.url),
        errorResponseBuilder: () => new AppError(429, ErrorCode.RATE_LIMITED, Messages.rateLimited),
      });
    }
    if (leads > 0) {
      // Form submissions (a lead, a sign-up): a much lower count per address, each form its own,
      // in Redis so that every gateway replica counts the same submissions.
      app.addHook('onRequest', async (request, reply) => {
        const form = formSubmission(request);
        if (!form) return;
        const key = `${options.redisPrefix}:form-limit:${form.count}:${request.ip}`;
        let counted: [number, number];
        try {
          counted = (await app.redis.eval(COUNT_IN_WINDOW, 1, key, 60_000)) as [number, number];
        } catch (err) {
          // Redis down: the submission goes on (a patient's form is never lost to the limiter).
          request.log.warn({ err }, 'form submission limit unavailable; not counted');
          return;
        }
        const [count, ttlMs] = counted;
        if (count > leads) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
          throw new AppError(429, ErrorCode.RATE_LIMITED, form.message);
        }
      });
    }

    const allowed = new Set(options.allowedOrigins);
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const header = request.headers.origin;
      if (header === undefined) {
        // No Origin, but the browser says another site sent it (Fetch Metadata):
        // refused like a foreign Origin. Non-browser callers send neither header.
        if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError(403, ErrorCode.ORIGIN_FORBIDDEN, Messages.originForbidden);
        return;
      }
      const origin = originOf(header);
      if (origin && (origin === ownOrigin(request) || allowed.has(origin))) return;
      throw new AppError(403, ErrorCode.ORIGIN_FORBIDDEN, Messages.originForbidden);
    });
  },
  { name: 'security' },
);
