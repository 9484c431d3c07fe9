import request from 'supertest';
import { Messages } from '@hap/contracts';
import { signIdentity } from '@hap/service-kit';
import { EMBED_HEIGHT_SCRIPT_HASH, PAGE_BOOT_SCRIPT_HASH } from '../../src/plugins/security';
import { buildGateway } from '../helpers/gateway';
import { closedPortUrl } from '../helpers/net';

describe('security headers, allowed origins and the general rate limit', () => {
  let gateway: ReturnType<typeof buildGateway>['app'];
  let production: ReturnType<typeof buildGateway>['app'];

  beforeAll(async () => {
    const nowhere = await closedPortUrl();
    gateway = buildGateway({ ALLOWED_ORIGINS: 'https://admin.partner.example, http://localhost:5173', RATE_LIMIT_PER_MINUTE: '100', PUBLIC_SHELL_URL: nowhere }).app;
    production = buildGateway({ NODE_ENV: 'production', INTERNAL_SECRET: 'a-real-secret-for-this-test-only' }).app;
    await Promise.all([gateway.ready(), production.ready()]);
  });
  afterAll(async () => {
    await gateway?.close();
    await production?.close();
  });

  it('sets the security headers, a CSP with no tag host and no https wildcard but images, and no HSTS outside production', async () => {
    const res = await request(gateway.server).get('/api/admin/auth-status');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    // The hash is the form embed's height reporter's, a fixed known script (packages/contracts/src/embed.ts).
    expect(EMBED_HEIGHT_SCRIPT_HASH).toBe("'sha256-jplZ/IwnnLzVm17+L+2maC7fVuqrGNASbyZliFixYp0='");
    // The other is the public pages' script loader (page-boot.ts); the browser suite proves a page runs under this policy.
    expect(csp).toContain(`script-src 'self' ${EMBED_HEIGHT_SCRIPT_HASH} ${PAGE_BOOT_SCRIPT_HASH};`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // An admin sees logos given as URLs; nothing else may reach outside.
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows ADMIN_REMOTE_ORIGIN to serve scripts and be fetched, and nothing else new', async () => {
    const remote = buildGateway({ ADMIN_REMOTE_ORIGIN: 'https://cdn.example.com/' }).app;
    await remote.ready();
    try {
      const csp = String((await request(remote.server).get('/api/admin/auth-status')).headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe(
        `script-src 'self' ${EMBED_HEIGHT_SCRIPT_HASH} ${PAGE_BOOT_SCRIPT_HASH} https://cdn.example.com`,
      );
      expect(directive('connect-src')).toBe("connect-src 'self' https://cdn.example.com");
      expect(csp.match(/cdn\.example\.com/g)).toHaveLength(2);
    } finally {
      await remote.close();
    }
    const csp = String((await request(gateway.server).get('/api/admin/auth-status')).headers['content-security-policy']);
    expect(csp).not.toContain('cdn.example.com');
  });

  it('sends HSTS and Secure cookies in production', async () => {
    const res = await request(production.server).post('/api/admin/logout');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join()).toMatch(/hap_sid=;.*Secure/);
  });

  it('sets the headers on proxied pages too, even when the page is a 503', async () => {
    const res = await request(gateway.server).get('/some-page');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('accepts state changes from ALLOWED_ORIGINS and refuses others', async () => {
    const allowed = await request(gateway.server).post('/api/admin/logout').set('origin', 'https://admin.partner.example');
    const refused = await request(gateway.server).post('/api/admin/logout').set('origin', 'https://partner.example');
    expect(allowed.status).toBe(200);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ORIGIN_FORBIDDEN');
  });

  it('refuses a state change that a browser says another site sent, without an Origin', async () => {
    const refused = await request(gateway.server).post('/api/admin/logout').set('sec-fetch-site', 'cross-site');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, code: 'ORIGIN_FORBIDDEN', message: Messages.originForbidden });
    const proxied = await request(gateway.server).post('/api/clients').set('sec-fetch-site', 'cross-site').send({ name: 'x' });
    expect(proxied.status).toBe(403);
    expect(proxied.body.code).toBe('ORIGIN_FORBIDDEN');
  });

  it.each(['same-origin', 'same-site', 'none'])('lets Sec-Fetch-Site: %s through without an Origin', async (site) => {
    const res = await request(gateway.server).post('/api/admin/logout').set('sec-fetch-site', site);
    expect(res.status).toBe(200);
  });

  it('goes by the Origin when there is one, whatever Sec-Fetch-Site says', async () => {
    const res = await request(gateway.server)
      .post('/api/admin/logout')
      .set('sec-fetch-site', 'cross-site')
      .set('origin', 'https://admin.partner.example');
    expect(res.status).toBe(200);
  });

  it('does not check the Origin of reads', async () => {
    const res = await request(gateway.server).get('/api/admin/auth-status').set('origin', 'https://evil.example').set('sec-fetch-site', 'cross-site');
    expect(res.status).toBe(401);
  });

  it('limits requests per IP with a 429 JSON envelope', async () => {
    const limited = buildGateway({ RATE_LIMIT_PER_MINUTE: '3' }).app;
    await limited.ready();
    try {
      const statuses: number[] = [];
      let last: request.Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await request(limited.server).get('/api/admin/auth-status');
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last?.body).toEqual({ success: false, code: 'RATE_LIMITED', message: Messages.rateLimited });
      expect(last?.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('limits lead and onboarding submissions per IP, each on its own count with its own message', async () => {
    // Leads is not listening: each counted submission answers 503; the limit answers before it is asked.
    const limited = buildGateway({ RATE_LIMIT_PER_MINUTE: '100', LEAD_RATE_LIMIT_PER_MINUTE: '2', LEADS_URL: await closedPortUrl(), TENANT_URL: await closedPortUrl() }).app;
    await limited.ready();
    try {
      const post = () => request(limited.server).post('/api/leads').send({ name: 'Jane Smith' });
      // The same form posted without script (POST /api/leads/form) is on the same count.
      const formPost = () => request(limited.server).post('/api/leads/form').type('form').send('name=Jane+Smith');
      const statuses = [(await post()).status, (await formPost()).status];
      const refused = await post();
      expect(statuses).toEqual([503, 503]);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, code: 'RATE_LIMITED', message: Messages.leadsRateLimited });
      // A browser posting the form itself reads the refusal as a page, in the same words.
      const refusedForm = await formPost().set('accept', 'text/html,application/xhtml+xml');
      expect(refusedForm.status).toBe(429);
      expect(refusedForm.headers['content-type']).toMatch(/^text\/html/);
      expect(refusedForm.text).toContain(Messages.leadsRateLimited);
      // Other calls from the same address are not held back by the lead count.
      expect((await request(limited.server).get('/api/admin/auth-status')).status).toBe(401);
      // A sign-up has a count of its own, with its own words.
      const signUp = () => request(limited.server).post('/api/onboarding').send({ name: 'Summit Clinic' });
      expect([(await signUp()).status, (await signUp()).status]).toEqual([503, 503]);
      const refusedSignUp = await signUp();
      expect(refusedSignUp.status).toBe(429);
      expect(refusedSignUp.body.message).toBe(Messages.onboardingRateLimited);
    } finally {
      await limited.close();
    }
  });

  it('counts form submissions in Redis, so every gateway replica counts the same ones', async () => {
    const shared = { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'hap_test'}_forms_${Date.now().toString(36)}`, LEAD_RATE_LIMIT_PER_MINUTE: '2', LEADS_URL: await closedPortUrl() };
    const one = buildGateway(shared).app;
    const two = buildGateway(shared).app;
    await Promise.all([one.ready(), two.ready()]);
    try {
      const post = (app: typeof one) => request(app.server).post('/api/leads').send({ name: 'Jane Smith' });
      expect([(await post(one)).status, (await post(two)).status]).toEqual([503, 503]);
      const refused = await post(one);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(Messages.leadsRateLimited);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(two)).status).toBe(429);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('counts a call signed as the public shell like any other: the shell reads tenant and templates directly, so it has no exemption', async () => {
    const limited = buildGateway({ RATE_LIMIT_PER_MINUTE: '2' }).app;
    await limited.ready();
    const secret = process.env.INTERNAL_SECRET ?? '';
    const url = '/api/admin/auth-status';
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const shell = signIdentity(secret, 'GET', url, { kind: 'service', service: 'public-shell' });
        statuses.push((await request(limited.server).get(url).set(shell)).status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
