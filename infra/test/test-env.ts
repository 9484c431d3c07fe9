import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where global setup leaves the names of this run's database and Redis prefix. */
const STATE_FILE = join(__dirname, '.test-run.json');

export interface TestRun {
  databaseName: string;
  databaseUrl: string;
  adminUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

export const saveTestRun = (run: TestRun) => writeFileSync(STATE_FILE, JSON.stringify(run));
export const loadTestRun = (): TestRun => JSON.parse(readFileSync(STATE_FILE, 'utf8')) as TestRun;
export const clearTestRun = () => rmSync(STATE_FILE, { force: true });

/** A database URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
