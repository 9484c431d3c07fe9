import { baseConfigShape, contentCacheConfigShape, loadConfig, port } from '@hap/service-kit';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The templates service's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** GET /api/page-content's cache (CONTENT_CACHE_TTL_MS, CONTENT_CACHE_MAX_ENTRIES); invalidated through REDIS_URL. */
  ...contentCacheConfigShape,
  /** Port of the templates API. */
  PORT: port(DEFAULT_PORTS.templates),
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configShape, env);
export type Config = ReturnType<typeof loadServiceConfig>;
