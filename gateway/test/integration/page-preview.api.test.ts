import request from 'supertest';
import { sessionTagOf, signIdentity } from '@hap/service-kit';
import { buildGateway, loginCookie, uniqueEmail } from '../helpers/gateway';
import { startUpstream, verifiesCredentials, type Upstream } from '../helpers/upstream';

const secret = process.env.INTERNAL_SECRET ?? '';

/**
 * An admin's preview of a service page (docs/public-site.md#page-styles): a `?preview=1` page
 * asked for with an admin session reaches the public shell with the admin's
 * identity signed onto it, in the headers every service call carries; the
 * shell verifies it and reads the catalogue as that admin itself (its tests).
 * The shell, the tenant and the templates service are recording upstreams
 * here: what they received is what the gateway let through.
 */
describe("an admin's page preview", () => {
  const admin = { id: 11, email: uniqueEmail('preview'), password: 'correct horse battery staple', name: 'Preview Admin' };
  let tenant: Upstream;
  let templates: Upstream;
  let pages: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let cookie: string;

  beforeAll(async () => {
    [tenant, templates, pages] = await Promise.all([
      startUpstream({ answer: verifiesCredentials([admin]) }),
      startUpstream(),
      startUpstream({ answer: () => ({ headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>page</title>' }) }),
    ]);
    gateway = buildGateway({ TENANT_URL: tenant.url, TEMPLATES_URL: templates.url, PUBLIC_SHELL_URL: pages.url }).app;
    await gateway.ready();
    cookie = await loginCookie(gateway, admin);
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([tenant, templates, pages].map((u) => u?.close()));
  });
  beforeEach(() => {
    for (const u of [tenant, templates, pages]) u.received.length = 0;
  });

  it('signs the admin, with the session as its tag, onto a ?preview=1 page asked for with an admin session', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await request(gateway.server)[method === 'GET' ? 'get' : 'head']('/hair-restoration?client=1&preview=1').set('cookie', cookie);
      expect(res.status).toBe(200);
      const page = pages.received.at(-1);
      expect(page).toMatchObject({ method, url: '/hair-restoration?client=1&preview=1' });
      // Verified by the recording shell over the method and URL it received, as the real shell does.
      expect(page?.identity).toEqual({ kind: 'admin', userId: admin.id, email: admin.email, session: sessionTagOf(secret, cookie.split('=')[1]!) });
      // The session id itself never reaches the shell.
      expect(String(page?.headers.cookie ?? '')).not.toContain(cookie);
    }
  });

  it("signs the admin onto any page asked for with an admin session (the shell renders it afresh, not from its page cache)", async () => {
    const res = await request(gateway.server).get('/hair-restoration?client=1').set('cookie', cookie);
    expect(res.status).toBe(200);
    expect(pages.received.at(-1)?.identity).toEqual({ kind: 'admin', userId: admin.id, email: admin.email, session: sessionTagOf(secret, cookie.split('=')[1]!) });
  });

  it('signs nothing onto a page without an admin session, and drops an identity the browser sent', async () => {
    await request(gateway.server).get('/hair-restoration?client=1&preview=1');
    // A session cookie that names no session (expired, made up) is a visitor's.
    await request(gateway.server).get('/hair-restoration?client=1').set('cookie', 'hap_sid=not-a-session-of-ours');
    const url = '/hair-restoration?preview=1';
    // A visitor who knew the secret could sign anything; one who does not cannot, and even a valid-looking set goes no further.
    await request(gateway.server).get(url).set(signIdentity('a-guessed-secret-of-some-length', 'GET', url, { kind: 'admin', userId: 1 }));
    await request(gateway.server).get(url).set(signIdentity(secret, 'GET', url, { kind: 'admin', userId: 1 }));
    expect(pages.received).toHaveLength(4);
    for (const page of pages.received) {
      expect(page.identity).toBeNull();
      expect(Object.keys(page.headers).filter((name) => name.startsWith('x-hap-'))).toEqual([]);
    }
  });

  it('gives the public shell no reach of its own: its signed GET of a public row goes upstream as anonymous, an admin row is 401', async () => {
    const shell = { kind: 'service' as const, service: 'public-shell' };
    const content = '/api/page-content/1?service=hair-restoration&preview=true';
    expect((await request(gateway.server).get(content).set(signIdentity(secret, 'GET', content, shell))).status).toBe(200);
    expect(templates.received.map((r) => r.identity)).toEqual([{ kind: 'anonymous' }]);
    expect((await request(gateway.server).get('/api/clients').set(signIdentity(secret, 'GET', '/api/clients', shell))).status).toBe(401);
    expect(tenant.received.filter((r) => r.url.startsWith('/api/clients'))).toEqual([]);
  });
});
