import { Messages } from '@hap/contracts';
import { buildGateway, listening, loginCookie, uniqueEmail } from '../helpers/gateway';
import { rawRequest } from '../helpers/net';
import { startUpstream, verifiesCredentials, type Upstream } from '../helpers/upstream';

const timedOut = { success: false, code: 'REQUEST_TIMEOUT', message: Messages.requestTimeout };

// A client that drips its body: REQUEST_TIMEOUT_MS bounds how long it may take,
// and since bodies are read whole before a service is called, it never holds a
// connection to one. The limit is short here; it is 30 s by default.
describe('slow request bodies', () => {
  const TIMEOUT_MS = 600;
  const admin = { id: 12, email: uniqueEmail('slow'), password: 'a slow-body admin password' };
  let tenant: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let address: string;
  let cookie: string;

  beforeAll(async () => {
    tenant = await startUpstream({ answer: verifiesCredentials([admin]) });
    gateway = buildGateway({ TENANT_URL: tenant.url, REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) }).app;
    address = await listening(gateway);
    cookie = await loginCookie(gateway, admin);
  });
  afterAll(async () => {
    await gateway?.close();
    await tenant?.close();
  });

  const dripped = (path: string, headers = '') =>
    rawRequest(address, `POST ${path} HTTP/1.1\r\nHost: clinic.example\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n${headers}\r\n`, {
      body: '{"name":"',
      dripEveryMs: 50,
    });

  it('answers a proxied body that has not arrived within REQUEST_TIMEOUT_MS with 408 and closes the connection', async () => {
    const connectionsBefore = tenant.connections;
    const requestsBefore = tenant.received.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => dripped('/api/staff-members', `Cookie: ${cookie}\r\n`)));

    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual(timedOut);
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed).toBe(true);
      expect(answer.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(answer.ms).toBeLessThan(TIMEOUT_MS + 1_500);
    }
    // Not one connection to the service was opened or used for them.
    expect(tenant.connections).toBe(connectionsBefore);
    expect(tenant.received.length).toBe(requestsBefore);
  });

  it("answers a dripped body to the gateway's own login with 408 too", async () => {
    const answer = await dripped('/api/admin/login');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(timedOut);
    expect(answer.closed).toBe(true);
  });

  it('answers headers that never end with 408', async () => {
    const answer = await rawRequest(address, 'GET /api/clients/1 HTTP/1.1\r\nHost: clinic.example\r\nX-Slow: ', { dripEveryMs: 50 });
    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeLessThan(TIMEOUT_MS + 1_500);
  });

  it('lets a body that arrives in time through', async () => {
    const body = JSON.stringify({ clientId: 1, name: 'Dr Patient' });
    const head = `POST /api/staff-members HTTP/1.1\r\nHost: clinic.example\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`;
    const answer = await rawRequest(address, head, { body });
    expect(answer.status).toBe(200);
    expect(tenant.received.at(-1)?.body.toString('utf8')).toBe(body);
  });
});
