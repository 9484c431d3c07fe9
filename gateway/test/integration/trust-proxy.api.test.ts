import request from 'supertest';
import { buildGateway } from '../helpers/gateway';
import { startUpstream, type Upstream } from '../helpers/upstream';

// docs/platform.md: behind an ingress whose address the gateway trusts (the test
// client stands for it on loopback: TRUST_PROXY=loopback), the client is the
// address the ingress saw, not the ingress, and not what the client wrote.
describe('TRUST_PROXY', () => {
  let services: Upstream;
  const gateways: Array<ReturnType<typeof buildGateway>['app']> = [];
  const gatewayWith = async (env: Record<string, string>) => {
    const { app } = buildGateway({ TENANT_URL: services.url, LEADS_URL: services.url, ...env });
    gateways.push(app);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    services = await startUpstream();
  });
  afterAll(async () => {
    await Promise.all(gateways.map((app) => app.close()));
    await services?.close();
  });
  beforeEach(() => {
    services.received.length = 0;
  });

  /** What an ingress in front sends: the client's own X-Forwarded-For (forged here), with the address it saw appended. */
  const throughIngress = (app: Awaited<ReturnType<typeof gatewayWith>>, visitor: string) =>
    request(app.server)
      .get('/api/clients/1')
      .set('x-forwarded-for', `198.51.100.66, ${visitor}`)
      .set('x-forwarded-proto', 'https')
      .set('x-forwarded-host', 'clinic.example');

  it('behind a trusted proxy, tells services the address the ingress saw, its scheme and host', async () => {
    const app = await gatewayWith({ TRUST_PROXY: 'loopback' });
    expect((await throughIngress(app, '203.0.113.9')).status).toBe(200);

    const { headers } = services.received[0];
    expect(headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-host']).toBe('clinic.example');
  });

  it('without it, believes none of those headers: the caller is the socket', async () => {
    const app = await gatewayWith({});
    expect((await throughIngress(app, '203.0.113.9')).status).toBe(200);

    const { headers } = services.received[0];
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).not.toBe('clinic.example');
  });

  it('counts the lead limit per visitor behind the ingress, not once for the whole site', async () => {
    const app = await gatewayWith({ TRUST_PROXY: 'loopback', LEAD_RATE_LIMIT_PER_MINUTE: '2' });
    const lead = (visitor: string) => request(app.server).post('/api/leads').set('x-forwarded-for', visitor).send({ name: 'Jane Smith' });

    expect([(await lead('203.0.113.20')).status, (await lead('203.0.113.20')).status, (await lead('203.0.113.20')).status]).toEqual([200, 200, 429]);
    expect((await lead('203.0.113.21')).status).toBe(200);
  });
});
