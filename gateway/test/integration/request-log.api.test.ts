import request from 'supertest';
import { sessionTagOf } from '@hap/service-kit';
import { buildGateway, captureLogs, loginCookie, uniqueEmail } from '../helpers/gateway';
import { proxied, startUpstream, verifiesCredentials, type Upstream } from '../helpers/upstream';

describe("the gateway's request log and the admin's session as services see it", () => {
  const admin = { id: 11, email: uniqueEmail('request-log'), password: 'correct horse battery staple', name: 'Log Admin' };
  const logs = captureLogs();
  let tenant: Upstream;
  let services: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let secret: string;

  beforeAll(async () => {
    tenant = await startUpstream({ answer: verifiesCredentials([admin]) });
    services = await startUpstream();
    const built = buildGateway(
      { TENANT_URL: tenant.url, LEADS_URL: services.url, ADS_URL: services.url, PUBLIC_SHELL_URL: services.url, LOG_LEVEL: 'info' },
      { logStream: logs.logStream },
    );
    gateway = built.app;
    secret = built.config.INTERNAL_SECRET;
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    await tenant?.close();
    await services?.close();
  });

  it('logs the URLs without the lead search text, OAuth answers or the session cookie', async () => {
    const cookie = await loginCookie(gateway, admin);
    const sessionId = cookie.split('=')[1]!;
    logs.lines.length = 0;

    const urls = [
      '/api/leads?clientId=1&q=jane.doe%40example.com',
      '/api/google-ads/oauth/callback?state=4242.1799999999999.nonce-value.mac-value&code=4%2F0AX-code-value&scope=adwords',
      '/admin/leads?clientId=1&q=jane.doe@example.com',
      // A visitor typed their details into a landing page's address: only the page's own parameters are kept.
      '/prp-hair-restoration?client=12&style=b&utm_source=google&gclid=Cj0KCQ&email=jane.doe%40example.com&phone=555-0101&jane.doe@example.com',
    ];
    for (const url of urls) expect((await request(gateway.server).get(url).set('cookie', cookie)).status).toBe(200);
    expect(proxied(services).map((r) => r.url)).toEqual(urls);

    const log = JSON.stringify(logs.lines);
    for (const value of ['jane.doe', 'example.com', '555-0101', 'nonce-value', 'mac-value', '0AX-code-value', sessionId]) expect(log).not.toContain(value);
    expect(logs.withMessage('incoming request').map((line) => (line.req as { url: string }).url)).toEqual([
      '/api/leads?clientId=1&q=[redacted]',
      '/api/google-ads/oauth/callback?state=[redacted]&code=[redacted]&scope=[redacted]',
      '/admin/leads?clientId=1&q=[redacted]',
      '/prp-hair-restoration?client=12&style=b&utm_source=google&gclid=Cj0KCQ&email=[redacted]&phone=[redacted]&[redacted]',
    ]);
  });

  it("signs an admin's calls with a tag of the session (one per login, never the id), and public calls with none", async () => {
    services.received.length = 0;
    const first = await loginCookie(gateway, admin);
    const second = await loginCookie(gateway, admin);
    for (const cookie of [first, second]) await request(gateway.server).get('/api/google-ads/auth-status').set('cookie', cookie);
    tenant.received.length = 0;
    await request(gateway.server).get('/api/clients/1');

    const [a, b] = proxied(services).map((r) => r.identity);
    const [anonymous] = proxied(tenant).map((r) => r.identity);
    const tagOf = (cookie: string) => sessionTagOf(secret, cookie.split('=')[1]!);
    expect(a).toEqual({ kind: 'admin', userId: admin.id, email: admin.email, session: tagOf(first) });
    expect(b).toEqual({ kind: 'admin', userId: admin.id, email: admin.email, session: tagOf(second) });
    expect(a!.session).not.toBe(b!.session);
    expect(a!.session).not.toContain(first.split('=')[1]!);
    expect(anonymous).toEqual({ kind: 'anonymous' });
  });
});
