import request from 'supertest';
import { Messages } from '@hap/contracts';
import { buildGateway, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { startTenant, TENANT_START_TIMEOUT_MS } from '../helpers/services';

describe('admin login, logout and auth-status', () => {
  const password = 'a long admin password';
  const admin = { email: uniqueEmail('auth'), password, name: 'Auth Admin' };
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let ipCounter = 0;
  /** Each test logs in from its own address (TRUST_PROXY), so the per-IP limit only bites where meant. */
  const freshIp = () => `198.51.100.${++ipCounter}`;

  const login = (body: object, ip = freshIp()) =>
    request(gateway.server).post('/api/admin/login').set('x-forwarded-for', ip).send(body);

  beforeAll(async () => {
    tenant = await startTenant();
    await tenant.seedAdmin(admin);
    gateway = buildGateway({
      TENANT_URL: tenant.url,
      TRUST_PROXY: 'true',
      LOGIN_MAX_PER_IP: '6',
      LOGIN_MAX_PER_ACCOUNT_AND_IP: '5',
      LOGIN_MAX_PER_ACCOUNT_PER_HOUR: '12',
    }).app;
    // Listening, so simultaneous requests share one server.
    await gateway.listen({ host: '127.0.0.1', port: 0 });
  }, TENANT_START_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.close();
    await tenant?.close();
  });

  describe('POST /api/admin/login', () => {
    it.each([
      [{ email: 'not-an-email', password }, 'Please enter a valid email address'],
      [{ email: admin.email, password: '' }, 'Password is required'],
      [{ email: admin.email }, 'Password is required'],
    ])('refuses %j with 400 and the form message', async (body, message) => {
      const res = await login(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    });

    it('answers a wrong password and an unknown e-mail alike with 401', async () => {
      for (const body of [{ email: admin.email, password: 'wrong password' }, { email: uniqueEmail('nobody'), password }]) {
        const res = await login(body);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
        expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
      }
    });

    it('logs an admin in with an HttpOnly SameSite=Lax session cookie', async () => {
      const res = await login({ email: admin.email, password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { user: { id: expect.any(Number), email: admin.email, name: admin.name, isAdmin: true } },
      });
      const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('hap_sid='));
      expect(setCookie).toMatch(/^hap_sid=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Lax/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).not.toMatch(/; Secure/);

      const status = await request(gateway.server).get('/api/admin/auth-status').set('cookie', sessionCookie(res.headers['set-cookie']) as string);
      expect(status.status).toBe(200);
      expect(status.body).toEqual({ success: true, user: res.body.data.user });
    });

    it('refuses an account without admin access with 403 and no session', async () => {
      const staff = { email: uniqueEmail('staff'), password: 'a staff password' };
      await tenant.seedNonAdmin(staff);
      const res = await login(staff);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: 'FORBIDDEN', message: Messages.notAdmin });
      expect(Messages.notAdmin).toBe('This account does not have admin access.');
      expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
    });

    it('rotates the session at every login: the old cookie stops working', async () => {
      const first = sessionCookie((await login({ email: admin.email, password })).headers['set-cookie']) as string;
      const second = await request(gateway.server)
        .post('/api/admin/login')
        .set('x-forwarded-for', freshIp())
        .set('cookie', first)
        .send({ email: admin.email, password });
      const next = sessionCookie(second.headers['set-cookie']) as string;

      expect(next).not.toBe(first);
      expect((await request(gateway.server).get('/api/admin/auth-status').set('cookie', first)).status).toBe(401);
      expect((await request(gateway.server).get('/api/admin/auth-status').set('cookie', next)).status).toBe(200);
    });
  });

  describe('GET /api/admin/auth-status', () => {
    it('answers 401 without a session, with an unknown one and with a malformed one', async () => {
      for (const cookie of [undefined, `hap_sid=${'A'.repeat(43)}`, 'hap_sid=short']) {
        const req = request(gateway.server).get('/api/admin/auth-status');
        const res = await (cookie ? req.set('cookie', cookie) : req);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, code: 'UNAUTHENTICATED', message: Messages.unauthenticated });
      }
    });
  });

  describe('POST /api/admin/logout', () => {
    it('destroys the session and clears the cookie', async () => {
      const cookie = sessionCookie((await login({ email: admin.email, password })).headers['set-cookie']) as string;
      const res = await request(gateway.server).post('/api/admin/logout').set('cookie', cookie);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: null });
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join()).toMatch(/hap_sid=;.*Expires=Thu, 01 Jan 1970/);
      expect((await request(gateway.server).get('/api/admin/auth-status').set('cookie', cookie)).status).toBe(401);
      expect((await request(gateway.server).get('/api/clients').set('cookie', cookie)).status).toBe(401);
    });

    it('is fine without a session', async () => {
      const res = await request(gateway.server).post('/api/admin/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: null });
    });
  });

  describe('login throttling', () => {
    it('refuses an account from one address after 5 failures there, even with the right password', async () => {
      const victim = { email: uniqueEmail('victim'), password: 'the victim password' };
      await tenant.seedAdmin(victim);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await login({ email: victim.email, password: 'guess' }, ip)).status).toBe(401);

      const res = await login(victim, ip);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ success: false, code: 'RATE_LIMITED', message: Messages.rateLimitedLogin });
      expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
      // Another account is not affected, from there or elsewhere.
      expect((await login({ email: admin.email, password }, ip)).status).toBe(200);
    });

    it("does not let a stranger's wrong passwords lock the admin out from the admin's own address", async () => {
      const victim = { email: uniqueEmail('lockout'), password: 'the lockout victim password' };
      await tenant.seedAdmin(victim);
      const stranger = freshIp();
      for (let i = 0; i < 5; i++) expect((await login({ email: victim.email, password: 'guess' }, stranger)).status).toBe(401);
      expect((await login({ email: victim.email, password: 'guess' }, stranger)).status).toBe(429);

      expect((await login(victim)).status).toBe(200);
    });

    it('refuses an account after 12 failures from many addresses, even with the right password from a new one', async () => {
      const victim = { email: uniqueEmail('spread'), password: 'the spread victim password' };
      await tenant.seedAdmin(victim);
      for (let i = 0; i < 12; i++) expect((await login({ email: victim.email, password: 'guess' })).status).toBe(401);

      const res = await login(victim);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message: Messages.rateLimitedLogin });
    });

    it("keeps counting an account's failures across its own successful logins", async () => {
      const victim = { email: uniqueEmail('ceiling'), password: 'the ceiling victim password' };
      await tenant.seedAdmin(victim);
      for (let i = 0; i < 10; i++) expect((await login({ email: victim.email, password: 'guess' })).status).toBe(401);
      expect((await login(victim)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await login({ email: victim.email, password: 'guess' })).status).toBe(401);

      expect((await login(victim)).status).toBe(429);
    });

    it('refuses an address after 6 failures across accounts, even with the right password', async () => {
      const ip = freshIp();
      for (let i = 0; i < 6; i++) expect((await login({ email: uniqueEmail('spray'), password: 'guess' }, ip)).status).toBe(401);

      const res = await login({ email: admin.email, password }, ip);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message: Messages.rateLimitedLogin });
      // The same admin from another address still gets in.
      expect((await login({ email: admin.email, password })).status).toBe(200);
    });
  });

  describe('login throttling under simultaneous attempts', () => {
    const N = 30;
    /** Status codes of the answers, counted: { 401: 5, 429: 25 }. */
    const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

    it(`lets exactly 5 of ${N} simultaneous wrong passwords for one account from one address reach the credential check`, async () => {
      const victim = { email: uniqueEmail('burst'), password: 'the burst victim password' };
      await tenant.seedAdmin(victim);
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: N }, () => login({ email: victim.email, password: 'guess' }, ip)));

      expect(tally(answers.map((r) => r.status))).toEqual({ 401: 5, 429: N - 5 });
      for (const res of answers.filter((r) => r.status === 429)) {
        expect(res.body).toEqual({ success: false, code: 'RATE_LIMITED', message: Messages.rateLimitedLogin });
      }
      expect((await login(victim, ip)).status).toBe(429);
      expect((await login(victim)).status).toBe(200);
    });

    it(`lets exactly 12 of ${N} simultaneous wrong passwords for one account from ${N} addresses reach the credential check`, async () => {
      const victim = { email: uniqueEmail('botnet'), password: 'the botnet victim password' };
      await tenant.seedAdmin(victim);
      const answers = await Promise.all(Array.from({ length: N }, () => login({ email: victim.email, password: 'guess' })));

      expect(tally(answers.map((r) => r.status))).toEqual({ 401: 12, 429: N - 12 });
      expect((await login(victim)).status).toBe(429);
    });

    it(`lets exactly 6 of ${N} simultaneous wrong logins from one address reach the credential check`, async () => {
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: N }, () => login({ email: uniqueEmail('spray'), password: 'guess' }, ip)));

      expect(tally(answers.map((r) => r.status))).toEqual({ 401: 6, 429: N - 6 });
    });

    it('does not count refused attempts: a blocked address cannot lock other accounts out', async () => {
      const ip = freshIp();
      for (let i = 0; i < 6; i++) expect((await login({ email: uniqueEmail('spray'), password: 'guess' }, ip)).status).toBe(401);
      const bystander = { email: uniqueEmail('bystander'), password: 'the bystander password' };
      await tenant.seedAdmin(bystander);

      const refused = await Promise.all(Array.from({ length: 20 }, () => login({ email: bystander.email, password: 'guess' }, ip)));
      expect(refused.map((r) => r.status)).toEqual(Array(20).fill(429));
      expect((await login(bystander)).status).toBe(200);
    });

    it("does not count successful logins against the address's allowance", async () => {
      const ip = freshIp();
      for (let i = 0; i < 8; i++) expect((await login({ email: admin.email, password }, ip)).status).toBe(200);
      for (let i = 0; i < 6; i++) expect((await login({ email: uniqueEmail('spray'), password: 'guess' }, ip)).status).toBe(401);
      expect((await login({ email: admin.email, password }, ip)).status).toBe(429);
    });
  });

  describe('Origin check', () => {
    it('refuses a state change from a foreign origin with 403', async () => {
      const res = await request(gateway.server)
        .post('/api/admin/login')
        .set('origin', 'https://evil.example')
        .send({ email: admin.email, password });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: 'ORIGIN_FORBIDDEN', message: Messages.originForbidden });
    });

    it('lets the same origin through', async () => {
      const res = await request(gateway.server)
        .post('/api/admin/login')
        .set('host', 'clinic.example')
        .set('origin', 'http://clinic.example')
        .set('x-forwarded-for', freshIp())
        .send({ email: admin.email, password });
      expect(res.status).toBe(200);
    });

    it('refuses a foreign origin on a proxied call before it reaches the service, and "null" too', async () => {
      for (const origin of ['http://clinic.example.evil.test', 'null']) {
        const res = await request(gateway.server).post('/api/clients').set('host', 'clinic.example').set('origin', origin).send({});
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('ORIGIN_FORBIDDEN');
      }
    });
  });
});
