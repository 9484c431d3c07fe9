import { Client } from 'pg';

/**
 * A real "database refuses connections" outage of one database of a test's
 * own: `ALTER DATABASE … ALLOW_CONNECTIONS false` (every new connection then
 * fails with SQLSTATE 55000 'database … is not currently accepting
 * connections'), and every backend of that database terminated
 * (pg_terminate_backend: the open connections get 57P01 and close). The
 * server keeps running and every other database on it is untouched.
 *
 * Only ever a database the test made for itself: the run's shared database
 * (DATABASE_URL) is refused, since other suites of the run use it. `restore()`
 * allows connections again; call it in a `finally`/`afterEach` so that a
 * failing test never leaves the database shut.
 */
export async function refuseConnections(databaseUrl: string): Promise<{ restore: () => Promise<void> }> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const shared = process.env.DATABASE_URL ? decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1)) : null;
  if (!name || name === shared || name === 'postgres') throw new Error(`refuseConnections: ${name || '(none)'} is not a database of this test's own`);
  const quoted = `"${name.replace(/"/g, '""')}"`;
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const onServer = async <T>(work: (admin: Client) => Promise<T>): Promise<T> => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.end();
    }
  };

  await onServer(async (admin) => {
    await admin.query(`ALTER DATABASE ${quoted} ALLOW_CONNECTIONS false`);
    // Terminated until none is left (a connection that was being opened meanwhile is caught by the next pass).
    for (let pass = 0; pass < 100; pass++) {
      const { rows } = await admin.query<{ left: number }>(
        `SELECT count(*) FILTER (WHERE NOT pg_terminate_backend("pid"))::int AS "left" FROM pg_stat_activity WHERE "datname" = $1 AND "pid" <> pg_backend_pid()`,
        [name],
      );
      const { rows: open } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE "datname" = $1`, [name]);
      if (rows[0].left === 0 && open[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`refuseConnections: backends of ${name} did not end`);
  });
  return {
    restore: () => onServer(async (admin) => void (await admin.query(`ALTER DATABASE ${quoted} ALLOW_CONNECTIONS true`))),
  };
}
