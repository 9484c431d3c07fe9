/**
 * The public-shell server's settings, read once from the environment.
 * Every variable has a default that works on one machine.
 */
function integer(env, name, fallback, { min = 1, max = 65535 } = {}) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function url(env, name, fallback) {
  const raw = env[name] || fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
}

const DEV_SECRET = 'dev-internal-secret-change-me';

/** The shared secret; production refuses to start on the development default, as services do. */
function internalSecret(env) {
  const secret = env.INTERNAL_SECRET || DEV_SECRET;
  if (env.NODE_ENV === 'production' && secret === DEV_SECRET) {
    throw new Error('INTERNAL_SECRET: set a real secret in production');
  }
  if (secret.length < 16) throw new Error('INTERNAL_SECRET must be at least 16 characters');
  return secret;
}

export function readConfig(env = process.env) {
  return Object.freeze({
    /** Port to listen on. */
    port: integer(env, 'PORT', 4100),
    /** Interface to listen on; loopback unless told otherwise (the gateway is the public entry). */
    host: env.HOST || '127.0.0.1',
    /** The gateway that answers /api/* for server rendering. */
    gatewayUrl: url(env, 'GATEWAY_URL', 'http://127.0.0.1:8080'),
    /**
     * Where browsers load the admin remote from: its remoteEntry.js or mf-manifest.json.
     * Unset: the app's default, /remotes/admin/remoteEntry.js (the gateway serves the remote there).
     */
    adminRemoteUrl: env.ADMIN_REMOTE_URL || null,
    /** Total time budget of the gateway calls made to render one page. */
    apiTimeoutMs: integer(env, 'API_TIMEOUT_MS', 1500, { min: 50, max: 30000 }),
    /** Signs this server's own calls to the gateway (shared with the gateway and services). */
    internalSecret: internalSecret(env),
    /** pino log level. */
    logLevel: env.LOG_LEVEL || 'info',
  });
}
