import request from 'supertest';
import { buildGateway, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { startUpstream, verifiesCredentials, type Answer, type Received, type Upstream } from '../helpers/upstream';

/** Headers the stub answers each path with (besides JSON, PNG or HTML content). */
const STUB_HEADERS: Record<string, Record<string, string>> = {
  '/api/staff-members/client/1': { 'cache-control': 'public, max-age=60', vary: 'Accept-Encoding' },
  '/api/clients/1': {},
  '/uploads/plain.png': {},
  '/uploads/cached.png': { 'cache-control': 'public, max-age=31536000, immutable' },
  '/some-page': {},
};

/** A service (and the page renderer) that sets its own Cache-Control, or none. */
function stubAnswer({ url }: Received): Answer {
  const path = url.split('?')[0];
  const headers = STUB_HEADERS[path];
  if (!headers) return { status: 404, body: { success: false } };
  const type = path.endsWith('.png') ? 'image/png' : path.startsWith('/api') ? 'application/json' : 'text/html';
  return { headers: { 'content-type': type, ...headers }, body: type === 'application/json' ? { success: true, data: [] } : 'x' };
}

describe('Cache-Control of API answers', () => {
  const admin = { id: 3, email: uniqueEmail('cache'), password: 'a cache-control admin password' };
  let stub: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let cookie: string;

  beforeAll(async () => {
    stub = await startUpstream({ answer: verifiesCredentials([admin], stubAnswer) });
    gateway = buildGateway({ TENANT_URL: stub.url, PUBLIC_SHELL_URL: stub.url }).app;
    await gateway.ready();
    const login = await request(gateway.server).post('/api/admin/login').send(admin);
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    cookie = sessionCookie(login.headers['set-cookie']) as string;
  });
  afterAll(async () => {
    await gateway?.close();
    await stub?.close();
  });

  it('marks a public row answered differently for an admin and a visitor no-store, both ways', async () => {
    const visitor = await request(gateway.server).get('/api/clients/1');
    const asAdmin = await request(gateway.server).get('/api/clients/1').set('cookie', cookie);

    for (const res of [visitor, asAdmin]) {
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(stub.received.filter((r) => r.url === '/api/clients/1').map((r) => r.identity?.kind)).toEqual(['anonymous', 'admin']);
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

  it("keeps a service's own Cache-Control, varying it by the session cookie", async () => {
    const res = await request(gateway.server).get('/api/staff-members/client/1');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('leaves /uploads/* and pages as their owner sent them', async () => {
    const plain = await request(gateway.server).get('/uploads/plain.png');
    const cached = await request(gateway.server).get('/uploads/cached.png');
    const page = await request(gateway.server).get('/some-page');

    expect([plain.status, cached.status, page.status]).toEqual([200, 200, 200]);
    expect(plain.headers['cache-control']).toBeUndefined();
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(cached.headers.vary).toBeUndefined();
    expect(page.headers['cache-control']).toBeUndefined();
  });
});
