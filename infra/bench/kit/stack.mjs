/**
 * What the benchmarks share to start what they measure: the repository's root, the
 * PostgreSQL and Redis they use, the check that the builds are there, a run's own database
 * and Redis prefix (removed afterwards) and the whole stack on them (infra/launcher's
 * startStack), and the way a script ends. infra/bench/README.md lists the scripts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '../../launcher/stack.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const Redis = require('ioredis');

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const ADMIN_DB_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** `--strict`: a missed target exits non-zero (a benchmark otherwise only prints figures). */
export const STRICT = process.argv.includes('--strict');

/** Exits 1 naming the first of `files` (relative to the root) that is not built, and the command that builds it. */
export function requireBuilt(files, hint) {
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) {
      console.error(`Missing ${file}: ${hint}`);
      process.exit(1);
    }
  }
}

/** A run's id: the time and a few random bytes. */
export const runId = (bytes = 3, separator = '_') => `${Date.now().toString(36)}${separator}${randomBytes(bytes).toString('hex')}`;

/** The URL of `name` on the PostgreSQL at ADMIN_DB_URL. */
export function databaseUrlOf(name) {
  const url = new URL(ADMIN_DB_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection to the admin database. */
export async function adminQuery(text, values) {
  const client = new Client({ connectionString: ADMIN_DB_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export const createDatabase = (name) => adminQuery(`CREATE DATABASE "${name}"`);
export const dropDatabase = (name) => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

/** Deletes every Redis key under `prefix`, `count` at a time. */
export async function deleteRedisKeys(prefix, count = 500) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', count);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** The stack's ports from `base` up: the gateway, the public shell, then each service. */
export const portsFrom = (base) => ({ gateway: base, publicShell: base + 1, tenant: base + 2, leads: base + 3, templates: base + 4, ads: base + 5 });

/**
 * A database `hap_bench_<name>_<run>` (created now), the Redis prefix of the same name and an
 * uploads directory; `start(options)` starts the whole stack on them in production mode (its admin
 * signing in with `password` alone, BENCH_LOG_LEVEL), `options.env` added to its environment;
 * `stop()` stops the stack and removes the database, the Redis keys and the directory.
 */
export async function benchStack(name) {
  const run = runId();
  const databaseName = `hap_bench_${name}_${run}`;
  const redisPrefix = databaseName;
  await createDatabase(databaseName);
  const databaseUrl = databaseUrlOf(databaseName);
  const uploadDir = await mkdtemp(join(tmpdir(), 'hap-bench-uploads-'));
  const password = randomBytes(12).toString('base64url');
  let stack;
  return {
    run,
    databaseName,
    databaseUrl,
    redisPrefix,
    password,
    async start({ env, ...options }) {
      stack = await startStack({
        databaseUrl,
        redisPrefix,
        quiet: true,
        ...options,
        env: {
          NODE_ENV: 'production',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          UPLOAD_DIR: uploadDir,
          ADMIN_PASSWORD: password,
          // Production demands a real key for two-factor secrets; the bench's admin signs in with a password alone.
          MFA_SECRET_KEY: randomBytes(32).toString('base64'),
          REQUIRE_ADMIN_MFA: 'false',
          ...env,
        },
        log: () => {},
      });
      return stack;
    },
    async stop() {
      await stack?.stop();
      stack = undefined;
      await rm(uploadDir, { recursive: true, force: true });
      await dropDatabase(databaseName);
      await deleteRedisKeys(redisPrefix);
    },
  };
}

/** Runs `cleanup` on Ctrl-C or SIGTERM, then exits 130. */
export function onInterrupt(cleanup) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
}

/** Runs a script's `main` (resolving true when it passed) and exits 0 or 1; `cleanup` runs first either way. */
export function runMain(main, cleanup = async (code) => process.exit(code)) {
  main()
    .then((ok) => cleanup(ok ? 0 : 1))
    .catch((err) => {
      console.error(err);
      return cleanup(1);
    });
}
