import { request as httpRequest } from 'node:http';
import request from 'supertest';
import type { FastifyRequest } from 'fastify';
import { routeTable, type RouteRow } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { buildGateway, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { closedPortUrl } from '../helpers/net';
import { startLeads, startTenant } from '../helpers/services';

/** What a service saw of a proxied request (observed with a hook on the real app). */
interface Seen {
  service: 'leads' | 'tenant';
  id: string;
  url: string;
  identity: Identity;
  headers: FastifyRequest['headers'];
}

/** A concrete URL for a route pattern: `:params` become 1, `*` becomes x. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
const call = (server: Parameters<typeof request>[0], row: Pick<RouteRow, 'method' | 'path'>) => {
  const agent = request(server);
  const url = concrete(row.path);
  switch (row.method) {
    case 'GET':
      return agent.get(url);
    case 'POST':
      return agent.post(url);
    case 'PATCH':
      return agent.patch(url);
    case 'PUT':
      return agent.put(url);
    case 'DELETE':
      return agent.delete(url);
  }
};

describe('gateway routing by the route table', () => {
  const admin = { email: uniqueEmail('routing'), password: 'correct horse battery staple' };
  const seen: Seen[] = [];
  let leads: Awaited<ReturnType<typeof startLeads>>;
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let cookie: string;
  // Raw-socket tests need a real port; one listen serves them all.
  let address: Promise<string> | undefined;
  const listening = () => (address ??= gateway.listen({ port: 0, host: '127.0.0.1' }));

  beforeAll(async () => {
    const observe = (service: Seen['service']) => (req: FastifyRequest) =>
      seen.push({ service, id: req.id, url: req.url, identity: req.identity, headers: req.headers });
    leads = await startLeads(observe('leads'));
    tenant = await startTenant(observe('tenant'));
    await tenant.seedAdmin({ ...admin, name: 'Routing Admin' });
    // templates and ads are not running: a call that got there would answer 503, never 401.
    const nowhere = await closedPortUrl();
    gateway = buildGateway({ LEADS_URL: leads.url, TENANT_URL: tenant.url, TEMPLATES_URL: nowhere, ADS_URL: nowhere }).app;
    await gateway.ready();
    const login = await request(gateway.server).post('/api/admin/login').send(admin);
    expect(login.status).toBe(200);
    cookie = sessionCookie(login.headers['set-cookie']) as string;
  });
  afterAll(async () => {
    await gateway?.close();
    await leads?.close();
    await tenant?.close();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const adminRows = routeTable.filter((row) => row.access === 'admin');
  it.each(adminRows.map((row) => [row.method, row.path, row] as const))(
    'answers %s %s with 401 JSON without a session, and no service sees it',
    async (_method, _path, row) => {
      const res = await call(gateway.server, row);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Please log in as an admin to continue.' });
      // A service's own 401 (tenant's and leads' admin checks) would look the same from outside.
      expect(seen).toEqual([]);
    },
  );

  it('covers admin rows of every service', () => {
    expect(adminRows.length).toBeGreaterThan(30);
    expect(new Set(adminRows.map((row) => row.owner))).toEqual(new Set(['tenant', 'leads', 'templates', 'ads']));
  });

  it('would see a call that got through: tenant and leads are observed, templates and ads answer 503', async () => {
    await request(gateway.server).get('/api/clients/1');
    await request(gateway.server).post('/api/leads').send({});
    expect(seen.map((s) => [s.service, s.url])).toEqual([
      ['tenant', '/api/clients/1'],
      ['leads', '/api/leads'],
    ]);
    expect((await request(gateway.server).get('/api/template-mappings')).status).toBe(503);
    expect((await request(gateway.server).get('/api/service-templates/1/google-ads').set('cookie', cookie)).status).toBe(503);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['POST', '/api/clients/1/nothing'],
    ['PUT', '/api/clients/1'],
    ['GET', '/api/admin/login'],
    ['POST', '/uploads/x.png'],
  ] as const)('answers %s %s (in no row) with the JSON 404', async (method, path) => {
    const res = await call(gateway.server, { method, path });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    expect(res.body.message).toContain('No such API route.');
    expect(seen).toEqual([]);
  });

  it.each([
    ['POST', '/'],
    ['DELETE', '/clinic-page'],
    ['PATCH', '/services/weight-loss'],
  ] as const)('answers %s on the page path %s with the JSON 404', async (method, path) => {
    const res = await call(gateway.server, { method, path });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('forwards an admin call with a valid signed admin identity and the request id', async () => {
    const res = await request(gateway.server).get('/api/leads?status=new&q=a%20b').set('cookie', cookie).set('x-request-id', 'req-routing-1');

    // The leads skeleton has no such route yet: its own 404, not the gateway's 401.
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND', message: expect.stringContaining('GET /api/leads') });
    expect(res.headers['x-request-id']).toBe('req-routing-1');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: 'req-routing-1', url: '/api/leads?status=new&q=a%20b' });
    expect(seen[0].identity).toMatchObject({ kind: 'admin', email: admin.email });
    expect(seen[0].identity.userId).toEqual(expect.any(Number));
  });

  it('forwards a public call as anonymous and ignores identity headers a caller made up', async () => {
    const res = await request(gateway.server)
      .post('/api/leads')
      .set('x-hap-identity', Buffer.from(JSON.stringify({ kind: 'admin', userId: 1 })).toString('base64url'))
      .set('x-hap-timestamp', String(Date.now()))
      .set('x-hap-signature', 'forged')
      .send({ name: 'Visitor' });

    expect(res.status).toBe(404);
    expect(seen).toHaveLength(1);
    expect(seen[0].identity).toEqual({ kind: 'anonymous' });
    expect(res.headers['x-request-id']).toBe(seen[0].id);
  });

  it('forwards a body sent with Expect: 100-continue (curl does for large bodies)', async () => {
    const address = await listening();
    const body = JSON.stringify({ name: 'Visitor', note: 'x'.repeat(4096) });
    // Node's client, as curl does it: headers first, the body once the gateway says 100 Continue.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${address}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });

    // The leads skeleton's own 404: the request got there.
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: expect.stringContaining('POST /api/leads') });
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.expect).toBeUndefined();
  });

  it('refuses a body of unknown length with 411 instead of streaming it past the limit', async () => {
    const address = await listening();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${address}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write('{"name":');
      req.end('"Visitor"}');
    });
    expect(answer.status).toBe(411);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: 'LENGTH_REQUIRED',
      message: 'Send the request body with a Content-Length header.',
    });
    expect(seen).toHaveLength(0);
  });

  it('tells the service who called without handing it the session cookie', async () => {
    await request(gateway.server)
      .get('/api/leads')
      .set('cookie', `${cookie}; theme=dark`)
      .set('x-forwarded-host', 'spoofed.example')
      .set('host', 'clinic.example:8080');

    const { headers } = seen[0];
    expect(headers.cookie).toBe('theme=dark');
    expect(headers['x-forwarded-host']).toBe('clinic.example:8080');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  });

  it('keeps a fresh request id per request when none comes in, and refuses odd ones', async () => {
    const first = await request(gateway.server).get('/api/nothing-here');
    const odd = await request(gateway.server).get('/api/nothing-here').set('x-request-id', 'bad id\twith spaces');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
