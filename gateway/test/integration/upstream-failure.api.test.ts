import request from 'supertest';
import { Messages } from '@hap/contracts';
import { buildGateway } from '../helpers/gateway';
import { closedPortUrl, startHangingServer } from '../helpers/net';
import { startTenant } from '../helpers/services';

describe('an upstream that is down or hanging', () => {
  const TIMEOUT_MS = 400;
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  let hanging: Awaited<ReturnType<typeof startHangingServer>>;
  let gateway: ReturnType<typeof buildGateway>['app'];

  beforeAll(async () => {
    tenant = await startTenant();
    hanging = await startHangingServer();
    const closed = await closedPortUrl();
    gateway = buildGateway({
      TENANT_URL: tenant.url,
      LEADS_URL: closed,
      ADS_URL: closed,
      TEMPLATES_URL: hanging.url,
      PUBLIC_SHELL_URL: hanging.url,
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    }).app;
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    await hanging?.close();
    await tenant?.close();
  });

  const timed = async (req: request.Test) => {
    const started = Date.now();
    const res = await req;
    return { res, ms: Date.now() - started };
  };

  it('answers 503 JSON at once when the service refuses connections', async () => {
    const { res, ms } = await timed(request(gateway.server).post('/api/leads').send({ name: 'Visitor' }));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable('leads') });
    expect(ms).toBeLessThan(TIMEOUT_MS);
  });

  it('answers 503 JSON within UPSTREAM_TIMEOUT_MS when the service accepts and never answers', async () => {
    const { res, ms } = await timed(request(gateway.server).get('/api/template-mappings'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable('templates') });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('keeps other routes working meanwhile', async () => {
    const [down, hung, up] = await Promise.all([
      request(gateway.server).post('/api/leads').send({}),
      request(gateway.server).get('/api/template-mappings'),
      request(gateway.server).get('/api/resolve-client?client=1'),
    ]);
    expect(down.status).toBe(503);
    expect(hung.status).toBe(503);
    // tenant answered (whatever it says), not the gateway's 503.
    expect(up.status).not.toBe(503);
    expect(up.headers['content-type']).toMatch(/application\/json/);
    expect((await request(gateway.server).get('/api/admin/auth-status')).status).toBe(401);
  });

  it('shows a small HTML 503 page when the page renderer hangs', async () => {
    const { res, ms } = await timed(request(gateway.server).get('/services/weight-loss').set('accept', 'text/html'));
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('temporarily unavailable');
    expect(res.text).not.toContain('<script');
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('answers a login with 503 when tenant is down, and counts no failure', async () => {
    const nowhere = buildGateway({ TENANT_URL: await closedPortUrl(), LOGIN_MAX_PER_ACCOUNT: '1' }).app;
    await nowhere.ready();
    try {
      for (let i = 0; i < 2; i++) {
        const res = await request(nowhere.server).post('/api/admin/login').send({ email: 'someone@gateway.test', password: 'x' });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable('tenant') });
      }
    } finally {
      await nowhere.close();
    }
  });

  it('answers a login with 503 within the timeout when tenant hangs', async () => {
    const stuck = buildGateway({ TENANT_URL: hanging.url, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }).app;
    await stuck.ready();
    try {
      const { res, ms } = await timed(request(stuck.server).post('/api/admin/login').send({ email: 'someone@gateway.test', password: 'x' }));
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);
    } finally {
      await stuck.close();
    }
  });
});
