import { seedAdmin } from '../../src/db/seed';
import { ADMIN, ANONYMOUS, GATEWAY, PUBLIC_SHELL, startTenant, type TestTenant } from '../helpers/app';
import { uniq } from '../helpers/factories';

describe('POST /internal/auth/verify', () => {
  let t: TestTenant;
  const password = 'correct horse battery staple';
  let email: string;
  let userId: number;

  beforeAll(async () => {
    t = await startTenant();
    email = `admin-${uniq()}@example.com`;
    userId = (await seedAdmin(t.dataSource, { email, password, name: 'Ada Admin' })).id;
  });
  afterAll(() => t.close());

  const verify = (body: object, identity = GATEWAY) => t.api.post('/internal/auth/verify', identity).send(body);

  it('answers the user, never the hash, for the right password', async () => {
    const res = await verify({ email, password });
    expect(res.status).toBe(200);
    // An admin belongs to no clinic; the sign-in version goes into the gateway's session.
    expect(res.body).toEqual({
      success: true,
      data: { id: userId, email, name: 'Ada Admin', isAdmin: true, clientId: null, clientName: null, role: null, authVersion: 1, mfaEnabled: false, mfaMethods: [] },
    });
  });

  it('compares e-mails case-insensitively', async () => {
    const res = await verify({ email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(userId);
  });

  it('stores the password as an argon2id hash', async () => {
    const [row] = await t.dataSource.query<Array<{ password_hash: string }>>(
      'SELECT "password_hash" FROM "tenant"."users" WHERE "id" = $1',
      [userId],
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['a wrong password', () => ({ email, password: 'wrong' })],
    ['an unknown e-mail', () => ({ email: `nobody-${uniq()}@example.com`, password })],
  ])('answers 401 INVALID_CREDENTIALS for %s', async (_case, body) => {
    const res = await verify(body());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
  });

  it('answers 400 with the login form messages for bad input', async () => {
    const res = await verify({ email: 'admin', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it.each([
    ['an admin session', ADMIN],
    ['an anonymous caller', ANONYMOUS],
    ['the public shell', PUBLIC_SHELL],
    ['another backend service', { kind: 'service' as const, service: 'leads' }],
    ['a service without a name', { kind: 'service' as const }],
  ])('refuses %s: only the gateway itself may ask (403)', async (_case, identity) => {
    const res = await verify({ email, password }, identity);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});
