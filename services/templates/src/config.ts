import { z } from 'zod';
import { baseConfigShape, contentCacheConfigShape, loadConfig, port } from '@hap/service-kit';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The templates service's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** GET /api/page-content's cache (CONTENT_CACHE_TTL_MS, CONTENT_CACHE_MAX_ENTRIES); invalidated through REDIS_URL. */
  ...contentCacheConfigShape,
  /** Port of the templates API. */
  PORT: port(DEFAULT_PORTS.templates),
  /** Where the tenant service listens: a client service's clinic must exist there. */
  TENANT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(`http://127.0.0.1:${DEFAULT_PORTS.tenant}`)
    .transform((url) => url.replace(/\/+$/, '')),
  /** How long a call to tenant may take (ms) before the write answers 503. */
  TENANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** The key of the OpenAI-compatible model that writes new templates; unset: AI generation says it is not configured. */
  OPENAI_API_KEY: z.string().trim().optional().transform((v) => v || undefined),
  /** Another OpenAI-compatible server (Azure, vLLM, Ollama: http://127.0.0.1:11434/v1); unset: OpenAI's. */
  OPENAI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The model; it must support JSON-schema structured output. */
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** How long one model answer may take (ms); the SDK retries a timeout, a 429 and a 5xx twice. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configShape, env);
export type Config = ReturnType<typeof loadServiceConfig>;
