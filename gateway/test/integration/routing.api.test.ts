import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { routeTable, type RouteContract } from '@hap/contracts';
import { sessionTagOf } from '@hap/service-kit';
import { fakeTenantSuite } from '../helpers/fake-tenant-suite';
import { uniqueEmail } from '../helpers/gateway';
import { rawRequest } from '../helpers/net';
import { proxied } from '../helpers/upstream';
import { routedServices } from '../../src/routing/route-table';

/** A concrete URL for a route pattern: `:params` become 1, `*` becomes x. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
const call = (server: Parameters<typeof request>[0], row: Pick<RouteContract, 'method' | 'path'>) => {
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

/** Sends a raw POST with Node's client and collects the answer. */
function post(url: string, headers: Record<string, string | number>, write: (req: ReturnType<typeof httpRequest>) => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    write(req);
  });
}

// Every service the table routes to is one recording upstream here: what it
// received is exactly what the gateway let through.
describe('gateway routing by the route table', () => {
  const admin = { id: 7, email: uniqueEmail('routing'), password: 'correct horse battery staple', name: 'Routing Admin' };
  const suite = fakeTenantSuite(admin, (req) => ({ body: { success: true, data: { seen: req.url } } }));

  const adminRows = routeTable.filter((row) => row.access === 'admin');
  it.each(adminRows.map((row) => [row.method, row.path, row] as const))(
    'answers %s %s with 401 JSON without a session, and no service sees it',
    async (_method, _path, row) => {
      const res = await call(suite.gateway.server, row);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Please log in as an admin to continue.' });
      expect(suite.tenant.received).toEqual([]);
    },
  );

  it('routes every service that owns a public or admin row, and only those', () => {
    expect(adminRows.length).toBeGreaterThan(0);
    expect(new Set(routeTable.filter((row) => row.access !== 'internal' && row.owner !== 'gateway').map((row) => row.owner))).toEqual(new Set(routedServices()));
  });

  it('forwards an allowed call to the row owner and passes its answer through', async () => {
    const res = await request(suite.gateway.server).get('/api/clients/1?optimized=true');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { seen: '/api/clients/1?optimized=true' } });
    expect(proxied(suite.tenant).map((r) => [r.method, r.url])).toEqual([['GET', '/api/clients/1?optimized=true']]);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['POST', '/api/clients/1/nothing'],
    ['PUT', '/api/clients/1'],
    ['GET', '/api/admin/login'],
    ['POST', '/uploads/x.png'],
    ['DELETE', '/api/leads/1'],
    // Rows that come back with their issues: no service answers them yet.
    ['GET', '/api/onboarding'],
    ['GET', '/api/google-ads/campaigns'],
    // The edge's on-demand TLS ask is tenant's, unsigned, for Caddy alone: never through the gateway.
    ['GET', '/internal/domains/ask?domain=www.clinic.example'],
    ['GET', '/api/internal/domains/ask?domain=www.clinic.example'],
  ] as const)('answers %s %s (in no row) with the JSON 404', async (method, path) => {
    const res = await call(suite.gateway.server, { method, path }).set('cookie', suite.cookie);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    expect(res.body.message).toContain('No such API route.');
    expect(suite.tenant.received).toEqual([]);
  });

  it('never routes an internal row, with or without a session', async () => {
    const internal = routeTable.filter((row) => row.access === 'internal');
    expect(internal.map((row) => row.path)).toEqual(expect.arrayContaining(['/internal/auth/verify', '/internal/domains/ask', '/internal/domains/certificate']));
    for (const row of internal) {
      for (const path of [row.path, `/api${row.path}`]) {
        const res = await call(suite.gateway.server, { method: row.method, path }).set('cookie', suite.cookie).send({ email: admin.email, password: admin.password });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
      }
    }
    expect(suite.tenant.received).toEqual([]);
  });

  it.each([
    ['POST', '/'],
    ['DELETE', '/clinic-page'],
    ['PATCH', '/services/weight-loss'],
  ] as const)('answers %s on the page path %s with the JSON 404', async (method, path) => {
    const res = await call(suite.gateway.server, { method, path });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('forwards an admin call with a valid signed admin identity and the request id', async () => {
    const res = await request(suite.gateway.server).get('/api/clients?status=new&q=a%20b').set('cookie', suite.cookie).set('x-request-id', 'req-routing-1');

    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-routing-1');
    expect(suite.tenant.received).toHaveLength(1);
    expect(suite.tenant.received[0]).toMatchObject({ url: '/api/clients?status=new&q=a%20b' });
    expect(suite.tenant.received[0].headers['x-request-id']).toBe('req-routing-1');
    // The session as its tag (service-kit sessionTagOf), never the id itself.
    expect(suite.tenant.received[0].identity).toEqual({ kind: 'admin', userId: admin.id, email: admin.email, session: sessionTagOf(process.env.INTERNAL_SECRET ?? '', suite.cookie.split('=')[1]!) });
  });

  it('forwards a public call as anonymous and ignores identity headers a caller made up', async () => {
    const res = await request(suite.gateway.server)
      .get('/api/clients/1')
      .set('x-hap-identity', Buffer.from(JSON.stringify({ kind: 'admin', userId: 1 })).toString('base64url'))
      .set('x-hap-timestamp', String(Date.now()))
      .set('x-hap-signature', 'forged');

    expect(res.status).toBe(200);
    expect(suite.tenant.received).toHaveLength(1);
    expect(suite.tenant.received[0].identity).toEqual({ kind: 'anonymous' });
    expect(res.headers['x-request-id']).toBe(suite.tenant.received[0].headers['x-request-id']);
  });

  it('forwards a body sent with Expect: 100-continue (curl does for large bodies)', async () => {
    const body = JSON.stringify({ clientId: 1, name: 'Dr Visitor', note: 'x'.repeat(4096) });
    // Node's client, as curl does it: headers first, the body once the gateway says 100 Continue.
    const answer = await post(
      `${suite.address}/api/staff-members`,
      { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue', cookie: suite.cookie },
      (req) => req.on('continue', () => req.end(body)),
    );

    expect(answer.status).toBe(200);
    expect(suite.tenant.received).toHaveLength(1);
    expect(suite.tenant.received[0].headers.expect).toBeUndefined();
    expect(suite.tenant.received[0].body.toString('utf8')).toBe(body);
  });

  it('forwards a chunked body whole, with its length instead of the chunking', async () => {
    const answer = await post(
      `${suite.address}/api/staff-members`,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked', cookie: suite.cookie },
      (req) => {
        req.write('{"clientId":1,');
        req.end('"name":"Dr Chunked"}');
      },
    );

    expect(answer.status).toBe(200);
    const [seen] = suite.tenant.received;
    expect(seen.body.toString('utf8')).toBe('{"clientId":1,"name":"Dr Chunked"}');
    expect(seen.headers['content-length']).toBe(String(seen.body.length));
    expect(seen.headers['transfer-encoding']).toBeUndefined();
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it('tells the service who called without handing it the session cookie', async () => {
    await request(suite.gateway.server)
      .get('/api/clients')
      .set('cookie', `${suite.cookie}; theme=dark`)
      .set('x-forwarded-host', 'spoofed.example')
      .set('host', 'clinic.example:8080');

    const { headers } = suite.tenant.received[0];
    expect(headers.cookie).toBe('theme=dark');
    expect(headers['x-forwarded-host']).toBe('clinic.example:8080');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  });

  it("keeps its own connection headers: a service's keep-alive never overrides the caller's Connection: close", async () => {
    const head = 'GET /api/clients/1 HTTP/1.1\r\nHost: clinic.example\r\nConnection: close\r\n\r\n';
    const closing = await rawRequest(suite.address, head);
    expect(closing.status).toBe(200);
    expect(closing.headers.connection).toBe('close');
    expect(closing.headers['keep-alive']).toBeUndefined();
    expect(closing.closed).toBe(true);

    const kept = await fetch(`${suite.address}/api/clients/1`);
    await kept.text();
    // The gateway's own keep-alive (KEEP_ALIVE_TIMEOUT_MS), not the upstream's (Node's 5 s).
    expect(kept.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('keeps a fresh request id per request when none comes in, and refuses odd ones', async () => {
    const first = await request(suite.gateway.server).get('/api/nothing-here');
    const odd = await request(suite.gateway.server).get('/api/nothing-here').set('x-request-id', 'bad id\twith spaces');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
