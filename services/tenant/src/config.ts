import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigShape, contentCacheConfigShape, loadConfig, port } from '@hap/service-kit';
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
   * Uploads in an S3-compatible bucket instead of UPLOAD_DIR (several tenant replicas; issue 11):
   * the bucket, its region, another endpoint (MinIO, R2), the key prefix, path-style addresses.
   * Credentials come from the AWS SDK's chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a role).
   * UPLOAD_DIR then only holds uploads while they are received.
   */
  ...uploadS3ConfigShape,
  /** Where the templates service listens: onboarding activates the chosen services there and provisioning reads their snapshots. */
  TEMPLATES_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(`http://127.0.0.1:${DEFAULT_PORTS.templates}`)
    .transform((url) => url.replace(/\/+$/, '')),
  TEMPLATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** The agency's GoHighLevel credentials: each clinic gets a CRM sub-account. Unset: provisioning is recorded as not configured. */
  ...ghlConfigShape,
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configShape, env);
export type Config = ReturnType<typeof loadServiceConfig>;
