import { z } from 'zod';

/** Variables every service process reads. Each service extends this with its own. */
export const baseConfigShape = {
  /** development | test | production; production demands real secrets. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Interface to listen on; services stay on loopback unless told otherwise. */
  HOST: z.string().default('127.0.0.1'),
  /** PostgreSQL connection string; each service uses its own schema in it. */
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/hap'),
  /** Redis for queues (and the gateway's sessions). */
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key this deployment writes; tests use their own. */
  REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]+$/).default('hap'),
  /** Shared secret that signs the caller identity the gateway forwards. */
  INTERNAL_SECRET: z.string().min(16, 'INTERNAL_SECRET must be at least 16 characters').default('dev-internal-secret-change-me'),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

/**
 * Parses the environment once into a frozen, typed config. A bad variable
 * stops the process at boot with one line per problem.
 */
export function loadConfig<S extends z.ZodRawShape>(shape: S, env: NodeJS.ProcessEnv = process.env) {
  const schema = z.object(shape);
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data as z.infer<typeof schema> & { NODE_ENV?: string; INTERNAL_SECRET?: string };
  if (config.NODE_ENV === 'production' && config.INTERNAL_SECRET === baseConfigShape.INTERNAL_SECRET.parse(undefined)) {
    throw new Error('Invalid configuration:\n  INTERNAL_SECRET: set a real secret in production');
  }
  return Object.freeze(config);
}

export type BaseConfig = ReturnType<typeof loadConfig<typeof baseConfigShape>>;

/** A port variable with a default. */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** Where a sibling service listens: an http(s) URL, its local port by default, kept without a trailing slash. */
export const siblingUrl = (defaultPort: number) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(`http://127.0.0.1:${defaultPort}`)
    .transform((url) => url.replace(/\/+$/, ''));

/** A duration in ms (a call's time limit, a polling interval), from 100 to `max`. */
export const durationMs = (fallback: number, max = 60_000) => z.coerce.number().int().min(100).max(max).default(fallback);
