import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { refuseConnections } from '@hap/test-kit/database-outage';
import { startTcpProxy } from '@hap/test-kit/tcp-proxy';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/database';

const UNAVAILABLE = {
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The tenant service is temporarily unavailable. Please try again in a moment.',
};

/** PostgreSQL going away under a running service: 503 with Retry-After, never a 500. */
describe('tenant with PostgreSQL unreachable', () => {
  let t: TestTenant;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await startTenant({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  it('answers 503 with the service-unavailable envelope and Retry-After, then recovers', async () => {
    expect((await t.api.get('/api/clients', ADMIN)).status).toBe(200);

    proxy.cut();
    const down = await t.api.get('/api/clients', ADMIN);
    expect(down.status).toBe(503);
    expect(down.body).toEqual(UNAVAILABLE);
    expect(down.headers['retry-after']).toBe('5');
    expect((await t.api.get('/ready')).status).toBe(503);

    proxy.restore();
    expect((await t.api.get('/api/clients', ADMIN)).status).toBe(200);
  });
});

/**
 * A database that refuses connections (ALTER DATABASE … ALLOW_CONNECTIONS
 * false: SQLSTATE 55000 when a connection is opened) is down like an
 * unreachable one: the kit knows it by where the failure was, not by its
 * code. On a database of this test's own, so no other suite is touched.
 */
describe('tenant with its database refusing connections', () => {
  let scratch: ScratchDatabase;
  let t: TestTenant;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    t = await startTenant({ databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('answers reads 503 with Retry-After, then recovers', async () => {
    expect((await t.api.get('/api/clients', ADMIN)).status).toBe(200);

    const outage = await refuseConnections(scratch.url);
    try {
      // The pool's connections ended with the outage: the read has to open one.
      const pool = (t.dataSource.driver as PostgresDriver).master as { totalCount: number };
      while (pool.totalCount > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const down = await t.api.get('/api/clients', ADMIN);
      expect(down.status).toBe(503);
      expect(down.body).toEqual(UNAVAILABLE);
      expect(down.headers['retry-after']).toBe('5');
      const one = await t.api.get('/api/clients/1', ADMIN);
      expect(one.status).toBe(503);
      expect(one.headers['retry-after']).toBe('5');
      expect((await t.api.get('/ready')).status).toBe(503);
    } finally {
      await outage.restore();
    }
    expect((await t.api.get('/api/clients', ADMIN)).status).toBe(200);
  });
});
