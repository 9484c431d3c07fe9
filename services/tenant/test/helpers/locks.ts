import type { DataSource } from 'typeorm';

/**
 * A transaction the test holds open on its own connection, to stand for a
 * concurrent writer: run statements in it, wait until an API call is stuck
 * behind its locks, then commit.
 */
export async function openTransaction(dataSource: DataSource) {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  const [{ pid }] = (await runner.query('SELECT pg_backend_pid() AS pid')) as Array<{ pid: number }>;
  return {
    query: (sql: string, params?: unknown[]) => runner.query(sql, params),
    /** Resolves once another backend waits for a lock this transaction holds. */
    async waitUntilBlocking(timeoutMs = 5_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ n }] = await dataSource.query<Array<{ n: string }>>(
          'SELECT count(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [pid],
        );
        if (Number(n) > 0) return;
        if (Date.now() > deadline) throw new Error('no query waited for the open transaction');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async commit(): Promise<void> {
      try {
        await runner.commitTransaction();
      } finally {
        await runner.release();
      }
    },
  };
}
