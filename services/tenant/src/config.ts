import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigShape, contentCacheConfigShape, loadConfig, durationMs, mailConfigShape, port, requireMailOrigin } from '@hap/service-kit';
import { ghlConfigShape } from '@hap/service-kit/gohighlevel';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The repository root, from src/ (tests) and dist/ (built) alike. */
const REPO_ROOT = resolve(__dirname, '../../..');

/** The tenant service's configuration; see .env.example at the repository root. */
export const uploadS3ConfigShape = {
  UPLOAD_S3_BUCKET: z.string().trim().optional().transform((v) => v || undefined),
  UPLOAD_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  UPLOAD_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional().or(z.literal('').transform(() => undefined)),
  UPLOAD_S3_PREFIX: z.string().default('uploads/'),
  UPLOAD_S3_FORCE_PATH_STYLE: z.stringbool().default(false),
};

/** A key anyone can read here: fine on a laptop, refused in production. */
export const DEV_MFA_SECRET_KEY = Buffer.alloc(32, 'hap-dev-mfa-key').toString('base64');

export const mfaConfigShape = {
  /**
   * The AES-256-GCM key of users' two-factor secrets at rest: 32 random bytes in base64
   * (openssl rand -base64 32). A development default; required in production.
   */
  MFA_SECRET_KEY: z
    .string()
    .trim()
    .default(DEV_MFA_SECRET_KEY)
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)'),
  /** The issuer name authenticator apps show beside the account. */
  MFA_ISSUER: z.string().trim().min(1).max(60).default('Health Ads'),
};

const originList = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.split(',').map((o) => o.trim()).filter(Boolean) : []))
  .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) origins, separated by commas' }).transform((url) => new URL(url).origin)));

export const webAuthnConfigShape = {
  /**
   * Passkeys (WebAuthn): the browser origins sign-ins come from (https://app.agency.example; several
   * separated by commas). Unset: PUBLIC_BASE_URL's origin; neither set: in development the origin
   * the browser sent with the ceremony, in production passkeys are off (400 with words).
   */
  WEBAUTHN_ORIGIN: originList,
  /** The relying party id passkeys are bound to: the origin's host or a parent domain of it. Unset: the first origin's host. */
  WEBAUTHN_RP_ID: z.string().trim().toLowerCase().optional().transform((v) => v || undefined),
  /** The name a passkey prompt shows. */
  WEBAUTHN_RP_NAME: z.string().trim().min(1).max(60).default('Health Ads'),
};

const addressList = (version: 4 | 6) =>
  z
    .string()
    .trim()
    .default('')
    .transform((v) => v.split(',').map((a) => a.trim()).filter(Boolean))
    .refine((list) => list.every((a) => isIP(a) === version), `must be a comma-separated list of IPv${version} addresses`);

/** Custom domains: where clinics point their domains, and the resolver that checks they did. */
export const domainsConfigShape = {
  /** The edge's host name: a clinic's subdomain gets a CNAME to it. */
  EDGE_HOST: z.string().trim().toLowerCase().optional().transform((v) => v?.replace(/\.$/, '') || undefined),
  /** The edge's addresses: an apex (clinic.com) gets A / AAAA records to them. Neither these nor EDGE_HOST: domains are not configured. */
  EDGE_IPV4: addressList(4),
  EDGE_IPV6: addressList(6),
  /** `host:port` (or `[v6]:port`) of the DNS resolver that checks clinics' records; unset: the system's. */
  DNS_RESOLVER: z.string().trim().optional().transform((v) => v || undefined),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * `host:port` where the edge serves HTTPS (`edge:443` in compose). Set: a verified domain's certificate
   * step asks the edge for its certificate (a TLS handshake with the name), then the domain turns active,
   * and active domains get a daily health check. Unset: verified domains stay verified (a cert-manager
   * setup reports certificates through POST /internal/domains/certificate) and nothing is health-checked.
   */
  EDGE_TLS_ADDRESS: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^(\[[^\]]+\]|[^:[\]]+):\d{1,5}$/.test(v), 'must be host:port or [v6]:port'),
  /** A PEM file of extra roots to trust at the edge (Pebble's root in the drill, a test CA); unset: the system's roots. */
  EDGE_CA_FILE: z.string().trim().optional().transform((v) => v || undefined),
  /** The longest a handshake or page fetch through the edge may take: the first handshake is when the edge obtains the certificate. */
  EDGE_PROBE_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(60_000),
  /** When the daily health check sweep runs: a cron pattern, in UTC. */
  DOMAIN_HEALTH_CRON: z.string().trim().min(9).default('0 6 * * *'),
};

export const configShape = {
  ...baseConfigShape,
  /** GET /api/page-context's cache (CONTENT_CACHE_TTL_MS, CONTENT_CACHE_MAX_ENTRIES); invalidated through REDIS_URL. */
  ...contentCacheConfigShape,
  /** Port of the tenant API. */
  PORT: port(DEFAULT_PORTS.tenant),
  /** Where uploaded images are stored (served back under /uploads/). */
  UPLOAD_DIR: z
    .string()
    .min(1)
    .default(resolve(REPO_ROOT, '.data/uploads'))
    .transform((dir) => resolve(dir)),
  /**
   * Uploads in an S3-compatible bucket instead of UPLOAD_DIR (several tenant replicas):
   * the bucket, its region, another endpoint (MinIO, R2), the key prefix, path-style addresses.
   * Credentials come from the AWS SDK's chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a role).
   * UPLOAD_DIR then only holds uploads while they are received.
   */
  ...uploadS3ConfigShape,
  /** How long reading the service catalogue (kept by templates in REDIS_URL: docs/service-graph.md) may take (ms) before onboarding answers 503. */
  CATALOGUE_TIMEOUT_MS: durationMs(2000),
  /** The agency's GoHighLevel credentials: each clinic gets a CRM sub-account. Unset: provisioning is recorded as not configured. */
  ...ghlConfigShape,
  /**
   * E-mail of clinic users' invitations and password resets. SMTP_URL unset: e-mail is off; an
   * admin's invitation answer carries the link to hand over, password resets are refused. PUBLIC_BASE_URL
   * unset: the origin the request came in through; required in production with SMTP_URL, since a reset
   * requested with a forged Host must not mail a link elsewhere.
   */
  ...mailConfigShape,
  /** The From of those e-mails. */
  MAIL_FROM: z.string().trim().min(3).default('Health Ads <no-reply@healthads.local>'),
  ...mfaConfigShape,
  ...webAuthnConfigShape,
  ...domainsConfigShape,
  /**
   * Web push of new leads (docs/leads.md#delivery): the portal subscribes browsers with VAPID_PUBLIC_KEY
   * (the pair and subject are leads' worker's, which sends). Unset: the portal says pushes are not set up.
   */
  VAPID_PUBLIC_KEY: z.string().trim().optional().transform((v) => v || undefined),
  /** Accept push subscriptions whose endpoint is http on a loopback host (tests' fake push service); never in production. */
  PUSH_ALLOW_LOOPBACK: z.stringbool().default(false),
};

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(configShape, env);
  requireMailOrigin(config, 'the links in e-mails');
  if (config.NODE_ENV === 'production' && config.MFA_SECRET_KEY === DEV_MFA_SECRET_KEY) {
    throw new Error('Invalid configuration:\n  MFA_SECRET_KEY: set a real key in production (openssl rand -base64 32)');
  }
  return config;
}
export type Config = ReturnType<typeof loadServiceConfig>;
