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
    internalSecret: env.INTERNAL_SECRET || 'dev-internal-secret-change-me',
    /** pino log level. */
    logLevel: env.LOG_LEVEL || 'info',
  });
}
