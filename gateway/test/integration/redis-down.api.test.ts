import request from 'supertest';
import { Messages } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { buildGateway, captureLogs, sessionCookie, uniqueEmail } from '../helpers/gateway';
import { startRedisServer } from '../helpers/redis-server';
import { startTenant, TENANT_START_TIMEOUT_MS } from '../helpers/services';
import { startUpstream, type Upstream } from '../helpers/upstream';

/** What reached tenant of a request (through the relay in front of it). */
interface Seen {
  url: string;
  identity: Identity | null;
}

const storeUnavailable = { success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.sessionStoreUnavailable };
const PUBLIC_ROW = '/api/clients/1';
const ADMIN_ROW = '/api/clients';

// The gateway's own Redis (a redis-server this file starts), paused, killed and started again.
describe('the gateway while its Redis is away', () => {
  const admin = { email: uniqueEmail('redis-down'), password: 'a redis-down admin password' };
  const logs = captureLogs();
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let tenant: Awaited<ReturnType<typeof startTenant>>;
  // In front of tenant (a process): what reached it, with the identity the gateway signed.
  let relay: Upstream;
  const seen = (): Seen[] => relay.received.map((r) => ({ url: r.url, identity: r.identity }));
  // The other routed services and the public shell, always ready: only Redis comes and goes here.
  let templates: Upstream;
  let gateway: ReturnType<typeof buildGateway>['app'];
  let cookie: string;
  let consoleError: jest.SpyInstance;

  const timed = async (req: request.Test) => {
    const started = Date.now();
    const res = await req;
    return { res, ms: Date.now() - started };
  };
  const get = (url: string, withCookie = true) => {
    const req = request(gateway.server).get(url);
    return withCookie ? req.set('cookie', cookie) : req;
  };
  const post = (url: string, withCookie = true) => {
    const req = request(gateway.server).post(url);
    return withCookie ? req.set('cookie', cookie) : req;
  };

  beforeAll(async () => {
    consoleError = jest.spyOn(console, 'error');
    redis = await startRedisServer();
    tenant = await startTenant();
    relay = await startUpstream({ forwardTo: tenant.url });
    await tenant.seedAdmin(admin);
    templates = await startUpstream({ ready: () => true });
    gateway = buildGateway({ REDIS_URL: redis.url, TENANT_URL: relay.url, TEMPLATES_URL: templates.url, LEADS_URL: templates.url, ADS_URL: templates.url, PUBLIC_SHELL_URL: templates.url, LOG_LEVEL: 'info' }, { logStream: logs.logStream }).app;
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    const login = await request(gateway.server).post('/api/admin/login').send(admin);
    expect(login.status).toBe(200);
    cookie = sessionCookie(login.headers['set-cookie']) as string;
  }, TENANT_START_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.close();
    await relay?.close();
    await tenant?.close();
    await templates?.close();
    await redis?.kill();
    consoleError?.mockRestore();
  });
  beforeEach(() => {
    if (relay) relay.received.length = 0;
  });

  it('forwards an admin as admin while Redis answers', async () => {
    await get(PUBLIC_ROW);
    expect(seen()).toEqual([{ url: PUBLIC_ROW, identity: expect.objectContaining({ kind: 'admin', email: admin.email }) }]);
  });

  describe('when Redis stops answering (process stopped, connection open)', () => {
    beforeAll(() => redis.pause());
    afterAll(() => redis.resume());

    it('answers an admin row 503 and forwards a public one as anonymous, within the command timeout', async () => {
      const [adminRow, publicRow] = await Promise.all([timed(get(ADMIN_ROW)), timed(get(PUBLIC_ROW))]);

      expect(adminRow.res.status).toBe(503);
      expect(adminRow.res.body).toEqual(storeUnavailable);
      expect(adminRow.ms).toBeLessThan(3_500);
      expect(publicRow.res.status).not.toBe(503);
      expect(publicRow.ms).toBeLessThan(3_500);
      expect(seen()).toEqual([{ url: PUBLIC_ROW, identity: { kind: 'anonymous' } }]);
    }, 15_000);
  });

  describe('when Redis is gone', () => {
    beforeAll(async () => {
      await redis.kill();
      // Until the gateway has noticed, a command may still be written to the dead socket.
      for (let i = 0; i < 100 && (await request(gateway.server).get('/readyz')).status !== 503; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    it('still forwards a lead, uncounted, rather than lose a patient’s form to the limiter', async () => {
      const res = await request(gateway.server).post('/api/leads').send({ name: 'Jane Smith' });
      expect(res.status).not.toBe(429);
      expect(res.body).not.toEqual(storeUnavailable);
      expect(logs.withMessage('form submission limit unavailable; not counted').length).toBeGreaterThan(0);
    }, 15_000);

    it('is not ready, says why, and when to come back', async () => {
      const res = await request(gateway.server).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.checks).toEqual({ redis: 'unavailable', tenant: 'ready', templates: 'ready', leads: 'ready', ads: 'ready', 'public-shell': 'ready' });
    });

    it('forwards a public call with a session cookie as anonymous, and says why in the log', async () => {
      const { res, ms } = await timed(get(PUBLIC_ROW));

      // tenant's own answer (the public projection, or no such client), not the gateway's 500 or 503.
      expect([200, 404]).toContain(res.status);
      expect(ms).toBeLessThan(1_000);
      expect(seen()).toEqual([{ url: PUBLIC_ROW, identity: { kind: 'anonymous' } }]);
      const warned = logs.withMessage('session store unavailable: public call forwarded as anonymous');
      expect(warned.length).toBeGreaterThan(0);
      expect(warned[0].level).toBe(40);
    });

    it('answers an admin row with a session cookie 503 at once, and without one 401 as ever', async () => {
      const withSession = await timed(get(ADMIN_ROW));
      const without = await get(ADMIN_ROW, false);

      expect(withSession.res.status).toBe(503);
      expect(withSession.res.body).toEqual(storeUnavailable);
      expect(withSession.res.headers['retry-after']).toBe('5');
      expect(withSession.ms).toBeLessThan(1_000);
      expect(without.status).toBe(401);
      expect(seen()).toEqual([]);
    });

    it('answers login 503 at once without asking tenant', async () => {
      const { res, ms } = await timed(request(gateway.server).post('/api/admin/login').send(admin));

      expect(res.status).toBe(503);
      expect(res.body).toEqual(storeUnavailable);
      expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
      expect(ms).toBeLessThan(1_000);
      expect(seen()).toEqual([]);
    });

    it('answers logout and auth-status with a session cookie 503, and keeps the cookie', async () => {
      const logout = await post('/api/admin/logout');
      const status = await get('/api/admin/auth-status');

      for (const res of [logout, status]) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual(storeUnavailable);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      // Without a cookie there is nothing to look up.
      expect((await post('/api/admin/logout', false)).status).toBe(200);
      expect((await get('/api/admin/auth-status', false)).status).toBe(401);
    });

    it('logs the outage once, not once per reconnect attempt, and never as an unhandled error', async () => {
      // ioredis retries every 50, 100, 150… ms: a second is several attempts.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const outage = logs.withMessage(/^redis unavailable/);
      expect(outage).toHaveLength(1);
      expect(outage[0].level).toBe(40);
      const unhandled = consoleError.mock.calls.filter((args) => String(args[0]).includes('[ioredis] Unhandled error event'));
      expect(unhandled).toEqual([]);
    });
  });

  describe('when Redis is back', () => {
    beforeAll(async () => {
      await redis.restart();
      for (let i = 0; i < 200 && (await request(gateway.server).get('/readyz')).status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });

    it('is ready and logs admins in again (the old sessions went with the data)', async () => {
      expect((await request(gateway.server).get('/readyz')).status).toBe(200);
      expect(logs.withMessage('redis available again')).toHaveLength(1);
      expect((await get('/api/admin/auth-status')).status).toBe(401);

      const login = await request(gateway.server).post('/api/admin/login').send(admin);
      expect(login.status).toBe(200);
      const fresh = sessionCookie(login.headers['set-cookie']) as string;
      expect((await request(gateway.server).get('/api/admin/auth-status').set('cookie', fresh)).status).toBe(200);
    }, 10_000);
  });
});
