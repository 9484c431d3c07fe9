import { startTcpProxy } from '../../../../infra/test/tcp-proxy';
import { ADMIN, startTenant, type TestTenant } from '../helpers/app';

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
    expect(down.body).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The tenant service is temporarily unavailable. Please try again in a moment.',
    });
    expect(down.headers['retry-after']).toBe('5');
    expect((await t.api.get('/ready')).status).toBe(503);

    proxy.restore();
    expect((await t.api.get('/api/clients', ADMIN)).status).toBe(200);
  });
});
