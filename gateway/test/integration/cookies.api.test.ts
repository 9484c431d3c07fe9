import request from 'supertest';
import { Messages } from '@hap/contracts';
import { buildGateway, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { proxied, startUpstream, verifiesCredentials, type Upstream } from '../helpers/upstream';

/** Each Set-Cookie of an answer as its `name=value` and its attributes, sorted (their order means nothing). */
const setCookies = (header: string[] | string | undefined) =>
  ([] as string[]).concat(header ?? []).map((line) => {
    const [pair, ...attributes] = line.split('; ');
    return { pair, attributes: attributes.sort() };
  });

const named = (header: string[] | string | undefined, name: string) => setCookies(header).find((c) => c.pair.startsWith(`${name}=`));

// The gateway's cookies are read and written by @fastify/cookie: the same attributes as
// ever, and the Cookie header's odd spellings (spaces, repeats, junk) read one way everywhere.
describe('the gateway’s cookies', () => {
  const admin = { id: 11, email: uniqueEmail('cookies'), password: 'a cookie admin password', name: 'Cookie Admin' };
  let tenant: Upstream;
  let shell: Upstream;
  const gateways: ReturnType<typeof buildGateway>[] = [];
  let plain: ReturnType<typeof buildGateway>;
  let secure: ReturnType<typeof buildGateway>;
  let ipCounter = 0;
  /** Each login from its own address (TRUST_PROXY), so the throttle bites only where meant. */
  const freshIp = () => `198.51.100.${++ipCounter}`;

  const login = (gateway: ReturnType<typeof buildGateway>, body: object, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) => {
    const req = request(gateway.app.server).post('/api/admin/login').set('x-forwarded-for', ip);
    return (cookie ? req.set('cookie', cookie) : req).send(body);
  };

  beforeAll(async () => {
    tenant = await startUpstream({ answer: verifiesCredentials([admin]) });
    shell = await startUpstream({ answer: () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>page</title>' }) });
    const env = { TENANT_URL: tenant.url, PUBLIC_SHELL_URL: shell.url, TRUST_PROXY: 'true' };
    plain = buildGateway({ ...env, COOKIE_SECURE: 'false' });
    secure = buildGateway({ ...env, COOKIE_SECURE: 'true' });
    gateways.push(plain, secure);
    await Promise.all(gateways.map((g) => g.app.ready()));
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.app.close()));
    await tenant?.close();
    await shell?.close();
  });
  beforeEach(() => {
    tenant.received.length = 0;
    shell.received.length = 0;
  });

  it.each([
    ['without', () => plain, []],
    ['with', () => secure, ['Secure']],
  ])('sets and clears the session and device cookies with their attributes, %s COOKIE_SECURE', async (_with, gatewayOf, secureFlag) => {
    const gateway = gatewayOf();
    const res = await login(gateway, { email: admin.email, password: admin.password });
    expect(res.status).toBe(200);

    const maxAge = gateway.config.SESSION_ABSOLUTE_HOURS * 3600;
    const session = named(res.headers['set-cookie'], 'hap_sid');
    expect(session?.pair).toMatch(/^hap_sid=[A-Za-z0-9_-]{43}$/);
    expect(session?.attributes).toEqual(['HttpOnly', `Max-Age=${maxAge}`, 'Path=/', 'SameSite=Lax', ...secureFlag].sort());
    const device = named(res.headers['set-cookie'], 'hap_device');
    expect(device?.pair).toMatch(/^hap_device=v1\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(device?.attributes).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/api/admin/login', 'SameSite=Strict', ...secureFlag].sort());

    const logout = await request(gateway.app.server).post('/api/admin/logout').set('cookie', session?.pair as string);
    expect(logout.status).toBe(200);
    expect(setCookies(logout.headers['set-cookie'])).toEqual([
      {
        pair: 'hap_sid=',
        attributes: ['Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax', ...secureFlag].sort(),
      },
    ]);
  });

  it('hands services and the page renderer every cookie but the session, however the Cookie header spells it', async () => {
    const sid = sessionCookie((await login(plain, { email: admin.email, password: admin.password })).headers['set-cookie']) as string;
    const id = sid.slice('hap_sid='.length);
    // Spaces around the name and the value, and a second session cookie: none of them may leave the gateway.
    const cookie = `theme=dark;  hap_sid = ${id} ;currentClientId=2; hap_sid=${'B'.repeat(43)}`;

    const api = await request(plain.app.server).get('/api/clients').set('cookie', cookie);
    const page = await request(plain.app.server).get('/').set('cookie', cookie);

    expect(api.status).toBe(200);
    expect(page.status).toBe(200);
    const [toTenant] = proxied(tenant);
    const [toShell] = shell.received;
    expect(toTenant.headers.cookie).toBe('theme=dark; currentClientId=2');
    expect(toShell.headers.cookie).toBe('theme=dark; currentClientId=2');
    // The spaced session cookie was the session: the service was told an admin called.
    expect(toTenant.identity).toMatchObject({ kind: 'admin', userId: admin.id });
  });

  it('reads the first of two session cookies, as before', async () => {
    const sid = sessionCookie((await login(plain, { email: admin.email, password: admin.password })).headers['set-cookie']) as string;
    const stale = `hap_sid=${'C'.repeat(43)}`;

    expect((await request(plain.app.server).get('/api/clients').set('cookie', `${sid}; ${stale}`)).status).toBe(200);
    const second = await request(plain.app.server).get('/api/clients').set('cookie', `${stale}; ${sid}`);
    expect(second.status).toBe(401);
    expect(second.body).toMatchObject({ code: 'UNAUTHENTICATED', message: Messages.sessionExpired });
  });

  it.each([';;;', '=', '=x; ;', 'hap_sid', 'hap_sid=', 'hap_sid;theme'])('takes the malformed Cookie header %j as no session, never a 5xx', async (cookie) => {
    const api = await request(plain.app.server).get('/api/clients').set('cookie', cookie);
    expect(api.status).toBe(401);
    expect(api.body).toMatchObject({ code: 'UNAUTHENTICATED', message: Messages.unauthenticated });

    const page = await request(plain.app.server).get('/').set('cookie', cookie);
    expect(page.status).toBe(200);
    expect(shell.received[0].headers.cookie).toBeUndefined();
  });

  it('passes a page the cookies it can name, and leaves out a name no server could have set', async () => {
    const page = await request(plain.app.server).get('/').set('cookie', 'bad name=1; currentClientId=3; café=2; utm=a%20b');
    expect(page.status).toBe(200);
    expect(shell.received[0].headers.cookie).toBe('currentClientId=3; utm=a%20b');
  });

  it('knows a device cookie among other cookies: its failures are not charged to the address', async () => {
    const ip = freshIp();
    const first = await login(plain, { email: admin.email, password: admin.password }, { ip });
    const device = named(first.headers['set-cookie'], 'hap_device')?.pair as string;

    for (let i = 0; i < 5; i++) {
      const typo = await login(plain, { email: admin.email, password: 'a typo' }, { ip, cookie: `theme=dark; ${device}; currentClientId=2` });
      expect(typo.status).toBe(401);
    }
    // Counted on the device alone: without it, the address still gets the right password in.
    expect((await login(plain, { email: admin.email, password: admin.password }, { ip })).status).toBe(200);
  });
});
