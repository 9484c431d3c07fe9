import request from 'supertest';
import { Messages } from '@hap/contracts';
import { buildGateway } from '../helpers/gateway';
import { closedPortUrl, startHangingServer } from '../helpers/net';
import { startUpstream, type Upstream } from '../helpers/upstream';

const notReady = (checks: Record<string, string>) => ({
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: Messages.serviceUnavailable('gateway'),
  checks,
});

// GET /readyz: the gateway can serve traffic only when its Redis, every
// service it routes to (tenant, leads, templates and ads) and the public shell
// that renders the pages say they are ready.
describe('GET /readyz', () => {
  // Long enough that a loaded machine's fake upstreams answer within it (the ready checks), short enough for the hanging one.
  const TIMEOUT_MS = 2_000;
  let ready = true;
  let tenant: Upstream;
  // Always ready, and also standing in for leads and ads: the checks below vary tenant only.
  let templates: Upstream;
  let shellReady = true;
  let shell: Upstream;
  let hanging: Awaited<ReturnType<typeof startHangingServer>>;
  const gateways: Array<ReturnType<typeof buildGateway>['app']> = [];
  const gatewayFor = async (tenantUrl: string, shellUrl = shell.url) => {
    const app = buildGateway({
      TENANT_URL: tenantUrl,
      TEMPLATES_URL: templates.url,
      LEADS_URL: templates.url,
      ADS_URL: templates.url,
      PUBLIC_SHELL_URL: shellUrl,
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    }).app;
    gateways.push(app);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    tenant = await startUpstream({ ready: () => ready });
    templates = await startUpstream({ ready: () => true });
    shell = await startUpstream({ ready: () => shellReady });
    hanging = await startHangingServer();
  });
  afterAll(async () => {
    await Promise.all(gateways.map((app) => app.close()));
    await tenant?.close();
    await templates?.close();
    await shell?.close();
    await hanging?.close();
  });

  it('is ready when Redis and every routed service are, and lists each', async () => {
    const res = await request((await gatewayFor(tenant.url)).server).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { service: 'gateway', status: 'ready', checks: { redis: 'ready', tenant: 'ready', templates: 'ready', leads: 'ready', ads: 'ready', 'public-shell': 'ready' } } });
  });

  it('is not ready, with Retry-After, while a service says it is not', async () => {
    const gateway = await gatewayFor(tenant.url);
    ready = false;
    try {
      const res = await request(gateway.server).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual(notReady({ redis: 'ready', tenant: 'unavailable', templates: 'ready', leads: 'ready', ads: 'ready', 'public-shell': 'ready' }));
    } finally {
      ready = true;
    }
    expect((await request(gateway.server).get('/readyz')).status).toBe(200);
  });

  it('is not ready at once when a service refuses connections', async () => {
    const gateway = await gatewayFor(await closedPortUrl());
    const started = Date.now();
    const res = await request(gateway.server).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(notReady({ redis: 'ready', tenant: 'unavailable', templates: 'ready', leads: 'ready', ads: 'ready', 'public-shell': 'ready' }));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });

  it('is not ready within the check timeout when a service hangs', async () => {
    const gateway = await gatewayFor(hanging.url);
    const started = Date.now();
    const res = await request(gateway.server).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ redis: 'ready', tenant: 'unavailable', templates: 'ready', leads: 'ready', ads: 'ready', 'public-shell': 'ready' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('is not ready, naming it, while the public shell does not answer', async () => {
    const down = await gatewayFor(tenant.url, await closedPortUrl());
    const res = await request(down.server).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual(notReady({ redis: 'ready', tenant: 'ready', templates: 'ready', leads: 'ready', ads: 'ready', 'public-shell': 'unavailable' }));
  });

  it("asks the public shell's /healthz, and is not ready while it fails", async () => {
    const gateway = await gatewayFor(tenant.url);
    shellReady = false;
    try {
      const res = await request(gateway.server).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks).toEqual({ redis: 'ready', tenant: 'ready', templates: 'ready', leads: 'ready', ads: 'ready', 'public-shell': 'unavailable' });
    } finally {
      shellReady = true;
    }
    expect((await request(gateway.server).get('/readyz')).status).toBe(200);
  });

  it('stays alive (/healthz) whatever the services say', async () => {
    const gateway = await gatewayFor(await closedPortUrl());
    const res = await request(gateway.server).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { service: 'gateway', status: 'ok' } });
  });
});
