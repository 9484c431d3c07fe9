import { baseConfigShape, loadConfig, port } from '@hap/service-kit';
import { DEFAULT_PORTS } from '@hap/contracts';

/** The ads service's configuration; see .env.example at the repository root. */
export const configShape = {
  ...baseConfigShape,
  /** Port of the ads API. */
  PORT: port(DEFAULT_PORTS.ads),
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configShape, env);
export type Config = ReturnType<typeof loadServiceConfig>;
