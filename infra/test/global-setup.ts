import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { migrate } from '@hap/service-kit';
import { createDataSource as tenantDataSource, SCHEMA as TENANT } from '../../services/tenant/src/db/data-source';
import { createDataSource as leadsDataSource, SCHEMA as LEADS } from '../../services/leads/src/db/data-source';
import { createDataSource as templatesDataSource, SCHEMA as TEMPLATES } from '../../services/templates/src/db/data-source';
import { createDataSource as adsDataSource, SCHEMA as ADS } from '../../services/ads/src/db/data-source';
import { seed as seedTemplates } from '../../services/templates/src/db/seed';
import { saveTestRun, withDatabase, workerDatabase } from '../../packages/test-kit/src/test-env';

/** Each service's schema, how to open it, and what it holds before any test (templates: the demo catalogue tests build on). */
const services: Array<[string, (url: string) => DataSource, ((dataSource: DataSource) => Promise<unknown>)?]> = [
  [TENANT, tenantDataSource],
  [LEADS, leadsDataSource],
  [TEMPLATES, templatesDataSource, seedTemplates],
  [ADS, adsDataSource],
];

const root = join(__dirname, '..', '..');

/**
 * The services' built servers current with their sources: a test starts another service as production runs it,
 * `node services/<name>/dist/server.js` (@hap/test-kit/service-process). Compiled as `npm start` does
 * (infra/launcher/transpile.mjs: swc, only the files changed since their output).
 */
function buildServers(): void {
  try {
    execFileSync(process.execPath, [join(root, 'infra/launcher/transpile.mjs')], { cwd: root, stdio: 'pipe' });
  } catch (err) {
    const out = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`Tests start the built services, and their code does not compile (node infra/launcher/transpile.mjs):\n${out.stdout ?? ''}${out.stderr ?? ''}`);
  }
}

/**
 * One fresh PostgreSQL database and one Redis key prefix per test run, both
 * removed by global teardown. Fails loudly when a server is not there.
 *
 * Jest runs `maxWorkers` files at once: each worker gets a database of its own, copied from the
 * migrated one (CREATE DATABASE … TEMPLATE, a file copy), and a Redis prefix of its own
 * (worker-env.ts picks them by JEST_WORKER_ID), so no suite sees another's rows or queues.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  buildServers();
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseName = `hap_test_${run}`;

  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"`));

  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`Tests need Redis at ${redisUrl} (set TEST_REDIS_URL): ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }

  const databaseUrl = withDatabase(adminUrl, databaseName);
  for (const [schema, create, seed] of services) {
    const dataSource = create(databaseUrl);
    await migrate(dataSource, schema);
    await seed?.(dataSource);
    await dataSource.destroy();
  }

  await withAdmin(adminUrl, async (client) => {
    for (let worker = 2; worker <= Math.max(1, globalConfig.maxWorkers); worker++) {
      await client.query(`CREATE DATABASE "${workerDatabase(databaseName, worker)}" TEMPLATE "${databaseName}"`);
    }
  });

  const redisPrefix = `hap_test_${run}`;
  saveTestRun({ databaseName, databaseUrl, adminUrl, redisUrl, redisPrefix });
  // Workers inherit these.
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_SECRET: 'test-internal-secret-0123456789',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  });
}

async function withAdmin(adminUrl: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`Tests need PostgreSQL at ${adminUrl} (set TEST_DATABASE_ADMIN_URL): ${(err as Error).message}`);
  }
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
