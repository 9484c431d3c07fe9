import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Messages } from '@hap/contracts';
import { startSmtp, type ReceivedMail } from '@hap/test-kit/smtp-server';
import { createClient } from '@hap/test-kit/factories/tenant';
import { buildGateway, loginCookie, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { startTenant, TENANT_START_TIMEOUT_MS } from '../helpers/services';
import { startUpstream, type Upstream } from '../helpers/upstream';

const PASSWORD = 'a long clinic password';

/** The token of the invitation or reset link in a received e-mail. */
function tokenIn(mail: ReceivedMail, page: 'accept-invite' | 'reset-password'): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`/portal/${page}#token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${page} link in:\n${text}`);
  return match[1];
}

/** The `hap_device=…` cookie a login left, with its attributes. */
const deviceSetCookie = (setCookie: string[] | string | undefined) =>
  ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('hap_device=')) ?? null;

/**
 * The portal's sign-in through the real gateway and the real tenant (a process): invitation mailed to a loopback SMTP server, accepted, logged in,
 * throttled like the admin's, and sessions that end on disable, role change
 * and password change.
 */
describe('portal sign-in through the gateway', () => {
  // Gateway and tenant share the Redis prefix: tenant publishes sign-in versions where the gateway reads sessions.
  const prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_portal_${randomBytes(3).toString('hex')}`;
  const admin = { email: uniqueEmail('portal-admin'), password: 'a long admin password', name: 'Portal Admin' };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  /** The public shell, recording what the gateway signs onto its requests. */
  let pages: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let adminCookie: string;
  let clinicA: { id: number; name: string };
  let clinicB: { id: number; name: string };
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    smtp = await startSmtp();
    tenant = await startTenant({ REDIS_PREFIX: prefix, SMTP_URL: smtp.url });
    await tenant.seedAdmin(admin);
    pages = await startUpstream({ answer: () => ({ headers: { 'content-type': 'application/manifest+json' }, body: '{}' }) });
    gateway = buildGateway({
      TENANT_URL: tenant.url,
      PUBLIC_SHELL_URL: pages.url,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: 'true',
      LOGIN_MAX_PER_IP: '50',
      LOGIN_MAX_PER_ACCOUNT_AND_IP: '3',
      LOGIN_MAX_PER_ACCOUNT_PER_HOUR: '50',
      LOGIN_MAX_PER_DEVICE: '5',
    }).app;
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    adminCookie = await loginCookie(gateway, admin);
    clinicA = await createClient(tenant.dataSource);
    clinicB = await createClient(tenant.dataSource);
  }, TENANT_START_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.close();
    await tenant?.close();
    await pages?.close();
    await smtp?.close();
  });

  const api = () => request(gateway.server);
  const mailTo = async (email: string, page: 'accept-invite' | 'reset-password' = 'accept-invite') => {
    for (let i = 0; i < 100; i += 1) {
      const mail = smtp.received.find((m) => m.to.includes(email) && m.raw.includes(page));
      if (mail) return tokenIn(mail, page);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${page} mail to ${email}`);
  };
  const portalLogin = (body: object, ip = freshIp(), cookie?: string) => {
    const req = api().post('/api/portal/login').set('x-forwarded-for', ip);
    return (cookie ? req.set('cookie', cookie) : req).send(body);
  };
  const authStatus = (cookie: string) => api().get('/api/portal/auth-status').set('cookie', cookie);

  /** An admin invites through the gateway; the user accepts the mailed link there; answers their session cookie. */
  async function invitedAndAccepted(clinic: { id: number }, role: 'owner' | 'front_desk' | 'viewer', name = 'Ola Owner') {
    const email = uniqueEmail(`portal-${role}`);
    const invited = await api().post(`/api/clients/${clinic.id}/users`).set('cookie', adminCookie).send({ email, role });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ mail: 'sent' });
    expect(invited.body.data.inviteUrl).toBeUndefined();
    const accepted = await api().post('/api/portal/accept-invite').send({ token: await mailTo(email), password: PASSWORD, name });
    expect(accepted.status).toBe(200);
    const cookie = sessionCookie(accepted.headers['set-cookie']);
    expect(cookie).not.toBeNull();
    return { id: invited.body.data.userId as number, email, cookie: cookie as string, user: accepted.body.data.user };
  }

  it('invite → mail → accept → session: auth-status names the clinic and role, clinic rows open, admin rows answer 403', async () => {
    const owner = await invitedAndAccepted(clinicA, 'owner');
    expect(owner.user).toEqual({ id: owner.id, email: owner.email, name: 'Ola Owner', clientId: clinicA.id, clientName: clinicA.name, role: 'owner' });

    const status = await authStatus(owner.cookie);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ success: true, user: owner.user });

    const users = await api().get('/api/portal/users').set('cookie', owner.cookie);
    expect(users.status).toBe(200);
    expect(users.body.data.map((u: { id: number }) => u.id)).toContain(owner.id);

    const adminRow = await api().get('/api/clients').set('cookie', owner.cookie);
    expect(adminRow.status).toBe(403);
    expect(adminRow.body.message).toBe(Messages.notAdmin);
    // The admin screen does not take a clinic session for an admin's.
    expect((await api().get('/api/admin/auth-status').set('cookie', owner.cookie)).status).toBe(401);

    // An admin's session opens no portal row and no portal auth-status.
    expect((await api().get('/api/portal/users').set('cookie', adminCookie)).status).toBe(403);
    expect((await authStatus(adminCookie)).status).toBe(401);
    // Nobody: 401, asked to sign in to the portal.
    const nobody = await api().get('/api/portal/users');
    expect(nobody.status).toBe(401);
    expect(nobody.body.message).toBe(Messages.portalUnauthenticated);

    // The contract's password rule answers with its words (the gateway checks the row's body before tenant is asked).
    const short = await api().post('/api/portal/accept-invite').send({ token: 'D'.repeat(43), password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.issues).toEqual([{ path: 'password', message: 'Password must be at least 12 characters' }]);

    // The link worked once.
    const again = await api().post('/api/portal/accept-invite').send({ token: await mailTo(owner.email), password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'LINK_USED', message: Messages.linkUsed });
    const forged = await api().post('/api/portal/accept-invite').send({ token: 'C'.repeat(43), password: PASSWORD });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(Messages.linkInvalid);
    expect(sessionCookie(forged.headers['set-cookie'])).toBeNull();

    // Owner invites staff through the portal; another clinic's user is a 404.
    const staffEmail = uniqueEmail('portal-staff-by-owner');
    const invited = await api().post('/api/portal/users').set('cookie', owner.cookie).send({ email: staffEmail, role: 'front_desk' });
    expect(invited.status).toBe(201);
    const other = await invitedAndAccepted(clinicB, 'front_desk');
    expect((await api().delete(`/api/portal/users/${other.id}`).set('cookie', owner.cookie)).status).toBe(404);
    expect((await api().delete(`/api/portal/users/${invited.body.data.userId}`).set('cookie', other.cookie)).status).toBe(403);
  });

  // docs/portal.md#installable-portal: the manifest is written in the user's clinic's name and colours; the shell learns the clinic from the gateway alone.
  it("signs the clinic user onto the portal manifest's request, and nobody onto it or any other page otherwise", async () => {
    const owner = await invitedAndAccepted(clinicA, 'owner');
    pages.received.length = 0;
    expect((await api().get('/portal/manifest.webmanifest').set('cookie', owner.cookie)).status).toBe(200);
    expect(pages.received.at(-1)?.identity).toEqual({ kind: 'clinic', userId: owner.id, email: owner.email, name: 'Ola Owner', clientId: clinicA.id, role: 'owner' });
    // The session id itself never reaches the shell.
    expect(String(pages.received.at(-1)?.headers.cookie ?? '')).not.toContain(owner.cookie);
    // Any other page of the same user, and the manifest without a session or with an admin's, carry no clinic.
    await api().get('/portal/leads').set('cookie', owner.cookie);
    await api().get('/portal/manifest.webmanifest');
    await api().get('/portal/manifest.webmanifest').set('cookie', adminCookie);
    expect(pages.received.slice(1).map((r) => [r.url, r.identity?.kind ?? null])).toEqual([
      ['/portal/leads', null],
      ['/portal/manifest.webmanifest', null],
      ['/portal/manifest.webmanifest', 'admin'],
    ]);
  });

  describe('POST /api/portal/login', () => {
    it('logs a clinic user in with a session and a device cookie of the portal login; logout ends it', async () => {
      const staff = await invitedAndAccepted(clinicA, 'front_desk', 'Sam Staff');
      const res = await portalLogin({ email: staff.email, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toEqual({ id: staff.id, email: staff.email, name: 'Sam Staff', clientId: clinicA.id, clientName: clinicA.name, role: 'front_desk' });
      const cookie = sessionCookie(res.headers['set-cookie']) as string;
      expect(deviceSetCookie(res.headers['set-cookie'])).toMatch(/; Path=\/api\/portal\/login/);
      expect((await authStatus(cookie)).status).toBe(200);
      expect((await api().post('/api/portal/logout').set('cookie', cookie)).status).toBe(200);
      expect((await authStatus(cookie)).status).toBe(401);
    });

    it('answers a wrong password, an unknown e-mail and a disabled user alike with 401', async () => {
      const staff = await invitedAndAccepted(clinicA, 'front_desk');
      expect((await api().patch(`/api/clients/${clinicA.id}/users/${staff.id}`).set('cookie', adminCookie).send({ disabled: true })).status).toBe(200);
      for (const body of [
        { email: staff.email, password: PASSWORD },
        { email: staff.email, password: 'a wrong password here' },
        { email: uniqueEmail('nobody'), password: PASSWORD },
      ]) {
        const res = await portalLogin(body);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
        expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
      }
    });

    it('sends an admin to the admin login (403), and a clinic user at the admin login gets 403 too', async () => {
      const res = await portalLogin({ email: admin.email, password: admin.password });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: 'FORBIDDEN', message: Messages.adminUsesAdminLogin });
      expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
      const staff = await invitedAndAccepted(clinicA, 'front_desk');
      const atAdmin = await api().post('/api/admin/login').set('x-forwarded-for', freshIp()).send({ email: staff.email, password: PASSWORD });
      expect(atAdmin.status).toBe(403);
      expect(atAdmin.body.message).toBe(Messages.notAdmin);
    });

    it('is throttled like the admin login: past the limit even the right password waits, but a known device still gets in', async () => {
      const staff = await invitedAndAccepted(clinicA, 'front_desk');
      const ip = freshIp();
      const known = await portalLogin({ email: staff.email, password: PASSWORD }, ip);
      const device = (deviceSetCookie(known.headers['set-cookie']) as string).split(';')[0];
      for (let i = 0; i < 3; i += 1) expect((await portalLogin({ email: staff.email, password: 'a wrong password here' }, ip)).status).toBe(401);
      const locked = await portalLogin({ email: staff.email, password: PASSWORD }, ip);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', message: Messages.rateLimitedLogin });
      // The browser it logged in from before is counted apart (the known-device rule).
      expect((await portalLogin({ email: staff.email, password: PASSWORD }, ip, device)).status).toBe(200);
    });
  });

  describe('sessions end when the user changes', () => {
    it('on disable, on role change and on password change; a new login after the change works', async () => {
      const user = await invitedAndAccepted(clinicA, 'front_desk');
      const second = sessionCookie((await portalLogin({ email: user.email, password: PASSWORD })).headers['set-cookie']) as string;
      expect((await authStatus(user.cookie)).status).toBe(200);

      // Role change: both live sessions end.
      expect((await api().patch(`/api/clients/${clinicA.id}/users/${user.id}`).set('cookie', adminCookie).send({ role: 'owner' })).status).toBe(200);
      expect((await authStatus(user.cookie)).status).toBe(401);
      const expired = await api().get('/api/portal/users').set('cookie', second);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe(Messages.sessionExpired);
      const relogin = await portalLogin({ email: user.email, password: PASSWORD });
      expect(relogin.status).toBe(200);
      expect(relogin.body.data.user.role).toBe('owner');
      const afterRole = sessionCookie(relogin.headers['set-cookie']) as string;
      expect((await api().get('/api/portal/users').set('cookie', afterRole)).status).toBe(200);

      // Password change (reset link): the session ends.
      expect((await api().post('/api/portal/password-reset-request').send({ email: user.email })).status).toBe(200);
      const reset = await api().post('/api/portal/password-reset').send({ token: await mailTo(user.email, 'reset-password'), password: 'a brand new password' });
      expect(reset.status).toBe(200);
      expect((await authStatus(afterRole)).status).toBe(401);
      const fresh = sessionCookie((await portalLogin({ email: user.email, password: 'a brand new password' })).headers['set-cookie']) as string;
      expect((await authStatus(fresh)).status).toBe(200);

      // Disable: the session ends and no new one starts.
      expect((await api().patch(`/api/clients/${clinicA.id}/users/${user.id}`).set('cookie', adminCookie).send({ disabled: true })).status).toBe(200);
      expect((await authStatus(fresh)).status).toBe(401);
      expect((await portalLogin({ email: user.email, password: 'a brand new password' })).status).toBe(401);
    });

    it('when their clinic is deleted', async () => {
      const doomed = await createClient(tenant.dataSource);
      const owner = await invitedAndAccepted(doomed, 'owner');
      expect((await authStatus(owner.cookie)).status).toBe(200);
      expect((await api().delete(`/api/clients/${doomed.id}`).set('cookie', adminCookie)).status).toBe(200);
      expect((await authStatus(owner.cookie)).status).toBe(401);
      expect((await portalLogin({ email: owner.email, password: PASSWORD })).status).toBe(401);
    });

    it('keeps the sessions of other users of the clinic', async () => {
      const a = await invitedAndAccepted(clinicA, 'front_desk');
      const b = await invitedAndAccepted(clinicA, 'front_desk');
      expect((await api().patch(`/api/clients/${clinicA.id}/users/${a.id}`).set('cookie', adminCookie).send({ disabled: true })).status).toBe(200);
      expect((await authStatus(a.cookie)).status).toBe(401);
      expect((await authStatus(b.cookie)).status).toBe(200);
    });
  });
});
