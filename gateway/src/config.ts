import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigShape, loadConfig, port } from '@hap/service-kit';
import { DEFAULT_PORTS } from '@hap/contracts';
import { trustProxySchema } from './trust-proxy';

/** The repository root, from src/ (tests) and dist/ (built) alike. */
const REPO_ROOT = resolve(__dirname, '../..');

const local = (p: number) => `http://127.0.0.1:${p}`;
const httpUrl = (fallback: string) => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** "a, b" → normalised origins ("https://a.example"); a bad entry fails at boot. */
const originList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
      try {
        origins.push(new URL(part).origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not an origin like https://clinic.example` });
      }
    }
    return origins;
  });

/**
 * An optional origin ("https://cdn.example.com"): http(s), scheme + host +
 * port only. Unset or empty means none; anything with a path, query,
 * credentials or another scheme fails at boot.
 */
const optionalOrigin = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim();
    if (!text) return undefined;
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      // reported below
    }
    const bare = url && /^https?:$/.test(url.protocol) && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
    if (!url || !bare) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is not an origin like https://cdn.example.com (scheme, host and port only)` });
      return z.NEVER;
    }
    return url.origin;
  });

/** The gateway's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** Port of the gateway, the only public entry. */
  PORT: port(DEFAULT_PORTS.gateway),
  /** Where the tenant service listens (clients, staff, users, domains, uploads). */
  TENANT_URL: httpUrl(local(DEFAULT_PORTS.tenant)),
  /** Where the leads service listens. */
  LEADS_URL: httpUrl(local(DEFAULT_PORTS.leads)),
  /** Where the templates service listens. */
  TEMPLATES_URL: httpUrl(local(DEFAULT_PORTS.templates)),
  /** Where the ads service listens. */
  ADS_URL: httpUrl(local(DEFAULT_PORTS.ads)),
  /** Where the public-shell server renders the pages (and serves their /assets). */
  PUBLIC_SHELL_URL: httpUrl(local(DEFAULT_PORTS.publicShell)),
  /** The admin remote's build output, served under /remotes/admin/. */
  ADMIN_REMOTE_DIR: z
    .string()
    .min(1)
    .default(resolve(REPO_ROOT, 'frontends/admin-remote/dist'))
    .transform((dir) => resolve(dir)),
  /** Origin the admin remote is served from when not by this gateway (a CDN): added to the CSP's script-src and connect-src. */
  ADMIN_REMOTE_ORIGIN: optionalOrigin,
  /** An admin session ends after this many minutes without a request. */
  SESSION_IDLE_MINUTES: positiveInt(30),
  /** An admin session ends this many hours after login, active or not. */
  SESSION_ABSOLUTE_HOURS: positiveInt(12),
  /** Send the session cookie only over HTTPS; unset means "in production". */
  COOKIE_SECURE: z.stringbool().optional(),
  /** Extra origins (comma list) allowed to send state-changing requests, besides the request's own. */
  ALLOWED_ORIGINS: originList,
  /** How long an upstream may take to connect or answer before the caller gets a 503. */
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
  /**
   * The proxies in front of the gateway whose X-Forwarded-For/-Host/-Proto it
   * believes: a number of hops (1 behind one ingress), their addresses or CIDR
   * ranges, or false when clients reach it directly (src/trust-proxy.ts).
   */
  TRUST_PROXY: trustProxySchema,
  /**
   * A request's headers and body must have fully arrived within this many
   * milliseconds, or it gets 408 and its connection is closed: a client that
   * drips its body cannot hold the gateway for long (nor a service: bodies are
   * read whole before they are forwarded).
   */
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  /**
   * How long an idle kept-alive connection stays open between requests. Above
   * the usual 60 s idle timeout of load balancers, so the gateway never closes
   * a connection one is about to reuse.
   */
  KEEP_ALIVE_TIMEOUT_MS: positiveInt(65_000),
  /** Failed admin logins allowed per client IP in 15 minutes, whichever accounts they try. */
  LOGIN_MAX_PER_IP: positiveInt(20),
  /** Failed admin logins allowed per account from one client IP in 15 minutes. */
  LOGIN_MAX_PER_ACCOUNT_AND_IP: positiveInt(5),
  /** Failed admin logins allowed per account in an hour, from all addresses together (ASVS: at most 100). */
  LOGIN_MAX_PER_ACCOUNT_PER_HOUR: positiveInt(100),
  /**
   * Failed admin logins allowed per known device (a browser with the account's
   * device cookie) in 15 minutes, counted instead of the limits above; past
   * them the device logs in as an unknown one.
   */
  LOGIN_MAX_PER_DEVICE: positiveInt(5),
  /**
   * With NODE_ENV=production, an admin without two-factor sign-in gets a session that
   * only opens its set-up (every admin row answers 403) until it is on.
   * false turns the rule off; outside production it never applies.
   */
  REQUIRE_ADMIN_MFA: z.stringbool().default(true),
  /** Requests per client IP per minute across the gateway; 0 turns the limit off (benchmarks). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Public form submissions (POST /api/leads, POST /api/onboarding) per client IP per minute, each form counted apart from the general limit; 0 turns it off (benchmarks). */
  LEAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(5),
  /**
   * Gateway processes on this machine sharing PORT (node:cluster): one a core
   * lets one machine's gateway use more than one core. 1 (the default) runs
   * one process, as each replica does where replicas scale the gateway (k8s).
   * Counted in memory per process, the general rate limit allows an address up
   * to this many times RATE_LIMIT_PER_MINUTE, as replicas do.
   */
  GATEWAY_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
};

/** Parses the environment once; COOKIE_SECURE falls back to NODE_ENV=production. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = loadConfig(configShape, env);
  return Object.freeze({
    ...parsed,
    COOKIE_SECURE: parsed.COOKIE_SECURE ?? parsed.NODE_ENV === 'production',
    /** Whether admins must have two-factor sign-in on before anything else. */
    adminMfaRequired: parsed.NODE_ENV === 'production' && parsed.REQUIRE_ADMIN_MFA,
  });
}

export type Config = ReturnType<typeof loadGatewayConfig>;

/**
 * How long a socket may see no traffic either way before it is dropped: longer
 * than a request may take to arrive and than an upstream may take to answer
 * (the caller's socket is idle meanwhile), so those limits answer first.
 */
export const connectionTimeoutMs = (config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'UPSTREAM_TIMEOUT_MS'>) =>
  Math.max(config.REQUEST_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS) + 10_000;

/** Services behind the gateway and the config variable that locates each. */
export const upstreamUrls = (config: Config) =>
  ({
    tenant: config.TENANT_URL,
    leads: config.LEADS_URL,
    templates: config.TEMPLATES_URL,
    ads: config.ADS_URL,
  }) as const;
