import { DEFAULT_PORTS } from '@hap/contracts';
import { baseConfigShape, loadConfig, port } from '@hap/service-kit/process';
import { z } from 'zod';

/** An absolute http(s) URL, kept without its trailing slash. */
const httpUrl = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an absolute http(s) URL` })
    .transform((value) => new URL(value).toString().replace(/\/$/, ''));

/** The public-shell server's variables; every one has a default that works on one machine. */
export const configShape = {
  /** development | test | production; production refuses the development INTERNAL_SECRET. */
  NODE_ENV: baseConfigShape.NODE_ENV,
  /** Interface to listen on; loopback unless told otherwise (the gateway is the public entry). */
  HOST: baseConfigShape.HOST,
  /** Port to listen on. */
  PORT: port(DEFAULT_PORTS.publicShell),
  /** The tenant service: a page's clinic, its branding and team (`GET /api/page-context`), called directly as services call each other. */
  TENANT_URL: httpUrl('TENANT_URL').default(`http://127.0.0.1:${DEFAULT_PORTS.tenant}`),
  /** The templates service: a page's catalogue data (`GET /api/page-content/{clientId}`), called directly. */
  TEMPLATES_URL: httpUrl('TEMPLATES_URL').default(`http://127.0.0.1:${DEFAULT_PORTS.templates}`),
  /**
   * The leads service: the booking pages' free times (`GET /api/booking/slots`) and a patient's
   * appointment by its link (`GET /api/bookings/manage`), called directly as tenant and templates are.
   */
  LEADS_URL: httpUrl('LEADS_URL').default(`http://127.0.0.1:${DEFAULT_PORTS.leads}`),
  /**
   * The ads service: the keywords a service page may echo in its headline (`GET /internal/google-ads/landing-keywords`,
   * docs/campaigns.md#message-match), asked only for a visit whose URL carries `kw`, called directly.
   */
  ADS_URL: httpUrl('ADS_URL').default(`http://127.0.0.1:${DEFAULT_PORTS.ads}`),
  /**
   * Time budget of a booking page's call to leads, in ms: short, since the thank-you page
   * without its picker (docs/booking.md#pages) is better than a slow one.
   */
  BOOKING_TIMEOUT_MS: z.coerce.number().int().min(50, 'BOOKING_TIMEOUT_MS must be at least 50').max(30_000, 'BOOKING_TIMEOUT_MS must be at most 30000').default(800),
  /**
   * The gateway, only for the admin remote's manifest when ADMIN_REMOTE_URL is a path on it
   * (admin-remote-assets.ts: the /admin preloads). Pages never call it.
   */
  GATEWAY_URL: httpUrl('GATEWAY_URL').default(`http://127.0.0.1:${DEFAULT_PORTS.gateway}`),
  /**
   * Where browsers load the admin remote from: its remoteEntry.js or mf-manifest.json.
   * Unset: the build's default, /remotes/admin/remoteEntry.js (the gateway serves the remote there).
   */
  ADMIN_REMOTE_URL: z.string().trim().min(1).optional(),
  /** Time budget of each of a page's data calls (tenant, then templates), in ms. */
  API_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50, 'API_TIMEOUT_MS must be at least 50')
    .max(30_000, 'API_TIMEOUT_MS must be at most 30000')
    .default(1500),
  /**
   * Signs this server's calls to tenant and templates, and verifies the admin identity the
   * gateway signs onto a preview's page request (shared with the gateway and services).
   */
  INTERNAL_SECRET: baseConfigShape.INTERNAL_SECRET,
  /** pino level; debug and trace also log each request. */
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  /** The Redis where tenant and templates publish that a page's data changed (the page cache's invalidations). */
  REDIS_URL: baseConfigShape.REDIS_URL,
  /** The deployment's key prefix there, the services' own (their channels are scoped by it). */
  REDIS_PREFIX: baseConfigShape.REDIS_PREFIX,
  /**
   * How long a rendered page is served without asking tenant and templates again when no
   * invalidation came (page-cache.ts): the safety net for a lost message. 0 turns the page cache off.
   */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** The memory all kept pages of one process may take (each plain, brotli and gzip), in bytes; the least recently used go first. */
  PAGE_CACHE_MAX_BYTES: z.coerce.number().int().min(1_048_576, 'PAGE_CACHE_MAX_BYTES must be at least 1048576 (1 MiB)').default(64 * 1_048_576),
  /** How old a page's last good copy may be and still be sent when tenant or templates cannot answer. */
  PAGE_CACHE_STALE_MS: z.coerce.number().int().min(0).default(86_400_000),
  /**
   * First-party page views (page-views.ts): `on` counts them into Redis for results, `off` counts
   * nothing (results then show no views; bench:results measures what counting costs with it).
   */
  PAGE_VIEWS: z.enum(['on', 'off'], { error: 'PAGE_VIEWS must be on or off' }).default('on'),
};

export type Config = ReturnType<typeof readConfig>;

/**
 * The settings, parsed once; a bad variable stops the start with one line per
 * problem. An empty variable counts as unset, as it did before this loader.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  return loadConfig(configShape, set);
}
