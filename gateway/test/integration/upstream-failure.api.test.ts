import request from 'supertest';
import { LEAD_FORM_PATH, Messages } from '@hap/contracts';
import { buildGateway } from '../helpers/gateway';
import { closedPortUrl, startHangingServer } from '../helpers/net';

describe('an upstream that is down or hanging', () => {
  const TIMEOUT_MS = 400;
  let hanging: Awaited<ReturnType<typeof startHangingServer>>;
  /** Tenant refuses connections. */
  let down: ReturnType<typeof buildGateway>['app'];
  /** Tenant and the page renderer accept connections and never answer. */
  let hung: ReturnType<typeof buildGateway>['app'];

  beforeAll(async () => {
    hanging = await startHangingServer();
    const closed = await closedPortUrl();
    down = buildGateway({ TENANT_URL: closed, LEADS_URL: closed, PUBLIC_SHELL_URL: closed, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), LOGIN_MAX_PER_ACCOUNT_AND_IP: '1' }).app;
    hung = buildGateway({ TENANT_URL: hanging.url, PUBLIC_SHELL_URL: hanging.url, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }).app;
    await Promise.all([down.ready(), hung.ready()]);
  });
  afterAll(async () => {
    await down?.close();
    await hung?.close();
    await hanging?.close();
  });

  const timed = async (req: request.Test) => {
    const started = Date.now();
    const res = await req;
    return { res, ms: Date.now() - started };
  };

  it('answers 503 JSON with Retry-After at once when the service refuses connections', async () => {
    const { res, ms } = await timed(request(down.server).get('/api/clients/1'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable('tenant') });
    expect(res.headers['retry-after']).toBe('5');
    expect(ms).toBeLessThan(TIMEOUT_MS);
  });

  it('answers 503 JSON with Retry-After within UPSTREAM_TIMEOUT_MS when the service accepts and never answers', async () => {
    const { res, ms } = await timed(request(hung.server).get('/api/clients/1'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable('tenant') });
    expect(res.headers['retry-after']).toBe('5');
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('answers a form the browser posts itself with a 503 page, not JSON, when the leads service is down', async () => {
    const res = await request(down.server)
      .post(LEAD_FORM_PATH)
      .set('accept', 'text/html,application/xhtml+xml')
      .type('form')
      .send('name=Jane+Smith');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.text).toContain(Messages.serviceUnavailable('leads'));
    expect(res.text).toContain('Back button');
  });

  it("keeps the gateway's own routes working meanwhile", async () => {
    const [proxied, status, health] = await Promise.all([
      request(hung.server).get('/api/clients/1'),
      request(hung.server).get('/api/admin/auth-status'),
      request(hung.server).get('/healthz'),
    ]);
    expect(proxied.status).toBe(503);
    expect(status.status).toBe(401);
    expect(health.status).toBe(200);
  });

  it('shows a small HTML 503 page when the page renderer hangs', async () => {
    const { res, ms } = await timed(request(hung.server).get('/services/weight-loss').set('accept', 'text/html'));
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.text).toContain('temporarily unavailable');
    expect(res.text).not.toContain('<script');
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('answers a login with 503 when tenant is down, and counts no failure', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(down.server).post('/api/admin/login').send({ email: 'someone@gateway.test', password: 'x' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable('tenant') });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it('answers a login with 503 within the timeout when tenant hangs', async () => {
    const { res, ms } = await timed(request(hung.server).post('/api/admin/login').send({ email: 'someone@gateway.test', password: 'x' }));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });
});
