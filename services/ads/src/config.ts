import { z } from 'zod';
import { baseConfigShape, loadConfig, port } from '@hap/service-kit';
import { modelConfigShape } from '@hap/service-kit/structured-writer';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The ads service's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** Port of the ads API. */
  PORT: port(DEFAULT_PORTS.ads),
  /** Where the templates service listens: a template's name, its campaigns' service. */
  TEMPLATES_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(`http://127.0.0.1:${DEFAULT_PORTS.templates}`)
    .transform((url) => url.replace(/\/+$/, '')),
  TEMPLATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** The OpenAI-compatible model that writes and optimizes campaigns; no OPENAI_API_KEY: AI generation says it is not configured. */
  ...modelConfigShape,
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configShape, env);
export type Config = ReturnType<typeof loadServiceConfig>;
