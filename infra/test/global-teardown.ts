import { Client } from 'pg';
import Redis from 'ioredis';
import { clearTestRun, loadTestRun } from '../../packages/test-kit/src/test-env';

/** Drops this run's database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const run = loadTestRun();
  const admin = new Client({ connectionString: run.adminUrl });
  await admin.connect();
  // The run's database and its workers' copies (global-setup.ts).
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [run.databaseName, `${run.databaseName}\\_w%`]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.end();

  const redis = new Redis(run.redisUrl, { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${run.redisPrefix}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  clearTestRun();
}
