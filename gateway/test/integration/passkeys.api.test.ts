import { randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { ErrorCode, Messages } from '@hap/contracts';
import { createClient } from '@hap/test-kit/factories/tenant';
import { buildGateway, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { CLINIC_PASSWORD, type Gateway, signInSuite } from '../helpers/sign-in-suite';
import { PasskeyCeremonies } from '../../src/modules/auth/passkey-ceremonies';
import { SoftAuthenticator } from '../helpers/passkey-authenticator';
import '../../src/plugins/redis';

/** The browser origin passkeys are bound to here (RP ID `localhost`); a second configured origin under another host shows the RP ID check apart. */
const ORIGIN = 'http://localhost:8080';
const OTHER_ORIGIN = 'http://other.localhost:8080';

/**
 * Passkeys through the real gateway and the real tenant, with a
 * software authenticator: registration, the login's second step, a sign-in
 * with the passkey alone, and what is refused (another origin or RP ID, a
 * replayed answer, a cloned authenticator, a removed passkey, a disabled
 * user, the wrong login, too many tries).
 */
describe('passkeys through the gateway', () => {
  const s = signInSuite('pk', { adminName: 'Passkey Admin', ownerName: 'Pia Owner', tenantEnv: { WEBAUTHN_ORIGIN: `${ORIGIN},${OTHER_ORIGIN}`, WEBAUTHN_RP_ID: 'localhost' } });
  const { prefix, env, freshIp, api, owner } = s;

  /** Adds a passkey for the signed-in `cookie`; answers the response and the re-issued session. */
  async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name = 'Laptop', g: Gateway = s.gw) {
    const options = await api(g).post('/api/auth/passkeys/options').set('cookie', cookie);
    expect(options.status).toBe(200);
    const added = await api(g).post('/api/auth/passkeys').set('cookie', cookie).send({ name, credential: authenticator.create(options.body.data) });
    return { added, cookie: sessionCookie(added.headers['set-cookie']) ?? cookie };
  }

  const passwordlessOptions = async (kind: 'admin' | 'portal') => {
    const res = await api().post(`/api/${kind}/login/passkey/options`);
    expect(res.status).toBe(200);
    return res.body.data as { ceremony: string; options: { challenge: string; allowCredentials?: unknown[]; userVerification?: string } };
  };
  const passwordless = async (kind: 'admin' | 'portal', authenticator: SoftAuthenticator, ip = freshIp()) => {
    const { ceremony, options } = await passwordlessOptions(kind);
    const credential = authenticator.get(options);
    const res = await api().post(`/api/${kind}/login/passkey`).set('x-forwarded-for', ip).send({ ceremony, credential });
    return { res, ceremony, credential };
  };

  describe('registration', () => {
    it('adds a named discoverable passkey, lists it, audits it and ends the other sessions', async () => {
      const user = await owner();
      const elsewhere = sessionCookie((await api().post('/api/portal/login').set('x-forwarded-for', freshIp()).send({ email: user.email, password: CLINIC_PASSWORD })).headers['set-cookie']) as string;

      expect((await api().post('/api/auth/passkeys/options')).status).toBe(401);
      const options = await api().post('/api/auth/passkeys/options').set('cookie', user.cookie);
      expect(options.status).toBe(200);
      expect(options.body.data).toMatchObject({
        rp: { id: 'localhost', name: 'Health Ads' },
        user: { name: user.email },
        attestation: 'none',
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
        excludeCredentials: [],
      });
      // The user handle is random, never the id or the e-mail.
      expect(Buffer.from(options.body.data.user.id as string, 'base64url')).toHaveLength(32);

      const authenticator = new SoftAuthenticator(ORIGIN);
      const credential = authenticator.create(options.body.data);
      const nameless = await api().post('/api/auth/passkeys').set('cookie', user.cookie).send({ name: '  ', credential });
      expect(nameless.status).toBe(400);
      expect(nameless.body.issues[0].message).toBe('Give this passkey a name, such as the device it is on');

      const added = await api().post('/api/auth/passkeys').set('cookie', user.cookie).send({ name: 'Work laptop', credential });
      expect(added.status).toBe(201);
      expect(added.body.data).toEqual({ id: expect.any(Number), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null });
      const cookie = sessionCookie(added.headers['set-cookie']) as string;
      expect(cookie).toBeTruthy();

      // The same answer again: its challenge was used up.
      const again = await api().post('/api/auth/passkeys').set('cookie', cookie).send({ name: 'Again', credential });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(Messages.passkeyCeremonyEnded);

      const list = await api().get('/api/auth/passkeys').set('cookie', cookie);
      expect(list.body.data.passkeys).toEqual([added.body.data]);
      expect((await api().get('/api/portal/auth-status').set('cookie', elsewhere)).status).toBe(401);
      expect((await api().get('/api/portal/auth-status').set('cookie', cookie)).status).toBe(200);

      const [row] = await s.tenant.dataSource.query(`SELECT "public_key", "counter", "transports" FROM "tenant"."user_passkeys" WHERE "id" = $1`, [added.body.data.id]);
      expect(row.public_key.length).toBeGreaterThan(60);
      expect(Number(row.counter)).toBe(0);
      const audit = await s.tenant.dataSource.query(`SELECT "changes" FROM "tenant"."audit_log" WHERE "entity" = 'clinic_user' AND "entity_id" = $1 ORDER BY "id"`, [
        user.id,
      ]);
      expect(audit.map((a: { changes: { after: unknown } }) => a.changes.after)).toContainEqual({ email: user.email, passkey: 'added', name: 'Work laptop' });

      // The next set-up excludes it, so the authenticator does not make a second one.
      const next = await api().post('/api/auth/passkeys/options').set('cookie', cookie);
      expect(next.body.data.excludeCredentials).toEqual([expect.objectContaining({ id: credential.id })]);
    });

    it('refuses an answer made for another origin or another RP ID', async () => {
      const user = await owner();
      const phishing = await api().post('/api/auth/passkeys/options').set('cookie', user.cookie);
      const fromElsewhere = new SoftAuthenticator('http://login.localhost:8080').create(phishing.body.data);
      const refused = await api().post('/api/auth/passkeys').set('cookie', user.cookie).send({ name: 'Phished', credential: fromElsewhere });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(Messages.passkeyNotVerified);

      // An allowed origin, but the credential scoped to its own host instead of the RP ID.
      const options = await api().post('/api/auth/passkeys/options').set('cookie', user.cookie);
      const otherRp = new SoftAuthenticator(OTHER_ORIGIN).create({ ...options.body.data, rp: { ...options.body.data.rp, id: 'other.localhost' } });
      const wrongRp = await api().post('/api/auth/passkeys').set('cookie', user.cookie).send({ name: 'Other RP', credential: otherRp });
      expect(wrongRp.status).toBe(400);
      expect(wrongRp.body.message).toBe(Messages.passkeyNotVerified);
      expect((await api().get('/api/auth/passkeys').set('cookie', user.cookie)).body.data.passkeys).toEqual([]);
    });
  });

  describe('a recent sign-in', () => {
    /** Moves the session's sign-in `minutes` into the past, as if it had been open that long. */
    const signedInAgo = async (cookie: string, minutes: number) => {
      const key = `${prefix}:sess:${cookie.slice('hap_sid='.length)}`;
      const session = JSON.parse((await s.gw.app.redis.get(key)) as string) as { signedInAt: number };
      expect(session.signedInAt).toEqual(expect.any(Number));
      await s.gw.app.redis.set(key, JSON.stringify({ ...session, signedInAt: Date.now() - minutes * 60_000 }), 'KEEPTTL');
    };

    it('is needed to add a passkey or an authenticator app; a session re-issued by a change keeps its sign-in time', async () => {
      const user = await owner();
      const first = await addPasskey(user.cookie, new SoftAuthenticator(ORIGIN), 'Phone');
      expect(first.added.status).toBe(201);

      await signedInAgo(first.cookie, 14);
      const options = await api().post('/api/auth/passkeys/options').set('cookie', first.cookie);
      expect(options.status).toBe(200);
      const credential = new SoftAuthenticator(ORIGIN).create(options.body.data);
      await signedInAgo(first.cookie, 16);
      for (const refused of [
        await api().post('/api/auth/passkeys/options').set('cookie', first.cookie),
        await api().post('/api/auth/passkeys').set('cookie', first.cookie).send({ name: 'Stolen', credential }),
        await api().post('/api/auth/mfa/setup').set('cookie', first.cookie),
        await api().post('/api/auth/mfa/enable').set('cookie', first.cookie).send({ code: '123456' }),
      ]) {
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ code: ErrorCode.RECENT_SIGN_IN_REQUIRED, message: Messages.recentSignInRequired(15) });
      }

      // Removing one is not adding one; the session it re-issues was signed in as long ago as the old one.
      const removed = await api().delete(`/api/auth/passkeys/${first.added.body.data.id}`).set('cookie', first.cookie);
      expect(removed.status).toBe(200);
      const reissued = sessionCookie(removed.headers['set-cookie']) as string;
      expect(reissued).not.toBe(first.cookie);
      expect((await api().post('/api/auth/passkeys/options').set('cookie', reissued)).status).toBe(403);

      // Signing in again opens it.
      const login = await api().post('/api/portal/login').set('x-forwarded-for', freshIp()).send({ email: user.email, password: CLINIC_PASSWORD });
      const fresh = sessionCookie(login.headers['set-cookie']) as string;
      expect((await addPasskey(fresh, new SoftAuthenticator(ORIGIN), 'Laptop')).added.status).toBe(201);
    });
  });

  describe('as the second factor', () => {
    it('is offered after the password when the user has one, uses up the challenge and counts as two-factor sign-in', async () => {
      const user = await owner();
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(user.cookie, authenticator);

      const ip = freshIp();
      const login = await api().post('/api/portal/login').set('x-forwarded-for', ip).send({ email: user.email, password: CLINIC_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.data).toEqual({ mfaRequired: true, challenge: expect.any(String), methods: ['passkey'] });
      expect(sessionCookie(login.headers['set-cookie'])).toBeNull();
      const { challenge } = login.body.data;

      const options = await api().post('/api/auth/mfa/passkey/options').set('x-forwarded-for', ip).send({ challenge });
      expect(options.status).toBe(200);
      expect(options.body.data.allowCredentials).toHaveLength(1);
      const credential = authenticator.get(options.body.data);
      const ok = await api().post('/api/auth/mfa/passkey/verify').set('x-forwarded-for', ip).send({ challenge, credential });
      expect(ok.status).toBe(200);
      expect(ok.body.data.user).toMatchObject({ email: user.email, clientId: s.clinic.id });
      const cookie = sessionCookie(ok.headers['set-cookie']) as string;
      expect((await api().get('/api/portal/auth-status').set('cookie', cookie)).status).toBe(200);

      // Replayed: the challenge is gone.
      const replay = await api().post('/api/auth/mfa/passkey/verify').set('x-forwarded-for', ip).send({ challenge, credential });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe(ErrorCode.MFA_CHALLENGE_EXPIRED);
      const [used] = (await api().get('/api/auth/passkeys').set('cookie', cookie)).body.data.passkeys;
      expect(used.lastUsedAt).not.toBeNull();
    });

    it('is offered beside the app code for a user with both, and either finishes the login', async () => {
      const user = await owner();
      const setup = await api().post('/api/auth/mfa/setup').set('cookie', user.cookie);
      const { secret } = setup.body.data as { secret: string };
      // The previous step's code turns it on, so the current one is still free for the login below.
      const enabled = await api()
        .post('/api/auth/mfa/enable')
        .set('cookie', user.cookie)
        .send({ code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) });
      expect(enabled.status).toBe(200);
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(sessionCookie(enabled.headers['set-cookie']) as string, authenticator);

      const ip = freshIp();
      const login = await api().post('/api/portal/login').set('x-forwarded-for', ip).send({ email: user.email, password: CLINIC_PASSWORD });
      expect(login.body.data.methods).toEqual(['totp', 'passkey']);
      const options = await api().post('/api/auth/mfa/passkey/options').send({ challenge: login.body.data.challenge });
      const ok = await api()
        .post('/api/auth/mfa/passkey/verify')
        .set('x-forwarded-for', ip)
        .send({ challenge: login.body.data.challenge, credential: authenticator.get(options.body.data) });
      expect(ok.status).toBe(200);
      // The challenge is used up for the code too.
      const code = await api().post('/api/auth/mfa/verify').set('x-forwarded-for', ip).send({ challenge: login.body.data.challenge, code: generateSync({ secret }) });
      expect(code.status).toBe(401);
      expect(code.body.code).toBe(ErrorCode.MFA_CHALLENGE_EXPIRED);
    });

    it('refuses another user’s passkey and counts every try against the login throttle', async () => {
      const user = await owner();
      await addPasskey(user.cookie, new SoftAuthenticator(ORIGIN));
      const stranger = await owner();
      const strangers = new SoftAuthenticator(ORIGIN);
      await addPasskey(stranger.cookie, strangers);

      const ip = freshIp();
      const login = await api().post('/api/portal/login').set('x-forwarded-for', ip).send({ email: user.email, password: CLINIC_PASSWORD });
      const { challenge } = login.body.data;
      // The login counted 1 of the 4 allowed for this account from this address; each wrong passkey one more.
      for (let i = 0; i < 3; i += 1) {
        const options = await api().post('/api/auth/mfa/passkey/options').set('x-forwarded-for', ip).send({ challenge });
        const wrong = await api()
          .post('/api/auth/mfa/passkey/verify')
          .set('x-forwarded-for', ip)
          .send({ challenge, credential: strangers.get({ ...options.body.data, allowCredentials: [] }) });
        expect(wrong.status).toBe(401);
        expect(wrong.body.message).toBe(Messages.passkeyUnknown);
      }
      const options = await api().post('/api/auth/mfa/passkey/options').set('x-forwarded-for', ip).send({ challenge });
      const limited = await api()
        .post('/api/auth/mfa/passkey/verify')
        .set('x-forwarded-for', ip)
        .send({ challenge, credential: strangers.get({ ...options.body.data, allowCredentials: [] }) });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(Messages.rateLimitedLogin);
    });
  });

  describe('passwordless', () => {
    it('signs a clinic user in with the passkey alone, once per ceremony', async () => {
      const user = await owner();
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(user.cookie, authenticator);

      const { options } = await passwordlessOptions('portal');
      expect(options.allowCredentials).toEqual([]);
      expect(options.userVerification).toBe('required');

      const { res, ceremony, credential } = await passwordless('portal', authenticator);
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ id: user.id, email: user.email, clientId: s.clinic.id, role: 'owner' });
      expect((await api().get('/api/portal/auth-status').set('cookie', sessionCookie(res.headers['set-cookie']) as string)).status).toBe(200);

      // The same answer again: the ceremony is used up.
      const replay = await api().post('/api/portal/login/passkey').set('x-forwarded-for', freshIp()).send({ ceremony, credential });
      expect(replay.status).toBe(401);
      expect(replay.body.message).toBe(Messages.passkeyCeremonyEnded);
      // …and with a new ceremony it answers the wrong challenge.
      const fresh = await passwordlessOptions('portal');
      const stale = await api().post('/api/portal/login/passkey').set('x-forwarded-for', freshIp()).send({ ceremony: fresh.ceremony, credential });
      expect(stale.status).toBe(401);
      expect(stale.body.message).toBe(Messages.passkeyNotVerified);

      // The admin login is not the portal's.
      const wrongKind = await passwordless('admin', authenticator);
      expect(wrongKind.res.status).toBe(403);
      expect(wrongKind.res.body.message).toBe(Messages.passkeyWrongLogin);
    });

    // 400 calls keep the suite quick on a busy machine; 2,000 were measured the same way (docs/sign-in.md#passkeys-at-the-gateway).
    it('keeps nothing in Redis for anonymous options: 400 calls from 20 addresses add no key', async () => {
      const keys = async () => (await s.gw.app.redis.keys(`${prefix}:*`)).length;
      const before = await keys();
      const addresses = Array.from({ length: 20 }, (_, i) => `203.0.113.${i + 1}`);
      const ceremonies = new Set<string>();
      await Promise.all(
        addresses.map(async (ip, i) => {
          for (let n = 0; n < 20; n += 1) {
            const res = await api().post(`/api/${i % 2 ? 'admin' : 'portal'}/login/passkey/options`).set('x-forwarded-for', ip);
            expect(res.status).toBe(200);
            ceremonies.add(res.body.data.ceremony as string);
          }
        }),
      );
      expect(ceremonies.size).toBe(400);
      expect((await keys()) - before).toBe(0);
    }, 120_000);

    it('refuses a ceremony that was altered or made by another gateway, and one answered twice at once', async () => {
      const user = await owner();
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(user.cookie, authenticator);
      const { ceremony, options } = await passwordlessOptions('portal');
      const credential = authenticator.get(options);
      const [version, login, ends, challenge, mac] = ceremony.split('.');
      const forged = [
        [version, 'portal', String(Number(ends) + 3600), challenge, mac].join('.'),
        [version, login, ends, challenge, `${mac!.slice(0, -2)}AA`].join('.'),
        'x'.repeat(43),
      ];
      // The same challenge signed with another secret (another platform's gateway).
      const elsewhere = new PasskeyCeremonies(s.gw.app.redis, prefix, { secret: randomBytes(32).toString('hex') });
      forged.push(elsewhere.startLogin({ challenge: options.challenge, login: 'portal' }));
      for (const bad of forged) {
        const res = await api().post('/api/portal/login/passkey').set('x-forwarded-for', freshIp()).send({ ceremony: bad, credential });
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 401, message: Messages.passkeyCeremonyEnded });
      }
      // Two answers racing: one signs in, the other finds the ceremony used.
      const both = await Promise.all(
        [freshIp(), freshIp()].map((ip) => api().post('/api/portal/login/passkey').set('x-forwarded-for', ip).send({ ceremony, credential })),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
      expect(both.find((r) => r.status === 401)?.body.message).toBe(Messages.passkeyCeremonyEnded);
    });

    it('needs the authenticator to verify its user', async () => {
      const user = await owner();
      const presenceOnly = new SoftAuthenticator(ORIGIN, { userVerified: false });
      const { added } = await addPasskey(user.cookie, presenceOnly);
      expect(added.status).toBe(201);
      const { res } = await passwordless('portal', presenceOnly);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(Messages.passkeyUserNotVerified);
    });

    it('refuses a cloned authenticator whose counter went backwards', async () => {
      const user = await owner();
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(user.cookie, authenticator);
      const clone = authenticator.clone();
      expect((await passwordless('portal', authenticator)).res.status).toBe(200);
      expect((await passwordless('portal', authenticator)).res.status).toBe(200);
      const cloned = await passwordless('portal', clone);
      expect(cloned.res.status).toBe(401);
      expect(cloned.res.body.message).toBe(Messages.passkeyCloned);
    });

    it('refuses a removed passkey and a disabled user', async () => {
      const user = await owner();
      const kept = new SoftAuthenticator(ORIGIN);
      const removed = new SoftAuthenticator(ORIGIN);
      let { cookie } = await addPasskey(user.cookie, kept, 'Kept');
      const second = await addPasskey(cookie, removed, 'Removed');
      cookie = second.cookie;

      const unknownId = await api().delete('/api/auth/passkeys/999999').set('cookie', cookie);
      expect(unknownId.status).toBe(404);
      const gone = await api().delete(`/api/auth/passkeys/${second.added.body.data.id}`).set('cookie', cookie);
      expect(gone.status).toBe(200);
      expect(gone.body.data.passkeys.map((p: { name: string }) => p.name)).toEqual(['Kept']);
      const audit = await s.tenant.dataSource.query(`SELECT "changes" FROM "tenant"."audit_log" WHERE "entity" = 'clinic_user' AND "entity_id" = $1`, [user.id]);
      expect(audit.map((a: { changes: { after: unknown } }) => a.changes.after)).toContainEqual({ email: user.email, passkey: 'removed', name: 'Removed' });

      const afterRemoval = await passwordless('portal', removed);
      expect(afterRemoval.res.status).toBe(401);
      expect(afterRemoval.res.body.message).toBe(Messages.passkeyUnknown);

      expect((await api().patch(`/api/clients/${s.clinic.id}/users/${user.id}`).set('cookie', s.adminCookie).send({ disabled: true })).status).toBe(200);
      const disabled = await passwordless('portal', kept);
      expect(disabled.res.status).toBe(403);
      expect(disabled.res.body.message).toBe(Messages.passkeyAccountDisabled);
    });

    it('is throttled per address and passkey', async () => {
      const user = await owner();
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(user.cookie, authenticator);
      const ip = freshIp();
      const { credential } = await passwordless('portal', authenticator, ip);
      // Answers to other ceremonies' challenges: each a counted failure.
      for (let i = 0; i < 4; i += 1) {
        const { ceremony } = await passwordlessOptions('portal');
        expect((await api().post('/api/portal/login/passkey').set('x-forwarded-for', ip).send({ ceremony, credential })).status).toBe(401);
      }
      const limited = await passwordless('portal', authenticator, ip);
      expect(limited.res.status).toBe(429);
      expect((await passwordless('portal', authenticator)).res.status).toBe(200);
    });
  });

  describe('admins', () => {
    it('sign in at the admin login with a passkey, and in production a passkey alone is their second factor', async () => {
      const prod = buildGateway(env({ NODE_ENV: 'production', INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? '' }));
      await prod.app.ready();
      try {
        const account = { email: uniqueEmail('pk-admin-prod'), password: 'a long admin password' };
        await s.tenant.seedAdmin(account);
        const first = await api(prod).post('/api/admin/login').set('x-forwarded-for', freshIp()).send(account);
        expect(first.body.data.mfaSetupRequired).toBe(true);
        const authenticator = new SoftAuthenticator(ORIGIN);
        const { added, cookie } = await addPasskey(sessionCookie(first.headers['set-cookie']) as string, authenticator, 'Admin key', prod);
        expect(added.status).toBe(201);
        expect((await api(prod).get('/api/admin/auth-status').set('cookie', cookie)).body.mfaSetupRequired).toBeUndefined();
        expect((await api(prod).get('/api/clients').set('cookie', cookie)).status).toBe(200);

        // Its only second factor cannot go.
        const last = await api(prod).delete(`/api/auth/passkeys/${added.body.data.id}`).set('cookie', cookie);
        expect(last.status).toBe(403);
        expect(last.body.message).toBe(Messages.passkeyLastFactor);

        // The password now asks for the passkey.
        const ip = freshIp();
        const login = await api(prod).post('/api/admin/login').set('x-forwarded-for', ip).send(account);
        expect(login.body.data).toEqual({ mfaRequired: true, challenge: expect.any(String), methods: ['passkey'] });
        const options = await api(prod).post('/api/auth/mfa/passkey/options').send({ challenge: login.body.data.challenge });
        const ok = await api(prod)
          .post('/api/auth/mfa/passkey/verify')
          .set('x-forwarded-for', ip)
          .send({ challenge: login.body.data.challenge, credential: authenticator.get(options.body.data) });
        expect(ok.status).toBe(200);
        expect((await api(prod).get('/api/clients').set('cookie', sessionCookie(ok.headers['set-cookie']) as string)).status).toBe(200);

        // Passwordless at the admin login; the portal's refuses an admin.
        const { ceremony, options: loginOptions } = (await api(prod).post('/api/admin/login/passkey/options')).body.data;
        const alone = await api(prod).post('/api/admin/login/passkey').set('x-forwarded-for', freshIp()).send({ ceremony, credential: authenticator.get(loginOptions) });
        expect(alone.status).toBe(200);
        expect(alone.body.data.user).toMatchObject({ email: account.email, isAdmin: true });
        expect((await api(prod).get('/api/clients').set('cookie', sessionCookie(alone.headers['set-cookie']) as string)).status).toBe(200);
        const portal = await passwordless('portal', authenticator);
        expect(portal.res.status).toBe(403);
        expect(portal.res.body.message).toBe(Messages.adminUsesAdminLogin);
      } finally {
        await prod.app.close();
      }
    });

    it('reset a clinic user’s two-factor sign-in, audited, for one who lost the device', async () => {
      const user = await owner();
      const authenticator = new SoftAuthenticator(ORIGIN);
      const { cookie } = await addPasskey(user.cookie, authenticator);

      expect((await api().post(`/api/clients/${s.clinic.id}/users/${user.id}/reset-two-factor`).set('cookie', cookie)).status).toBe(403);
      const otherClinic = await createClient(s.tenant.dataSource);
      expect((await api().post(`/api/clients/${otherClinic.id}/users/${user.id}/reset-two-factor`).set('cookie', s.adminCookie)).status).toBe(404);
      const reset = await api().post(`/api/clients/${s.clinic.id}/users/${user.id}/reset-two-factor`).set('cookie', s.adminCookie);
      expect(reset.status).toBe(200);
      expect(reset.body.data).toEqual({ reset: true });

      expect((await api().get('/api/portal/auth-status').set('cookie', cookie)).status).toBe(401);
      const login = await api().post('/api/portal/login').set('x-forwarded-for', freshIp()).send({ email: user.email, password: CLINIC_PASSWORD });
      expect(login.body.data.user).toMatchObject({ email: user.email });
      expect((await passwordless('portal', authenticator)).res.status).toBe(401);
      const audit = await s.tenant.dataSource.query(`SELECT "changes" FROM "tenant"."audit_log" WHERE "entity" = 'clinic_user' AND "entity_id" = $1`, [user.id]);
      expect(audit.map((a: { changes: { after: unknown } }) => a.changes.after)).toContainEqual({ email: user.email, twoFactor: 'reset', passkeysRemoved: 1 });
    });
  });
});
