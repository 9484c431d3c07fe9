import { request as httpRequest } from 'node:http';
import { Messages, routes } from '@hap/contracts';
import { buildGateway, listening, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { startTenant, TENANT_START_TIMEOUT_MS } from '../helpers/services';

interface LoginAnswer {
  status: number;
  body: { code?: string; message?: string };
  /** The `hap_device=…` pair the answer set, or null. */
  device: string | null;
  session: string | null;
}

/** The `hap_device=<value>` pair from a Set-Cookie list, or null. */
const deviceCookie = (setCookie: string[] | undefined) => setCookie?.find((c) => c.startsWith('hap_device='))?.split(';')[0] ?? null;

// docs/platform.md: a stranger cannot lock the admin out. The gateway runs with no
// proxy (TRUST_PROXY unset), and every "address" is a real loopback source
// address (127.0.0.x, all of them on lo), so the throttle counts exactly what
// it would count for as many machines.
describe('admin login from a known device (device cookies)', () => {
  const password = 'the known device admin password';
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let address: string;

  /** POST /api/admin/login from `from` (a loopback address), with a device cookie when given. */
  const login = (from: string, body: { email: string; password: string }, device?: string | null) =>
    new Promise<LoginAnswer>((resolve, reject) => {
      const text = JSON.stringify(body);
      const { port } = new URL(address);
      const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
      if (device) headers.cookie = device;
      const req = httpRequest({ host: '127.0.0.1', port, localAddress: from, method: 'POST', path: routes.adminLogin.path, headers, agent: false });
      req.on('response', (res) => {
        let answer = '';
        res.on('data', (chunk: Buffer) => (answer += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(answer) as LoginAnswer['body'],
            device: deviceCookie(res.headers['set-cookie']),
            session: sessionCookie(res.headers['set-cookie']),
          }),
        );
      });
      req.on('error', reject);
      req.end(text);
    });

  /** 20 addresses × 5 wrong passwords: the account's hourly ceiling (100) used up by strangers. */
  const strangersGuess = async (email: string) => {
    const addresses = Array.from({ length: 20 }, (_, i) => `127.0.${i + 10}.1`);
    const statuses = await Promise.all(
      addresses.map(async (from) => {
        const seen: number[] = [];
        for (let i = 0; i < 5; i++) seen.push((await login(from, { email, password: 'a wrong guess' })).status);
        return seen;
      }),
    );
    expect(statuses.flat()).toEqual(Array(100).fill(401));
  };

  beforeAll(async () => {
    tenant = await startTenant();
    // The product's own limits: 5 per account and address, 20 per address, 100 per account an hour, 5 per device.
    gateway = buildGateway({ TENANT_URL: tenant.url }).app;
    address = await listening(gateway);
  }, TENANT_START_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.close();
    await tenant?.close();
  });

  it('lets the admin in from a device that logged in before, after 20 addresses × 5 wrong passwords; a new device still meets the ceiling', async () => {
    const admin = { email: uniqueEmail('device-admin'), password };
    await tenant.seedAdmin(admin);
    const first = await login('127.0.1.1', admin);
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^hap_device=v1\./);

    await strangersGuess(admin.email);

    // A new device, from an address no stranger used: the account's ceiling holds.
    const newDevice = await login('127.0.2.1', admin);
    expect(newDevice.status).toBe(429);
    expect(newDevice.body).toMatchObject({ code: 'RATE_LIMITED', message: Messages.rateLimitedLogin });
    expect(newDevice.session).toBeNull();

    // The known device, from another address: in, with a session and a fresh device cookie.
    const known = await login('127.0.3.1', admin, first.device);
    expect(known.status).toBe(200);
    expect(known.session).toMatch(/^hap_sid=/);
    expect(known.device).toMatch(/^hap_device=v1\./);
    expect(known.device).not.toBe(first.device);
    // Even from an address the strangers used up.
    expect((await login('127.0.10.1', admin, known.device)).status).toBe(200);
  }, 60_000);

  it("does not exempt a device cookie of another account, nor one that was tampered with", async () => {
    const admin = { email: uniqueEmail('device-victim'), password };
    const colleague = { email: uniqueEmail('device-colleague'), password };
    await tenant.seedAdmin(admin);
    await tenant.seedAdmin(colleague);
    const colleagues = (await login('127.0.4.1', colleague)).device as string;
    const own = (await login('127.0.4.2', admin)).device as string;

    await strangersGuess(admin.email);

    expect((await login('127.0.4.3', admin, colleagues)).status).toBe(429);
    expect((await login('127.0.4.3', admin, `${own.slice(0, -2)}AA`)).status).toBe(429);
    expect((await login('127.0.4.3', admin, own)).status).toBe(200);
  }, 60_000);

  it('gives a known device 5 failures of its own, then treats it as a new device', async () => {
    const admin = { email: uniqueEmail('device-typos'), password };
    await tenant.seedAdmin(admin);
    const { device } = await login('127.0.5.1', admin);
    await strangersGuess(admin.email);

    for (let i = 0; i < 5; i++) expect((await login('127.0.5.1', { email: admin.email, password: 'a typo' }, device)).status).toBe(401);
    // Its own allowance is used up: as a new device, it meets the account's ceiling.
    expect((await login('127.0.5.1', admin, device)).status).toBe(429);
  }, 60_000);

  it("counts a known device's failures on the device alone: the address is not charged", async () => {
    const admin = { email: uniqueEmail('device-apart'), password };
    await tenant.seedAdmin(admin);
    const { device } = await login('127.0.6.1', admin);
    for (let i = 0; i < 5; i++) expect((await login('127.0.6.1', { email: admin.email, password: 'a typo' }, device)).status).toBe(401);

    // This account at this address was not charged: a new device there still gets the right password in.
    expect((await login('127.0.6.1', admin)).status).toBe(200);
  });
});
