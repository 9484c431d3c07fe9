import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { buildGateway, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { startTenant } from '../helpers/services';

/** Headers the stub service answers each path with (besides JSON or PNG content). */
const STUB_HEADERS: Record<string, Record<string, string>> = {
  '/api/template-mappings': { 'cache-control': 'public, max-age=60', vary: 'Accept-Encoding' },
  '/api/template-subcategories': {},
  '/uploads/plain.png': {},
  '/uploads/cached.png': { 'cache-control': 'public, max-age=31536000, immutable' },
  '/some-page': {},
};

/** A recording HTTP server standing for a service (and the page renderer) that sets its own Cache-Control, or none. */
async function startStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    const headers = STUB_HEADERS[path];
    if (!headers) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
      return;
    }
    const type = path.endsWith('.png') ? 'image/png' : path.startsWith('/api') ? 'application/json' : 'text/html';
    res.writeHead(200, { 'content-type': type, ...headers }).end(type === 'application/json' ? '{"success":true,"data":[]}' : 'x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('Cache-Control of API answers', () => {
  const admin = { email: uniqueEmail('cache'), password: 'a cache-control admin password' };
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  let stub: Awaited<ReturnType<typeof startStub>>;
  let gateway: ReturnType<typeof buildGateway>['app'];
  /** Tenant is the stub here, for /uploads/*. */
  let uploads: ReturnType<typeof buildGateway>['app'];
  let cookie: string;

  beforeAll(async () => {
    tenant = await startTenant();
    await tenant.seedAdmin(admin);
    stub = await startStub();
    gateway = buildGateway({ TENANT_URL: tenant.url, TEMPLATES_URL: stub.url, PUBLIC_SHELL_URL: stub.url }).app;
    uploads = buildGateway({ TENANT_URL: stub.url }).app;
    await Promise.all([gateway.ready(), uploads.ready()]);
    const login = await request(gateway.server).post('/api/admin/login').send(admin);
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    cookie = sessionCookie(login.headers['set-cookie']) as string;
  });
  afterAll(async () => {
    await gateway?.close();
    await uploads?.close();
    await stub?.close();
    await tenant?.close();
  });

  it('marks a public row answered differently for an admin and a visitor no-store, both ways', async () => {
    const visitor = await request(gateway.server).get('/api/clients/1');
    const asAdmin = await request(gateway.server).get('/api/clients/1').set('cookie', cookie);

    for (const res of [visitor, asAdmin]) {
      // tenant's own answer (the client, or none), passed through.
      expect([200, 404]).toContain(res.status);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("marks the gateway's own answers no-store: auth routes, 401, 404", async () => {
    const answers = await Promise.all([
      request(gateway.server).get('/api/admin/auth-status').set('cookie', cookie),
      request(gateway.server).get('/api/admin/auth-status'),
      request(gateway.server).post('/api/admin/login').send({ email: 'not-an-email', password: 'x' }),
      request(gateway.server).get('/api/clients'),
      request(gateway.server).get('/api/nothing-here?x=1'),
      request(gateway.server).get('/api'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 401, 400, 401, 404, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');

    const logout = await request(gateway.server).post('/api/admin/logout');
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('marks a service answer without a Cache-Control of its own no-store', async () => {
    const res = await request(gateway.server).get('/api/template-subcategories');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("keeps a service's own Cache-Control, varying it by the session cookie", async () => {
    const res = await request(gateway.server).get('/api/template-mappings');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('leaves /uploads/* and pages as their owner sent them', async () => {
    const plain = await request(uploads.server).get('/uploads/plain.png');
    const cached = await request(uploads.server).get('/uploads/cached.png');
    const page = await request(gateway.server).get('/some-page');

    expect([plain.status, cached.status, page.status]).toEqual([200, 200, 200]);
    expect(plain.headers['cache-control']).toBeUndefined();
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(cached.headers.vary).toBeUndefined();
    expect(page.headers['cache-control']).toBeUndefined();
  });
});
