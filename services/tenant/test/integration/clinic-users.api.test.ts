import { createHash } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { authVersionKey, Messages } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { seedAdmin } from '../../src/db/seed';
import { ADMIN, ANONYMOUS, GATEWAY, startTenant, type TestTenant } from '../helpers/app';
import { createClient, uniq } from '../helpers/factories';
import { startSmtp, type ReceivedMail } from '@hap/test-kit/smtp-server';

const PASSWORD = 'a long clinic password';
const FORWARDED = { 'x-forwarded-host': 'portal.agency.test', 'x-forwarded-proto': 'https' };

/** The token of the link in a received e-mail (quoted-printable soft breaks and `=3D` undone). */
function tokenIn(mail: ReceivedMail, page: 'accept-invite' | 'reset-password'): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https://portal\\.agency\\.test/portal/${page}#token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${page} link in:\n${text}`);
  return match[1];
}

const clinicIdentity = (user: { id: number; email: string; clientId: number; role: 'owner' | 'front_desk' | 'viewer' }, name = 'Ola Owner'): Identity => ({
  kind: 'clinic',
  userId: user.id,
  email: user.email,
  name,
  clientId: user.clientId,
  role: user.role,
});

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('clinic users', () => {
  let t: TestTenant;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let redis: Redis;
  let clinicA: { id: number; name: string };
  let clinicB: { id: number; name: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTenant({ env: { SMTP_URL: smtp.url } });
    redis = new Redis(t.config.REDIS_URL);
    clinicA = await createClient(t.dataSource);
    clinicB = await createClient(t.dataSource);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    redis.disconnect();
  });

  const mailTo = (email: string) => waitFor(() => smtp.received.find((m) => m.to.includes(email)), `a mail to ${email}`);
  const invite = (clientId: number, body: object, identity: Identity = ADMIN) =>
    t.api.post(`/api/clients/${clientId}/users`, identity).set(FORWARDED).send(body);
  const accept = (body: object) => t.api.post('/internal/auth/accept-invite', GATEWAY).send(body);
  const verify = (email: string, password = PASSWORD) => t.api.post('/internal/auth/verify', GATEWAY).send({ email, password });
  const userRow = async (id: number) =>
    (
      await t.dataSource.query<Array<{ auth_version: number; role: string; disabled_at: Date | null; password_hash: string | null }>>(
        'SELECT "auth_version", "role", "disabled_at", "password_hash" FROM "tenant"."users" WHERE "id" = $1',
        [id],
      )
    )[0];

  /** An owner of `clinic` who accepted their invitation. */
  async function activeUser(clinic: { id: number }, role: 'owner' | 'front_desk' | 'viewer' = 'owner') {
    const email = `user-${uniq()}@clinic.test`;
    const res = await invite(clinic.id, { email, role });
    expect(res.status).toBe(201);
    const accepted = await accept({ token: tokenIn(await mailTo(email), 'accept-invite'), password: PASSWORD, name: 'Ola Owner' });
    expect(accepted.status).toBe(200);
    return { id: res.body.data.userId as number, email, clientId: clinic.id, role };
  }

  describe('POST /api/clients/:id/users', () => {
    it('invites by e-mail: the link is mailed, never answered, and only its hash is stored', async () => {
      const email = `Invitee-${uniq()}@Clinic.test`;
      const res = await invite(clinicA.id, { email, role: 'owner' });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({ userId: expect.any(Number), mail: 'sent', message: Messages.invitationMailed(email.toLowerCase()) });
      const mail = await mailTo(email.toLowerCase());
      expect(mail.raw).toContain(clinicA.name);
      const token = tokenIn(mail, 'accept-invite');
      const [row] = await t.dataSource.query<Array<{ token_hash: string; purpose: string; expires_at: Date }>>(
        'SELECT "token_hash", "purpose", "expires_at" FROM "tenant"."user_tokens" WHERE "user_id" = $1',
        [res.body.data.userId],
      );
      expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(row.purpose).toBe('invite');
      const hours = (new Date(row.expires_at).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);

      const list = await t.api.get(`/api/clients/${clinicA.id}/users`, ADMIN);
      expect(list.body.data).toContainEqual(expect.objectContaining({ id: res.body.data.userId, email: email.toLowerCase(), role: 'owner', status: 'invited', name: null }));
    });

    it('answers 409 with words for an e-mail that already has an account (a clinic user or an admin)', async () => {
      const email = `twice-${uniq()}@clinic.test`;
      expect((await invite(clinicA.id, { email, role: 'front_desk' })).status).toBe(201);
      const again = await invite(clinicB.id, { email: email.toUpperCase(), role: 'front_desk' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, code: 'CONFLICT', message: Messages.userEmailInUse, issues: [{ path: 'email', message: Messages.userEmailInUse }] });
      const adminEmail = `admin-${uniq()}@agency.test`;
      await seedAdmin(t.dataSource, { email: adminEmail, password: PASSWORD });
      expect((await invite(clinicA.id, { email: adminEmail, role: 'owner' })).status).toBe(409);
    });

    it('refuses bad input with the form messages, an unknown clinic with 404, and anyone but an admin', async () => {
      const bad = await invite(clinicA.id, { email: 'nope', role: 'boss' });
      expect(bad.status).toBe(400);
      expect(bad.body.issues).toEqual([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'role', message: 'Role must be owner, front_desk or viewer' },
      ]);
      expect((await invite(2_000_000_000, { email: `x-${uniq()}@clinic.test`, role: 'front_desk' })).status).toBe(404);
      expect((await invite(clinicA.id, { email: `x-${uniq()}@clinic.test`, role: 'front_desk' }, ANONYMOUS)).status).toBe(401);
      const owner = await activeUser(clinicA);
      expect((await invite(clinicA.id, { email: `x-${uniq()}@clinic.test`, role: 'front_desk' }, clinicIdentity(owner))).status).toBe(403);
    });
  });

  describe('accepting an invitation (POST /internal/auth/accept-invite)', () => {
    it('sets the password once: the user can sign in, a second use is 410, a forged token 400, an expired one 410', async () => {
      const email = `accept-${uniq()}@clinic.test`;
      const created = await invite(clinicA.id, { email, role: 'owner' });
      const token = tokenIn(await mailTo(email), 'accept-invite');

      const short = await accept({ token, password: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.issues).toEqual([{ path: 'password', message: 'Password must be at least 12 characters' }]);

      const ok = await accept({ token, password: PASSWORD, name: 'Ola Owner' });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toEqual({
        id: created.body.data.userId,
        email,
        name: 'Ola Owner',
        isAdmin: false,
        clientId: clinicA.id,
        clientName: clinicA.name,
        role: 'owner',
        authVersion: expect.any(Number),
        mfaEnabled: false,
        mfaMethods: [],
      });
      expect((await userRow(created.body.data.userId)).password_hash).toMatch(/^\$argon2id\$/);

      const again = await accept({ token, password: PASSWORD });
      expect(again.status).toBe(410);
      expect(again.body).toMatchObject({ code: 'LINK_USED', message: Messages.linkUsed });

      const forged = await accept({ token: 'A'.repeat(43), password: PASSWORD });
      expect(forged.status).toBe(400);
      expect(forged.body.message).toBe(Messages.linkInvalid);

      const signedIn = await verify(email);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data).toMatchObject({ clientId: clinicA.id, role: 'owner', clientName: clinicA.name });

      const late = `late-${uniq()}@clinic.test`;
      const lateUser = await invite(clinicA.id, { email: late, role: 'front_desk' });
      const lateToken = tokenIn(await mailTo(late), 'accept-invite');
      await t.dataSource.query(`UPDATE "tenant"."user_tokens" SET "expires_at" = now() - interval '1 minute' WHERE "user_id" = $1`, [lateUser.body.data.userId]);
      const expired = await accept({ token: lateToken, password: PASSWORD });
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({ code: 'LINK_EXPIRED', message: Messages.linkExpired });
      expect((await userRow(lateUser.body.data.userId)).password_hash).toBeNull();
    });

    it('is the gateway’s only: anyone else gets 403', async () => {
      const res = await t.api.post('/internal/auth/accept-invite', ADMIN).send({ token: 'x', password: PASSWORD });
      expect(res.status).toBe(403);
    });

    it('re-issuing voids the older link; an invited user cannot sign in until they accept', async () => {
      const email = `reissue-${uniq()}@clinic.test`;
      const created = await invite(clinicA.id, { email, role: 'front_desk' });
      const first = tokenIn(await mailTo(email), 'accept-invite');
      expect((await verify(email, 'anything at all here')).status).toBe(401);
      const count = smtp.received.length;
      const reissued = await t.api.post(`/api/clients/${clinicA.id}/users/${created.body.data.userId}/invitation`, ADMIN).set(FORWARDED);
      expect(reissued.status).toBe(200);
      expect(reissued.body.data).toMatchObject({ userId: created.body.data.userId, mail: 'sent' });
      const second = tokenIn(await waitFor(() => smtp.received.slice(count).find((m) => m.to.includes(email)), 'the second invitation'), 'accept-invite');
      expect(second).not.toBe(first);
      expect((await accept({ token: first, password: PASSWORD })).status).toBe(410);
      expect((await accept({ token: second, password: PASSWORD })).status).toBe(200);
      // Once active, there is nothing to re-issue.
      const active = await t.api.post(`/api/clients/${clinicA.id}/users/${created.body.data.userId}/invitation`, ADMIN);
      expect(active.status).toBe(409);
      // Another clinic's path does not reach them.
      expect((await t.api.post(`/api/clients/${clinicB.id}/users/${created.body.data.userId}/invitation`, ADMIN)).status).toBe(404);
    });
  });

  describe('PATCH and DELETE /api/clients/:id/users/:userId', () => {
    it('a role change and a disable bump the sign-in version and publish it to Redis; a disabled user signs in like a wrong password', async () => {
      // The clinic's owner stays: the promoted user below may be disabled (a clinic keeps an active owner).
      await activeUser(clinicA, 'owner');
      const user = await activeUser(clinicA, 'front_desk');
      const before = (await userRow(user.id)).auth_version;

      const promoted = await t.api.patch(`/api/clients/${clinicA.id}/users/${user.id}`, ADMIN).send({ role: 'owner' });
      expect(promoted.status).toBe(200);
      expect(promoted.body.data).toMatchObject({ id: user.id, role: 'owner', status: 'active' });
      expect((await userRow(user.id)).auth_version).toBe(before + 1);
      expect(await redis.get(authVersionKey(t.config.REDIS_PREFIX, user.id))).toBe(String(before + 1));

      const disabled = await t.api.patch(`/api/clients/${clinicA.id}/users/${user.id}`, ADMIN).send({ disabled: true });
      expect(disabled.body.data.status).toBe('disabled');
      expect(await redis.get(authVersionKey(t.config.REDIS_PREFIX, user.id))).toBe(String(before + 2));
      const refused = await verify(user.email);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });

      const enabled = await t.api.patch(`/api/clients/${clinicA.id}/users/${user.id}`, ADMIN).send({ disabled: false });
      expect(enabled.body.data.status).toBe('active');
      expect((await verify(user.email)).status).toBe(200);

      const empty = await t.api.patch(`/api/clients/${clinicA.id}/users/${user.id}`, ADMIN).send({});
      expect(empty.status).toBe(400);
      expect((await t.api.patch(`/api/clients/${clinicB.id}/users/${user.id}`, ADMIN).send({ role: 'front_desk' })).status).toBe(404);
    });

    it('keeps a clinic with an active owner: its last one cannot be demoted, disabled or removed, another can', async () => {
      const clinic = await createClient(t.dataSource);
      const owner = await activeUser(clinic, 'owner');
      const lastOwner = `${owner.email} is the clinic’s only active owner. Make another user owner first, so someone can still manage the clinic’s users and profile.`;
      // An invited owner who never signed in does not count.
      expect((await invite(clinic.id, { email: `invited-${uniq()}@clinic.test`, role: 'owner' })).status).toBe(201);
      for (const [method, body] of [
        ['patch', { role: 'front_desk' }],
        ['patch', { disabled: true }],
        ['delete', undefined],
      ] as const) {
        const req = method === 'patch' ? t.api.patch(`/api/clients/${clinic.id}/users/${owner.id}`, ADMIN).send(body) : t.api.delete(`/api/clients/${clinic.id}/users/${owner.id}`, ADMIN);
        const res = await req;
        expect([method, res.status, res.body.message]).toEqual([method, 409, lastOwner]);
      }
      const row = await userRow(owner.id);
      expect(row).toMatchObject({ role: 'owner', disabled_at: null });
      // With a second active owner, the first can step down.
      await activeUser(clinic, 'owner');
      const demoted = await t.api.patch(`/api/clients/${clinic.id}/users/${owner.id}`, ADMIN).send({ role: 'front_desk' });
      expect(demoted.status).toBe(200);
      expect(demoted.body.data.role).toBe('front_desk');
    });

    it('removing a user publishes a newer version (their sessions end) and deletes them', async () => {
      const user = await activeUser(clinicA, 'front_desk');
      const version = (await userRow(user.id)).auth_version;
      expect((await t.api.delete(`/api/clients/${clinicB.id}/users/${user.id}`, ADMIN)).status).toBe(404);
      const res = await t.api.delete(`/api/clients/${clinicA.id}/users/${user.id}`, ADMIN);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: user.id });
      expect(await userRow(user.id)).toBeUndefined();
      expect(await redis.get(authVersionKey(t.config.REDIS_PREFIX, user.id))).toBe(String(version + 1));
    });
  });

  describe('/api/portal/users (the clinic from the identity)', () => {
    it('answers an address already in use in the same words whoever has it: the clinic’s own user, another clinic’s, an admin', async () => {
      const owner = await activeUser(clinicA, 'owner');
      const me = clinicIdentity(owner);
      const ownStaff = await activeUser(clinicA, 'front_desk');
      const otherClinics = await activeUser(clinicB, 'front_desk');
      const adminEmail = `admin-${uniq()}@agency.test`;
      await seedAdmin(t.dataSource, { email: adminEmail, password: PASSWORD });
      const answers = [];
      for (const email of [ownStaff.email, otherClinics.email.toUpperCase(), adminEmail, owner.email]) {
        const res = await t.api.post('/api/portal/users', me).set(FORWARDED).send({ email, role: 'front_desk' });
        answers.push({ status: res.status, body: res.body as unknown });
      }
      const expected = { status: 409, body: { success: false, code: 'CONFLICT', message: Messages.userEmailInUse, issues: [{ path: 'email', message: Messages.userEmailInUse }] } };
      expect(answers).toEqual([expected, expected, expected, expected]);
      // Neither the words nor anything else say where the address is used.
      expect(JSON.stringify(answers)).not.toMatch(/platform|account|admin|another clinic/i);
    });

    it('an owner lists and invites their own clinic’s users in any role, removes them, never themselves, never another clinic’s user', async () => {
      const owner = await activeUser(clinicA, 'owner');
      const other = await activeUser(clinicB, 'front_desk');
      const me = clinicIdentity(owner);

      const staffEmail = `staff-${uniq()}@clinic.test`;
      const invited = await t.api.post('/api/portal/users', me).set(FORWARDED).send({ email: staffEmail, role: 'front_desk' });
      expect(invited.status).toBe(201);
      expect(invited.body.data.mail).toBe('sent');
      await mailTo(staffEmail);

      // Any role (docs/portal.md#roles); left out, an owner, as the agency's invitation.
      const ownerInvite = await t.api.post('/api/portal/users', me).send({ email: `o-${uniq()}@clinic.test` });
      expect(ownerInvite.status).toBe(201);
      const viewerInvite = await t.api.post('/api/portal/users', me).send({ email: `v-${uniq()}@clinic.test`, role: 'viewer' });
      expect(viewerInvite.status).toBe(201);
      const roles = await t.dataSource.query<Array<{ role: string }>>(`SELECT "role" FROM "tenant"."users" WHERE "id" = ANY($1) ORDER BY "id"`, [[ownerInvite.body.data.userId, viewerInvite.body.data.userId]]);
      expect(roles.map((r) => r.role)).toEqual(['owner', 'viewer']);
      // Another role's identity is refused before anything is written (the gateway refuses it first).
      const frontDesk = await activeUser(clinicA, 'front_desk');
      expect((await t.api.post('/api/portal/users', clinicIdentity(frontDesk)).send({ email: `fd-${uniq()}@clinic.test` })).status).toBe(403);

      const list = await t.api.get('/api/portal/users', me);
      expect(list.status).toBe(200);
      const ids = (list.body.data as Array<{ id: number; clientId: number }>).map((u) => u.id);
      expect(ids).toEqual(expect.arrayContaining([owner.id, invited.body.data.userId]));
      expect(ids).not.toContain(other.id);
      expect((list.body.data as Array<{ clientId: number }>).every((u) => u.clientId === clinicA.id)).toBe(true);

      const foreign = await t.api.delete(`/api/portal/users/${other.id}`, me);
      expect(foreign.status).toBe(404);
      expect(await userRow(other.id)).toBeDefined();

      const self = await t.api.delete(`/api/portal/users/${owner.id}`, me);
      expect(self.status).toBe(409);
      expect(self.body.message).toBe(Messages.ownerCannotRemoveSelf);

      const removed = await t.api.delete(`/api/portal/users/${invited.body.data.userId}`, me);
      expect(removed.status).toBe(200);

      // The audit log names the clinic user.
      const [entry] = await t.dataSource.query<Array<{ changes: { names: Record<string, string> } }>>(
        `SELECT "changes" FROM "tenant"."audit_log" WHERE "entity" = 'clinic_user' AND "entity_id" = $1 AND "action" = 'delete'`,
        [String(invited.body.data.userId)],
      );
      expect(entry.changes.names).toMatchObject({ actor: owner.email, actorName: 'Ola Owner', actorRole: 'clinic owner', client: clinicA.name });
    });

    it('the front desk may list but not invite or remove; admins and nobody are refused', async () => {
      const staff = await activeUser(clinicA, 'front_desk');
      const me = clinicIdentity(staff, 'Sam Staff');
      expect((await t.api.get('/api/portal/users', me)).status).toBe(200);
      const inviting = await t.api.post('/api/portal/users', me).send({ email: `s-${uniq()}@clinic.test` });
      expect(inviting.status).toBe(403);
      expect(inviting.body.message).toBe(Messages.notClinicOwner);
      expect((await t.api.delete(`/api/portal/users/${staff.id}`, me)).status).toBe(403);
      expect((await t.api.get('/api/portal/users', ADMIN)).status).toBe(403);
      expect((await t.api.get('/api/portal/users', ANONYMOUS)).status).toBe(401);
    });
  });

  describe('password reset', () => {
    it('answers the same for a known and an unknown e-mail; the mailed link sets a new password once and bumps the version', async () => {
      const user = await activeUser(clinicA, 'front_desk');
      const version = (await userRow(user.id)).auth_version;
      const unknown = await t.api.post('/api/portal/password-reset-request').set(FORWARDED).send({ email: `nobody-${uniq()}@clinic.test` });
      const known = await t.api.post('/api/portal/password-reset-request').set(FORWARDED).send({ email: user.email });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body.data.message).toBe(Messages.passwordResetRequested);

      const token = tokenIn(await waitFor(() => smtp.received.find((m) => m.to.includes(user.email) && m.raw.includes('reset-password')), 'the reset mail'), 'reset-password');
      // Asked again within the minute: the same answer, no second e-mail (the form cannot flood an inbox).
      const repeated = await t.api.post('/api/portal/password-reset-request').set(FORWARDED).send({ email: user.email });
      expect(repeated.body).toEqual(known.body);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received.filter((m) => m.to.includes(user.email) && m.raw.includes('reset-password'))).toHaveLength(1);
      const newPassword = 'another long password';
      const reset = await t.api.post('/api/portal/password-reset').send({ token, password: newPassword });
      expect(reset.status).toBe(200);
      expect(reset.body.data.message).toBe(Messages.passwordChanged);
      expect((await verify(user.email)).status).toBe(401);
      expect((await verify(user.email, newPassword)).status).toBe(200);
      expect((await userRow(user.id)).auth_version).toBe(version + 1);
      expect(await redis.get(authVersionKey(t.config.REDIS_PREFIX, user.id))).toBe(String(version + 1));
      expect((await t.api.post('/api/portal/password-reset').send({ token, password: newPassword })).status).toBe(410);
      // An invitation link is not a reset link.
      expect((await t.api.post('/api/portal/password-reset').send({ token: 'B'.repeat(43), password: newPassword })).status).toBe(400);
    });
  });
});

describe('clinic users with e-mail off', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await startTenant({ env: { SMTP_URL: '' } });
  });
  afterAll(() => t.close());

  it('answers the link to hand over and says mail is off; a password reset is 503 NOT_CONFIGURED', async () => {
    const clinic = await createClient(t.dataSource);
    const res = await t.api.post(`/api/clients/${clinic.id}/users`, ADMIN).set(FORWARDED).send({ email: `off-${uniq()}@clinic.test`, role: 'owner' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      userId: expect.any(Number),
      mail: 'off',
      inviteUrl: expect.stringMatching(/^https:\/\/portal\.agency\.test\/portal\/accept-invite#token=[A-Za-z0-9_-]{43}$/),
      message: Messages.invitationMailOff,
    });
    const token = (res.body.data.inviteUrl as string).split('#token=')[1];
    expect((await t.api.post('/internal/auth/accept-invite', GATEWAY).send({ token, password: PASSWORD })).status).toBe(200);

    const reset = await t.api.post('/api/portal/password-reset-request').send({ email: 'someone@clinic.test' });
    expect(reset.status).toBe(503);
    expect(reset.body).toMatchObject({ code: 'NOT_CONFIGURED', message: Messages.passwordResetMailOff });
  });
});

describe('clinic users with Redis down', () => {
  let t: TestTenant;
  beforeAll(async () => {
    // A port nothing listens on.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    t = await startTenant({ env: { SMTP_URL: '', REDIS_URL: `redis://127.0.0.1:${port}`, CONTENT_CACHE_TTL_MS: '0' } });
  });
  afterAll(() => t.close());

  it('refuses a change that must end sessions with 503 and writes nothing', async () => {
    const clinic = await createClient(t.dataSource);
    const res = await t.api.post(`/api/clients/${clinic.id}/users`, ADMIN).send({ email: `down-${uniq()}@clinic.test`, role: 'front_desk' });
    const userId = res.body.data.userId as number;
    const patched = await t.api.patch(`/api/clients/${clinic.id}/users/${userId}`, ADMIN).send({ role: 'owner', disabled: true });
    expect(patched.status).toBe(503);
    expect(patched.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: Messages.signInChangeUnavailable });
    const [row] = await t.dataSource.query<Array<{ role: string; disabled_at: Date | null; auth_version: number }>>(
      'SELECT "role", "disabled_at", "auth_version" FROM "tenant"."users" WHERE "id" = $1',
      [userId],
    );
    expect(row).toEqual({ role: 'front_desk', disabled_at: null, auth_version: 1 });
    const audits = await t.dataSource.query(`SELECT 1 FROM "tenant"."audit_log" WHERE "entity" = 'clinic_user' AND "entity_id" = $1 AND "action" = 'update'`, [String(userId)]);
    expect(audits).toHaveLength(0);
    expect((await t.api.delete(`/api/clients/${clinic.id}/users/${userId}`, ADMIN)).status).toBe(503);
  });
});
