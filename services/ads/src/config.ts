import { z } from 'zod';
import { baseConfigShape, loadConfig, siblingUrl, durationMs, port } from '@hap/service-kit';
import { modelConfigShape } from '@hap/service-kit/structured-writer';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The ads service's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** Port of the ads API. */
  PORT: port(DEFAULT_PORTS.ads),
  /** Where the tenant service listens: a clinic's name, domain, phone, address and Google Ads account for its campaigns. */
  TENANT_URL: siblingUrl(DEFAULT_PORTS.tenant),
  /** Where the templates service listens: a template's name, its campaigns' service. */
  TEMPLATES_URL: siblingUrl(DEFAULT_PORTS.templates),
  TEMPLATES_TIMEOUT_MS: durationMs(5000),
  /** The agency's Google OAuth client (Google Cloud console); without it and a token key, Google Ads says it is not configured. */
  GOOGLE_ADS_CLIENT_ID: z.string().trim().optional().transform((v) => v || undefined),
  GOOGLE_ADS_CLIENT_SECRET: z.string().trim().optional().transform((v) => v || undefined),
  /** Where Google sends the admin back: this platform's public address of /api/google-ads/oauth/callback, as registered with the client. */
  GOOGLE_ADS_REDIRECT_URI: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(`http://127.0.0.1:${DEFAULT_PORTS.gateway}/api/google-ads/oauth/callback`),
  /** The AES-256-GCM key of stored refresh tokens: 32 random bytes in base64 (openssl rand -base64 32). */
  GOOGLE_ADS_TOKEN_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)'),
  /** The agency's Google Ads API developer token (Google Ads → API Center); without it, testing against Google and launching say Google Ads is not configured. */
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().trim().optional().transform((v) => v || undefined),
  /**
   * Tests and demos only: send Google Ads API calls (the library's own request messages, as JSON on Google's
   * REST paths) to this loopback fake instead of Google. Unset in production.
   */
  GOOGLE_ADS_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Google's consent page and token endpoint (a test points them at a loopback fake). */
  GOOGLE_OAUTH_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  /** Google's token revocation endpoint, asked on Disconnect (a test points it at a loopback fake). */
  GOOGLE_OAUTH_REVOKE_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/revoke'),
  /**
   * The platform's public origin (https://app.agency.example): a clinic without its own domain has its
   * landing URLs and campaigns' final URLs there, with `?client={id}`. Unset: the local
   * gateway's (http://localhost:8080) outside production; in production such a preview or launch is 503.
   */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((url) => (url ? new URL(url).origin : undefined)),
  /** The OpenAI-compatible model that writes and optimizes campaigns; no OPENAI_API_KEY: AI generation says it is not configured. */
  ...modelConfigShape,
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configShape, env);
export type Config = ReturnType<typeof loadServiceConfig>;

/** Where clinics without their own domain have their pages: PUBLIC_BASE_URL, else the local gateway outside production; null: not configured. */
export const platformOriginOf = (config: Pick<Config, 'PUBLIC_BASE_URL' | 'NODE_ENV'>): string | null =>
  config.PUBLIC_BASE_URL ?? (config.NODE_ENV === 'production' ? null : `http://localhost:${DEFAULT_PORTS.gateway}`);
