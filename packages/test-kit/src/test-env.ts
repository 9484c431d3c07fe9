import { randomBytes } from 'node:crypto';

/**
 * This run's database and Redis prefix, handed from global setup to global
 * teardown. Jest runs both in its main process; a global (not a file) keeps
 * parallel runs on one machine from reading each other's state.
 */
export interface TestRun {
  databaseName: string;
  databaseUrl: string;
  adminUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

const KEY = Symbol.for('hap.test-run');
type Holder = { [KEY]?: TestRun };

export const saveTestRun = (run: TestRun) => {
  (globalThis as Holder)[KEY] = run;
};

export const loadTestRun = (): TestRun => {
  const run = (globalThis as Holder)[KEY];
  if (!run) throw new Error('global setup did not record a test run');
  return run;
};

export const clearTestRun = () => {
  delete (globalThis as Holder)[KEY];
};

/** A database URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The database of Jest worker `worker` (1 is the run's own, the others are copies of it). */
export const workerDatabase = (databaseName: string, worker: number) => (worker > 1 ? `${databaseName}_w${worker}` : databaseName);

/**
 * A Redis prefix of a suite's own under this run's (REDIS_URL, REDIS_PREFIX), for its queues:
 * `{ url, prefix }` as @hap/service-kit's createQueue and createWorker take it.
 */
export const suiteQueueRedis = () => ({
  url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}`,
});
