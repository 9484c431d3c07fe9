import { buildGateway, listening, loginCookie } from './gateway';
import { startUpstream, verifiesCredentials, type Answer, type FakeAccount, type Received, type Upstream } from './upstream';

/**
 * What a suite in front of a fake tenant stands on, made in its beforeAll: a recording upstream
 * as tenant that knows `admin` (every other request answered by `otherwise`), a gateway routing
 * to it and listening on `address`, and the admin's session `cookie`. Each test starts with
 * nothing received; both close after the suite.
 */
export function fakeTenantSuite(admin: FakeAccount, otherwise: (request: Received) => Answer) {
  const suite = {
    tenant: undefined as unknown as Upstream,
    gateway: undefined as unknown as ReturnType<typeof buildGateway>['app'],
    address: '',
    cookie: '',
  };
  beforeAll(async () => {
    suite.tenant = await startUpstream({ answer: verifiesCredentials([admin], otherwise) });
    suite.gateway = buildGateway({ TENANT_URL: suite.tenant.url }).app;
    suite.address = await listening(suite.gateway);
    suite.cookie = await loginCookie(suite.gateway, admin);
  });
  afterAll(async () => {
    await suite.gateway?.close();
    await suite.tenant?.close();
  });
  beforeEach(() => {
    suite.tenant.received.length = 0;
  });
  return suite;
}
