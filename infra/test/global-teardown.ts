import { Client } from 'pg';
import Redis from 'ioredis';
import { clearTestRun, loadTestRun } from '../../packages/test-kit/src/test-env';

/** Drops this run's database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const run = loadTestRun();
  const admin = new Client({ connectionString: run.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${run.databaseName}" WITH (FORCE)`);
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
