import { Messages, routeTable } from '@hap/contracts';
import { seedAdmin } from '../../src/db/seed';
import { ADMIN, ANONYMOUS, GATEWAY, PUBLIC_SHELL, startTenant, type TestTenant } from '../helpers/app';
import { uniq } from '../helpers/factories';

/**
 * Tenant's passkey rows on their own; the ceremonies end to end
 * are tested through the gateway (gateway/test/integration/passkeys.api.test.ts).
 */
describe('/internal/auth/passkeys/*', () => {
  let t: TestTenant;
  let userId: number;

  beforeAll(async () => {
    // No WEBAUTHN_ORIGIN and no PUBLIC_BASE_URL: development takes the browser's origin the gateway forwards.
    t = await startTenant({ env: { WEBAUTHN_ORIGIN: '', PUBLIC_BASE_URL: '' } });
    userId = (await seedAdmin(t.dataSource, { email: `pk-${uniq()}@example.com`, password: 'correct horse battery staple' })).id;
  });
  afterAll(() => t.close());

  const internalRows = routeTable.filter((row) => row.owner === 'tenant' && row.path.startsWith('/internal/auth/passkeys/'));

  it.each(internalRows.map((row) => [row.path] as const))('%s answers only the gateway', async (path) => {
    expect(internalRows.length).toBe(6);
    for (const identity of [ADMIN, ANONYMOUS, PUBLIC_SHELL]) {
      expect((await t.api.post(path, identity).send({ userId })).status).toBe(403);
    }
  });

  it('binds passkeys to the browser origin the gateway forwards when none is configured (development)', async () => {
    const options = await t.api.post('/internal/auth/passkeys/registration-options', GATEWAY).send({ userId, origin: 'http://localhost:4110' });
    expect(options.status).toBe(200);
    expect(options.body.data.rp).toEqual({ id: 'localhost', name: 'Health Ads' });

    const none = await t.api.post('/internal/auth/passkeys/authentication-options', GATEWAY).send({});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(Messages.passkeyOriginMissing);
  });

  it('answers 404 for a user that does not exist and 401 for a passkey it does not know', async () => {
    expect((await t.api.post('/internal/auth/passkeys/list', GATEWAY).send({ userId: 999_999 })).status).toBe(404);
    const unknown = await t.api.post('/internal/auth/passkeys/check', GATEWAY).send({
      challenge: 'a-challenge-of-enough-length',
      origin: 'http://localhost:4110',
      credential: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' }, clientExtensionResults: {} },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(Messages.passkeyUnknown);
  });

  it('refuses a production origin taken from the request', async () => {
    const prod = await startTenant({ env: { NODE_ENV: 'production', WEBAUTHN_ORIGIN: '', PUBLIC_BASE_URL: '', MFA_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') } });
    try {
      const options = await prod.api.post('/internal/auth/passkeys/registration-options', GATEWAY).send({ userId, origin: 'https://forged.example' });
      expect(options.status).toBe(400);
      expect(options.body.message).toBe(Messages.passkeyOriginMissing);
    } finally {
      await prod.close();
    }
  });
});
