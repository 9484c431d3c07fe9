import { generateSync } from 'otplib';
import { Redis } from 'ioredis';
import { ErrorCode, Messages, routeTable } from '@hap/contracts';
import { buildGateway, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { CLINIC_PASSWORD, type Gateway, signInSuite } from '../helpers/sign-in-suite';

const STEP_SECONDS = 30;

/** The app's code `steps` time steps from now (-1: the one before, 1: the next). */
const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP_SECONDS });

/** Waits until at least 3 s are left in the current time step, so codes computed now stay in their step while they are checked. */
async function midStep(): Promise<void> {
  const left = STEP_SECONDS - (Math.floor(Date.now() / 1000) % STEP_SECONDS);
  if (left < 3) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}

/**
 * Two-factor sign-in through the real gateway and the real tenant:
 * enrolment, the login's second step with a TOTP code or a recovery code,
 * single-use challenges that expire, codes counted by the login throttle, and
 * admins who must enrol first in production.
 */
describe('two-factor sign-in through the gateway', () => {
  const s = signInSuite('mfa', { adminName: 'MFA Admin', ownerName: 'Mia Owner' });
  const { env, freshIp, api, owner } = s;

  /** Set up and enabled with the previous step's code (so the current and next steps are still free for logins). */
  async function enrolled(cookie: string, g: Gateway = s.gw) {
    const setup = await api(g).post('/api/auth/mfa/setup').set('cookie', cookie);
    expect(setup.status).toBe(200);
    const { secret } = setup.body.data as { secret: string };
    await midStep();
    const enabled = await api(g).post('/api/auth/mfa/enable').set('cookie', cookie).send({ code: codeAt(secret, -1) });
    expect(enabled.status).toBe(200);
    return { secret, recoveryCodes: enabled.body.data.recoveryCodes as string[], cookie: sessionCookie(enabled.headers['set-cookie']) as string };
  }

  const portalLogin = (email: string, ip = freshIp(), g: Gateway = s.gw) =>
    api(g).post('/api/portal/login').set('x-forwarded-for', ip).send({ email, password: CLINIC_PASSWORD });
  const verify = (challenge: string, code: string, ip: string, g: Gateway = s.gw) =>
    api(g).post('/api/auth/mfa/verify').set('x-forwarded-for', ip).send({ challenge, code });

  describe('enrolment', () => {
    it('sets up, refuses a wrong code, enables with a right one, answers ten recovery codes once and ends the other sessions', async () => {
      const user = await owner();
      const elsewhere = sessionCookie((await portalLogin(user.email)).headers['set-cookie']) as string;
      expect((await api().get('/api/portal/auth-status').set('cookie', elsewhere)).status).toBe(200);

      const before = await api().get('/api/auth/mfa').set('cookie', user.cookie);
      expect(before.status).toBe(200);
      expect(before.body.data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

      // Enabling before any set-up is a conflict with words.
      const early = await api().post('/api/auth/mfa/enable').set('cookie', user.cookie).send({ code: '123456' });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(Messages.mfaNotPending);

      const setup = await api().post('/api/auth/mfa/setup').set('cookie', user.cookie);
      expect(setup.status).toBe(200);
      const { secret, otpauthUri } = setup.body.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUri).toBe(`otpauth://totp/Health%20Ads:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Health%20Ads`);
      // Stored encrypted, never in clear.
      const [row] = await s.tenant.dataSource.query('SELECT "mfa_pending_secret", "mfa_secret" FROM "tenant"."users" WHERE "id" = $1', [user.id]);
      expect(row.mfa_pending_secret).toMatch(/^v1\./);
      expect(row.mfa_pending_secret).not.toContain(secret);
      expect(row.mfa_secret).toBeNull();

      const malformed = await api().post('/api/auth/mfa/enable').set('cookie', user.cookie).send({ code: '12ab' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.issues).toEqual([{ path: 'code', message: 'Enter the 6-digit code from your authenticator app' }]);
      await midStep();
      // A wrong code from a signed-in user is a 400: the session is fine, the code is not.
      const wrong = await api().post('/api/auth/mfa/enable').set('cookie', user.cookie).send({ code: codeAt(secret, 3) });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: ErrorCode.INVALID_CODE, message: Messages.mfaInvalidCode });

      const enabled = await api().post('/api/auth/mfa/enable').set('cookie', user.cookie).send({ code: codeAt(secret) });
      expect(enabled.status).toBe(200);
      const codes = enabled.body.data.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);
      const hashes = (await s.tenant.dataSource.query('SELECT "code_hash" FROM "tenant"."user_recovery_codes" WHERE "user_id" = $1', [user.id])) as Array<{
        code_hash: string;
      }>;
      expect(hashes).toHaveLength(10);
      expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);

      // This session goes on under a new id; the old id and the other session have ended.
      const reissued = sessionCookie(enabled.headers['set-cookie']) as string;
      expect(reissued).not.toBeNull();
      expect((await api().get('/api/portal/auth-status').set('cookie', reissued)).status).toBe(200);
      expect((await api().get('/api/portal/auth-status').set('cookie', user.cookie)).status).toBe(401);
      expect((await api().get('/api/portal/auth-status').set('cookie', elsewhere)).status).toBe(401);

      const after = await api().get('/api/auth/mfa').set('cookie', reissued);
      expect(after.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
      expect(Date.parse(after.body.data.enabledAt)).toBeGreaterThan(Date.now() - 60_000);

      // Set up again while on: refused.
      const again = await api().post('/api/auth/mfa/setup').set('cookie', reissued);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(Messages.mfaAlreadyOn);
    });

    it('answers 401 to every enrolment row without a session', async () => {
      expect((await api().get('/api/auth/mfa')).status).toBe(401);
      expect((await api().post('/api/auth/mfa/setup')).status).toBe(401);
      expect((await api().post('/api/auth/mfa/enable').send({ code: '123456' })).status).toBe(401);
      expect((await api().post('/api/auth/mfa/disable').send({ password: 'x' })).status).toBe(401);
    });
  });

  describe('the login with a second factor', () => {
    it('answers a challenge instead of a session; a wrong code, a reused code and a used challenge are refused', async () => {
      const user = await owner();
      const { secret } = await enrolled(user.cookie);
      const ip = freshIp();
      const login = await portalLogin(user.email, ip);
      expect(login.status).toBe(200);
      expect(login.body.data).toEqual({ mfaRequired: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), methods: ['totp'] });
      expect(sessionCookie(login.headers['set-cookie'])).toBeNull();
      const { challenge } = login.body.data;

      const wrong = await verify(challenge, '000000' === codeAt(secret) ? '111111' : '000000', ip);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: ErrorCode.INVALID_CODE, message: Messages.mfaInvalidCode });
      expect(sessionCookie(wrong.headers['set-cookie'])).toBeNull();
      // The code that enabled it (the previous step) was used: never twice.
      const reused = await verify(challenge, codeAt(secret, -1), ip);
      expect(reused.status).toBe(401);

      const ok = await verify(challenge, codeAt(secret), ip);
      expect(ok.status).toBe(200);
      expect(ok.body.data.user).toEqual({ id: user.id, email: user.email, name: 'Mia Owner', clientId: s.clinic.id, clientName: s.clinic.name, role: 'owner' });
      const cookie = sessionCookie(ok.headers['set-cookie']) as string;
      expect((await api().get('/api/portal/users').set('cookie', cookie)).status).toBe(200);

      // The challenge worked once; the same code at a new challenge was used too.
      const second = await verify(challenge, codeAt(secret, 1), ip);
      expect(second.status).toBe(401);
      expect(second.body).toMatchObject({ code: ErrorCode.MFA_CHALLENGE_EXPIRED, message: Messages.mfaChallengeExpired });
      const next = (await portalLogin(user.email, ip)).body.data.challenge as string;
      expect((await verify(next, codeAt(secret), ip)).status).toBe(401);
      expect((await verify(next, codeAt(secret, 1), ip)).status).toBe(200);
    });

    it('takes a recovery code once, in any case and with or without dashes', async () => {
      const user = await owner();
      const { recoveryCodes } = await enrolled(user.cookie);
      const ip = freshIp();
      const first = (await portalLogin(user.email, ip)).body.data.challenge as string;
      const used = await verify(first, recoveryCodes[3].toUpperCase().replace(/-/g, ' '), ip);
      expect(used.status).toBe(200);
      const second = (await portalLogin(user.email, ip)).body.data.challenge as string;
      const again = await verify(second, recoveryCodes[3], ip);
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(Messages.mfaInvalidRecoveryCode);
      expect((await verify(second, recoveryCodes[4], ip)).status).toBe(200);
      const status = await api().get('/api/auth/mfa').set('cookie', sessionCookie(used.headers['set-cookie']) as string);
      expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 8 });
    });

    it('ends a challenge after its five minutes, and refuses one that is not ours', async () => {
      const user = await owner();
      const { secret } = await enrolled(user.cookie);
      const ip = freshIp();
      const { challenge } = (await portalLogin(user.email, ip)).body.data;
      // Five minutes are not waited for: the challenge's key is made to expire now.
      const redis = new Redis(s.gw.config.REDIS_URL);
      await redis.pexpire(`${s.gw.config.REDIS_PREFIX}:mfa:ch:${challenge}`, 1).finally(() => redis.quit());
      await new Promise((resolve) => setTimeout(resolve, 20));
      const expired = await verify(challenge, codeAt(secret), ip);
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe(ErrorCode.MFA_CHALLENGE_EXPIRED);
      expect((await verify('A'.repeat(43), codeAt(secret), ip)).status).toBe(401);
      const missing = await api().post('/api/auth/mfa/verify').send({ code: '123456' });
      expect(missing.status).toBe(400);
    });

    it('counts codes with the login throttle: guessing codes ends in 429, even with the right one', async () => {
      const user = await owner();
      const { secret } = await enrolled(user.cookie);
      const ip = freshIp();
      // LOGIN_MAX_PER_ACCOUNT_AND_IP is 4: the login and three wrong codes use it up.
      const { challenge } = (await portalLogin(user.email, ip)).body.data;
      const right = codeAt(secret);
      const wrongCode = right === '999999' ? '999998' : '999999';
      for (let i = 0; i < 3; i += 1) expect((await verify(challenge, wrongCode, ip)).status).toBe(401);
      const limited = await verify(challenge, right, ip);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(Messages.rateLimitedLogin);
      // A new challenge from that address is refused too: the password is counted by the same throttle.
      expect((await portalLogin(user.email, ip)).status).toBe(429);
    });

    it('ends a challenge after five wrong codes', async () => {
      const user = await owner();
      const { secret } = await enrolled(user.cookie);
      const ips = Array.from({ length: 6 }, freshIp);
      const { challenge } = (await portalLogin(user.email, ips[0])).body.data;
      const right = codeAt(secret);
      const wrongCode = right === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i += 1) expect((await verify(challenge, wrongCode, ips[i])).status).toBe(401);
      expect((await verify(challenge, right, ips[5])).body.code).toBe(ErrorCode.MFA_CHALLENGE_EXPIRED);
    });
  });

  describe('turning it off', () => {
    it('needs a current code or the password, ends other sessions, and logins need the password alone again', async () => {
      const user = await owner();
      const { secret, cookie } = await enrolled(user.cookie);
      const wrongPassword = await api().post('/api/auth/mfa/disable').set('cookie', cookie).send({ password: 'not the password at all' });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body.message).toBe(Messages.mfaWrongPassword);
      const nothing = await api().post('/api/auth/mfa/disable').set('cookie', cookie).send({});
      expect(nothing.status).toBe(400);
      const off = await api().post('/api/auth/mfa/disable').set('cookie', cookie).send({ code: codeAt(secret) });
      expect(off.status).toBe(200);
      expect(off.body.data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
      const reissued = sessionCookie(off.headers['set-cookie']) as string;
      expect((await api().get('/api/portal/auth-status').set('cookie', reissued)).status).toBe(200);
      expect((await api().get('/api/portal/auth-status').set('cookie', cookie)).status).toBe(401);
      const [row] = await s.tenant.dataSource.query('SELECT "mfa_secret", "mfa_enabled_at" FROM "tenant"."users" WHERE "id" = $1', [user.id]);
      expect(row).toEqual({ mfa_secret: null, mfa_enabled_at: null });
      const login = await portalLogin(user.email);
      expect(login.status).toBe(200);
      expect(login.body.data.user.id).toBe(user.id);
      expect((await api().post('/api/auth/mfa/disable').set('cookie', reissued).send({ password: CLINIC_PASSWORD })).status).toBe(409);
    });

    it('takes the password instead of a code', async () => {
      const user = await owner();
      const { cookie } = await enrolled(user.cookie);
      const off = await api().post('/api/auth/mfa/disable').set('cookie', cookie).send({ password: CLINIC_PASSWORD });
      expect(off.status).toBe(200);
    });
  });

  describe('admins', () => {
    it('outside production: an admin logs in with a password alone, and enrols like anyone (then logs in with a code)', async () => {
      const account = { email: uniqueEmail('mfa-admin-dev'), password: 'a long admin password' };
      await s.tenant.seedAdmin(account);
      const login = await api().post('/api/admin/login').set('x-forwarded-for', freshIp()).send(account);
      expect(login.status).toBe(200);
      expect(login.body.data.mfaSetupRequired).toBeUndefined();
      const cookie = sessionCookie(login.headers['set-cookie']) as string;
      expect((await api().get('/api/auth/mfa').set('cookie', cookie)).body.data.required).toBe(false);
      const { secret } = await enrolled(cookie);
      const ip = freshIp();
      const second = await api().post('/api/admin/login').set('x-forwarded-for', ip).send(account);
      expect(second.body.data).toEqual({ mfaRequired: true, challenge: expect.any(String), methods: ['totp'] });
      const ok = await verify(second.body.data.challenge, codeAt(secret), ip);
      expect(ok.status).toBe(200);
      expect(ok.body.data.user).toMatchObject({ email: account.email, isAdmin: true });
      expect((await api().get('/api/clients').set('cookie', sessionCookie(ok.headers['set-cookie']) as string)).status).toBe(200);
      // A portal login's challenge is not the admin's: an admin is told to use the admin login before any challenge.
      const portal = await api().post('/api/portal/login').set('x-forwarded-for', freshIp()).send(account);
      expect(portal.status).toBe(403);
    });

    describe('in production with REQUIRE_ADMIN_MFA (the default)', () => {
      let prod: Gateway;
      beforeAll(async () => {
        prod = buildGateway(env({ NODE_ENV: 'production', INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? '' }));
        await prod.app.ready();
      });
      afterAll(async () => prod?.app.close());

      it('gives an admin without it a session that opens only the set-up, until it is on', async () => {
        const account = { email: uniqueEmail('mfa-admin-prod'), password: 'a long admin password' };
        await s.tenant.seedAdmin(account);
        const login = await api(prod).post('/api/admin/login').set('x-forwarded-for', freshIp()).send(account);
        expect(login.status).toBe(200);
        expect(login.body.data).toMatchObject({ user: { email: account.email, isAdmin: true }, mfaSetupRequired: true });
        const limited = sessionCookie(login.headers['set-cookie']) as string;

        const status = await api(prod).get('/api/admin/auth-status').set('cookie', limited);
        expect(status.body).toMatchObject({ success: true, mfaSetupRequired: true });
        const adminRows = routeTable.filter((row) => row.access === 'admin' && row.method === 'GET' && !row.path.includes(':')).slice(0, 5);
        expect(adminRows.length).toBe(5);
        for (const { path } of adminRows) {
          const refused = await api(prod).get(path).set('cookie', limited);
          expect(refused.status).toBe(403);
          expect(refused.body).toMatchObject({ code: ErrorCode.MFA_SETUP_REQUIRED, message: 'Set up two-factor sign-in to continue.' });
        }
        expect((await api(prod).get('/api/auth/mfa').set('cookie', limited)).body.data).toMatchObject({ enabled: false, required: true });

        const { secret, cookie } = await enrolled(limited, prod);
        expect((await api(prod).get('/api/admin/auth-status').set('cookie', cookie)).body.mfaSetupRequired).toBeUndefined();
        expect((await api(prod).get('/api/clients').set('cookie', cookie)).status).toBe(200);
        expect((await api(prod).get('/api/clients').set('cookie', limited)).status).toBe(401);

        // Required: it cannot be turned off.
        const off = await api(prod).post('/api/auth/mfa/disable').set('cookie', cookie).send({ code: codeAt(secret) });
        expect(off.status).toBe(403);
        expect(off.body.message).toBe(Messages.mfaRequiredForAdmins);

        // The next login asks for a code and opens everything.
        const ip = freshIp();
        const next = await api(prod).post('/api/admin/login').set('x-forwarded-for', ip).send(account);
        expect(next.body.data.mfaRequired).toBe(true);
        const ok = await verify(next.body.data.challenge, codeAt(secret), ip, prod);
        expect(ok.status).toBe(200);
        expect((await api(prod).get('/api/clients').set('cookie', sessionCookie(ok.headers['set-cookie']) as string)).status).toBe(200);
      });

      it('leaves clinic users free to choose', async () => {
        const user = await owner();
        const login = await portalLogin(user.email, freshIp(), prod);
        expect(login.status).toBe(200);
        expect(login.body.data.user.id).toBe(user.id);
        const cookie = sessionCookie(login.headers['set-cookie']) as string;
        expect((await api(prod).get('/api/auth/mfa').set('cookie', cookie)).body.data.required).toBe(false);
        expect((await api(prod).get('/api/portal/users').set('cookie', cookie)).status).toBe(200);
      });
    });

    it('in production with REQUIRE_ADMIN_MFA=false: a full admin session without it', async () => {
      const off = buildGateway(env({ NODE_ENV: 'production', INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? '', REQUIRE_ADMIN_MFA: 'false' }));
      try {
        await off.app.ready();
        const account = { email: uniqueEmail('mfa-admin-optional'), password: 'a long admin password' };
        await s.tenant.seedAdmin(account);
        const login = await api(off).post('/api/admin/login').set('x-forwarded-for', freshIp()).send(account);
        expect(login.status).toBe(200);
        expect(login.body.data.mfaSetupRequired).toBeUndefined();
        const cookie = sessionCookie(login.headers['set-cookie']) as string;
        expect((await api(off).get('/api/clients').set('cookie', cookie)).status).toBe(200);
        expect((await api(off).get('/api/auth/mfa').set('cookie', cookie)).body.data.required).toBe(false);
      } finally {
        await off.app.close();
      }
    });
  });
});
