import { withDatabase, workerDatabase } from '../../packages/test-kit/src/test-env';

/**
 * Runs in each Jest worker before a test file: the worker's own database and Redis prefix
 * (global-setup.ts made one database per worker), so files running at once never share rows,
 * queues or counters. Worker 1 keeps the run's own.
 */
const worker = Number(process.env.JEST_WORKER_ID ?? 1);
if (worker > 1 && process.env.DATABASE_URL && process.env.REDIS_PREFIX && !process.env.REDIS_PREFIX.endsWith(`_w${worker}`)) {
  const url = new URL(process.env.DATABASE_URL);
  const database = decodeURIComponent(url.pathname.slice(1));
  process.env.DATABASE_URL = withDatabase(process.env.DATABASE_URL, workerDatabase(database, worker));
  process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}_w${worker}`;
}
