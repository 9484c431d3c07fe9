import { baseConfigShape, contentCacheConfigShape, loadConfig, siblingUrl, durationMs, port } from '@hap/service-kit';
import { modelConfigShape } from '@hap/service-kit/structured-writer';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The templates service's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** GET /api/page-content's cache (CONTENT_CACHE_TTL_MS, CONTENT_CACHE_MAX_ENTRIES); invalidated through REDIS_URL. */
  ...contentCacheConfigShape,
  /** Port of the templates API. */
  PORT: port(DEFAULT_PORTS.templates),
  /** Where the tenant service listens: a client service's clinic must exist there. */
  TENANT_URL: siblingUrl(DEFAULT_PORTS.tenant),
  /** How long a call to tenant may take (ms) before the write answers 503. */
  TENANT_TIMEOUT_MS: durationMs(3000),
  /** How long reading an experiment's counts (kept by leads in REDIS_URL) may take (ms) before the experiment is shown without them. */
  EXPERIMENT_COUNTS_TIMEOUT_MS: durationMs(3000),
  /**
   * Where the ads service listens: running campaigns that point to a page are asked
   * there before its path changes or it is deactivated, and moved after (docs/admin.md#page-paths).
   */
  ADS_URL: siblingUrl(DEFAULT_PORTS.ads),
  /** How long a call to ads may take (ms): moving campaigns asks Google Ads for each. */
  ADS_TIMEOUT_MS: durationMs(15_000, 120_000),
  /** The OpenAI-compatible model that writes new templates; no OPENAI_API_KEY: AI generation says it is not configured. */
  ...modelConfigShape,
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configShape, env);
export type Config = ReturnType<typeof loadServiceConfig>;
