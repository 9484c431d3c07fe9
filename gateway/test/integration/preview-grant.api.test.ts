import request from 'supertest';
import { routes } from '@hap/contracts';
import { PREVIEW_GRANT_HEADER, signIdentity, signPreviewGrant, verifyPreviewGrant } from '@hap/service-kit';
import { buildGateway, loginCookie, uniqueEmail } from '../helpers/gateway';
import { startUpstream, verifiesCredentials, type Upstream } from '../helpers/upstream';

const secret = process.env.INTERNAL_SECRET ?? '';
const shell = { kind: 'service' as const, service: 'public-shell' };

/**
 * An admin's preview of a service page (DESIGN §9.3): the gateway gives the
 * public shell a grant for a `?preview=1` page asked for with an admin
 * session, and lets the shell's GETs read public rows as that admin. The
 * shell, the tenant and the templates service are recording upstreams here:
 * what they received is what the gateway let through.
 */
describe('admin preview grant', () => {
  const admin = { id: 11, email: uniqueEmail('preview'), password: 'correct horse battery staple', name: 'Preview Admin' };
  let tenant: Upstream;
  let templates: Upstream;
  let pages: Upstream;
  let leads: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let cookie: string;

  beforeAll(async () => {
    [tenant, templates, pages, leads] = await Promise.all([
      startUpstream({ answer: verifiesCredentials([admin]) }),
      startUpstream(),
      startUpstream({ answer: () => ({ headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>page</title>' }) }),
      startUpstream(),
    ]);
    gateway = buildGateway({ TENANT_URL: tenant.url, TEMPLATES_URL: templates.url, PUBLIC_SHELL_URL: pages.url, LEADS_URL: leads.url }).app;
    await gateway.ready();
    cookie = await loginCookie(gateway, admin);
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([tenant, templates, pages, leads].map((u) => u?.close()));
  });
  beforeEach(() => {
    for (const u of [tenant, templates, pages, leads]) u.received.length = 0;
  });

  const grantReceived = () => pages.received.at(-1)?.headers[PREVIEW_GRANT_HEADER];

  it('gives the shell a grant naming the admin for a ?preview=1 page asked for with an admin session', async () => {
    const res = await request(gateway.server).get('/hair-restoration?client=1&preview=1').set('cookie', cookie);
    expect(res.status).toBe(200);
    expect(verifyPreviewGrant(secret, grantReceived())).toEqual({ kind: 'admin', userId: admin.id, email: admin.email });
  });

  it('gives none without a session, without ?preview=1, or for a grant the browser made up', async () => {
    await request(gateway.server).get('/hair-restoration?client=1&preview=1');
    expect(grantReceived()).toBeUndefined();
    await request(gateway.server).get('/hair-restoration?client=1').set('cookie', cookie);
    expect(grantReceived()).toBeUndefined();
    await request(gateway.server).get('/hair-restoration?preview=1').set(PREVIEW_GRANT_HEADER, signPreviewGrant('a-guessed-secret-of-some-length', { kind: 'admin', userId: 1 }));
    expect(grantReceived()).toBeUndefined();
    expect(pages.received).toHaveLength(3);
  });

  /** A GET as the public shell signs it, showing `grant`. */
  const shellGet = (url: string, grant: string) =>
    request(gateway.server)
      .get(url)
      .set(signIdentity(secret, 'GET', url, shell))
      .set(PREVIEW_GRANT_HEADER, grant);

  it('lets the signed public shell read a public row as the admin the grant names', async () => {
    const url = '/api/page-content/1?service=hair-restoration&preview=true';
    const res = await shellGet(url, signPreviewGrant(secret, { kind: 'admin', userId: admin.id, email: admin.email }));
    expect(res.status).toBe(200);
    expect(templates.received).toHaveLength(1);
    expect(templates.received[0].identity).toEqual({ kind: 'admin', userId: admin.id, email: admin.email });
    // The grant itself goes no further than the gateway.
    expect(templates.received[0].headers[PREVIEW_GRANT_HEADER]).toBeUndefined();
  });

  it('reads as anonymous for a grant shown by anyone but the shell, a stale grant, or a write', async () => {
    const url = '/api/page-content/1?service=hair-restoration&preview=true';
    const grant = signPreviewGrant(secret, { kind: 'admin', userId: admin.id });
    await request(gateway.server).get(url).set(PREVIEW_GRANT_HEADER, grant);
    await shellGet(url, signPreviewGrant(secret, { kind: 'admin', userId: admin.id }, Date.now() - 120_000));
    expect(templates.received.map((r) => r.identity)).toEqual([{ kind: 'anonymous' }, { kind: 'anonymous' }]);

    const body = JSON.stringify({ name: 'Pat Doe' });
    await request(gateway.server)
      .post(routes.submitLead.path)
      .set('content-type', 'application/json')
      .set(signIdentity(secret, 'POST', routes.submitLead.path, shell))
      .set(PREVIEW_GRANT_HEADER, grant)
      .send(body);
    expect(leads.received).toHaveLength(1);
    expect(leads.received[0].identity).toEqual({ kind: 'anonymous' });
  });

  it('never opens an admin row', async () => {
    const res = await shellGet('/api/clients', signPreviewGrant(secret, { kind: 'admin', userId: admin.id }));
    expect(res.status).toBe(401);
    expect(tenant.received.filter((r) => r.url.startsWith('/api/clients'))).toEqual([]);
  });
});
