import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { IDEMPOTENCY_HEADER, LEAD_FORM_PATH, LEAD_SUBMIT_PATH } from '@hap/contracts';
import { createQueue, createWorker, migrate, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { refuseConnections } from '@hap/test-kit/database-outage';
import { postgresRefusal, startTcpProxy } from '@hap/test-kit/tcp-proxy';
import { createTenantClient } from '../../src/clients/tenant.client';
import { NEW_LEAD_CHANNELS, NOT_CONFIGURED } from '../../src/modules/delivery/channels';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { startRelay } from '../../src/modules/delivery/relay';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { createDataSource, SCHEMA } from '../../src/db/data-source';
import { LeadRepository } from '../../src/modules/leads/lead.repository';
import { createParkedLeads, storeHeldLeads, type ParkedLeads } from '../../src/modules/leads/parked-leads';
import { ANONYMOUS, START_TIMEOUT_MS, TEST_CONSENT, clinicWithServices, startLeads, type TestLeads } from '../helpers/app';

type Proxy = Awaited<ReturnType<typeof startTcpProxy>>;

/** A URL of `url` through a loopback proxy. */
const through = (url: string, proxy: Proxy) => {
  const u = new URL(url);
  u.host = `127.0.0.1:${proxy.port}`;
  return u.toString();
};

const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * docs/platform.md: PostgreSQL unreachable loses no lead. The leads API reaches
 * this run's database, and its Redis, through loopback TCP proxies the tests
 * cut (the servers keep running): a lead is then held in Redis and answered
 * 202 with its reference, and the relay stores it once, under that reference
 * and with its outbox, when the database is back; other routes answer 503
 * with Retry-After; with Redis away too, a lead is a 503 as well. The leads
 * API has a database of its own here, so the outbox relay these tests run
 * touches no other suite's rows.
 */
describe('leads with PostgreSQL unreachable', () => {
  let t: TestLeads;
  let pg: Proxy;
  let redisProxy: Proxy;
  let parked: ParkedLeads;
  let clientId: number;
  let serviceId: number;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `${process.env.REDIS_PREFIX ?? 'hap_test'}_held_${randomBytes(4).toString('hex')}`;
  const database = new URL(process.env.DATABASE_URL as string);
  database.pathname = `${database.pathname}_held_${randomBytes(3).toString('hex')}`;
  const onServer = async (sql: string) => {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    await onServer(`CREATE DATABASE "${database.pathname.slice(1)}"`);
    const migrating = createDataSource(database.toString());
    await migrate(migrating, SCHEMA);
    await migrating.destroy();
    pg = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    const redis = new URL(redisUrl);
    redisProxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    parked = createParkedLeads({ url: through(redisUrl, redisProxy), prefix }, () => undefined);
    t = await startLeads({ databaseUrl: through(database.toString(), pg), dependencies: { parked } });
    ({ clientId, serviceId } = await clinicWithServices(t.templates!));
  }, START_TIMEOUT_MS);
  afterEach(() => {
    pg.restore();
    redisProxy.restore();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([pg.close(), redisProxy.close()]);
    await onServer(`DROP DATABASE IF EXISTS "${database.pathname.slice(1)}" WITH (FORCE)`);
  });

  const lead = (email: string, overrides: Record<string, unknown> = {}) => ({
    name: 'Ava Brooks',
    email,
    phone: '(303) 555-0142',
    message: 'Weekday mornings.',
    clientId,
    serviceId,
    consentText: TEST_CONSENT,
    attribution: { first: { utmSource: 'google', utmCampaign: 'trt-denver', landingPath: '/trt' }, last: null, styleVariant: 'a' },
    ...overrides,
  });
  const submit = (body: object, key?: string) => {
    const call = t.api.post(LEAD_SUBMIT_PATH, ANONYMOUS).set('x-forwarded-for', '203.0.113.7');
    return key ? call.set(IDEMPOTENCY_HEADER, key).send(body) : call.send(body);
  };
  const postForm = (email: string) =>
    t.api
      .post(LEAD_FORM_PATH, ANONYMOUS)
      .set({ 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'https://clinic.example' })
      .send(
        new URLSearchParams({
          name: 'Noah Park',
          email,
          phone: '(720) 555-0188',
          clientId: String(clientId),
          serviceId: String(serviceId),
          consentText: TEST_CONSENT,
          landingUrl: '/trt?utm_source=facebook',
        }).toString(),
      );
  const referenceOf = (location: string) => new URL(location, 'https://clinic.example').searchParams.get('ref');
  const storedWith = async (reference: string) =>
    (await t.dataSource.query(
      `SELECT l."reference", l."email", l."idempotency_key", l."service_checked", l."consent_status", l."consent_ip", l."utm_source", l."created_at",
              array_agg(d."channel" || ':' || d."status" ORDER BY d."channel") AS "deliveries"
         FROM "leads"."leads" l JOIN "leads"."lead_deliveries" d ON d."lead_id" = l."id" WHERE l."reference" = $1 GROUP BY l."id"`,
      [reference],
    )) as Array<Record<string, unknown>>;
  const countOf = async (column: 'email' | 'idempotency_key', value: string) =>
    ((await t.dataSource.query(`SELECT count(*)::int AS n FROM "leads"."leads" WHERE "${column}" = $1`, [value])) as Array<{ n: number }>)[0].n;

  it('answers leads 202 from Redis while the database is away, and stores each once, under its reference, when it is back', async () => {
    const key = `held-${randomUUID()}`;
    const emails = { keyed: `held-keyed-${randomUUID()}@example.com`, plain: `held-plain-${randomUUID()}@example.com`, form: `held-form-${randomUUID()}@example.com` };
    const cutAt = new Date();
    pg.cut();

    const first = await submit(lead(emails.keyed), key);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ success: true, data: { reference: expect.any(String) } });
    const keyed = first.body.data.reference as string;
    // A retry with its key while the database is still away: the first reference, nothing held twice.
    const retry = await submit(lead(emails.keyed), key);
    expect(retry.status).toBe(202);
    expect(retry.body.data.reference).toBe(keyed);
    // The key with another form is refused, as when the database answers.
    const other = await submit(lead(`someone-else-${randomUUID()}@example.com`), key);
    expect(other.status).toBe(409);

    const plain = await submit(lead(emails.plain));
    expect(plain.status).toBe(202);
    const form = await postForm(emails.form);
    expect(form.status).toBe(303);
    const formReference = referenceOf(form.headers.location);
    expect(formReference).toMatch(/^[0-9a-f-]{36}$/);
    // The browser posted the same form twice (a double press): one lead.
    expect(referenceOf((await postForm(emails.form)).headers.location)).toBe(formReference);
    expect(await parked.size()).toBe(3);

    // The worker's relay cannot store them yet: they stay held.
    await expect(storeHeldLeads({ parked, dataSource: t.dataSource })).rejects.toThrow();
    expect(await parked.size()).toBe(3);

    pg.restore();
    const redis: QueueRedis = { url: redisUrl, prefix };
    const queue: JobQueue<'leads.deliver'> = createQueue('leads.deliver', redis);
    const relay = startRelay({
      dataSource: t.dataSource,
      queue,
      intervalMs: 50,
      storeHeld: (batch) => storeHeldLeads({ parked, dataSource: t.dataSource }, batch),
      onError: () => undefined,
    });
    try {
      // Stored, then their outbox handed to leads.deliver like any lead's.
      await waitFor(async () =>
        (await Promise.all([keyed, plain.body.data.reference as string, formReference as string].map(storedWith))).every(
          ([row]) => row && (row.deliveries as string[]).every((d) => d.endsWith(':queued')),
        ),
      );
    } finally {
      await relay.stop();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }

    const [stored] = await storedWith(keyed);
    expect(stored).toMatchObject({
      email: emails.keyed,
      idempotency_key: key,
      service_checked: true,
      consent_status: 'captured',
      consent_ip: '203.0.113.7',
      utm_source: 'google',
      deliveries: ['crm:queued', 'email:queued', 'notify_users:queued', 'patient_email:queued', 'patient_sms:queued', 'webhook:queued'],
    });
    // Made when the visitor sent it, not when the relay stored it.
    expect((stored.created_at as Date).getTime()).toBeGreaterThanOrEqual(cutAt.getTime() - 1000);
    expect((stored.created_at as Date).getTime()).toBeLessThan(Date.now());
    expect(await storedWith(plain.body.data.reference)).toHaveLength(1);
    expect((await storedWith(formReference as string))[0]).toMatchObject({ email: emails.form, utm_source: 'facebook' });
    for (const email of Object.values(emails)) expect(await countOf('email', email)).toBe(1);

    // A retry once the database is back finds the stored lead: 201 with the same reference.
    const late = await submit(lead(emails.keyed), key);
    expect(late.status).toBe(201);
    expect(late.body.data.reference).toBe(keyed);
    expect(await countOf('idempotency_key', key)).toBe(1);
  });

  /**
   * Every way of being down ends the same (services/leads/README.md): the
   * lead is held and answered 202, reads answer 503 with Retry-After, the
   * relay keeps it held (never moved to the dead letters), and it is stored
   * once when connections are taken again. Being down is known by where the
   * failure was (opening a connection), not by a list of codes: a refusal no
   * list names keeps the lead as well.
   */
  const ways: Array<[string, () => Promise<() => Promise<void>>]> = [
    [
      'refuses connections (ALLOW_CONNECTIONS false: SQLSTATE 55000, its backends terminated)',
      async () => (await refuseConnections(database.toString())).restore,
    ],
    [
      'is starting up (57P03 at connect)',
      async () => {
        pg.answer(postgresRefusal('57P03', 'the database system is starting up'));
        return async () => pg.restore();
      },
    ],
    [
      'turns connections away in a way no list names (FATAL XX999 at connect)',
      async () => {
        pg.answer(postgresRefusal('XX999', 'the database is away for a reason nobody listed'));
        return async () => pg.restore();
      },
    ],
  ];
  it.each(ways)('holds a lead while the database %s, answers reads 503, and stores it once when it is back', async (_way, goDown) => {
    const email = `refused-${randomUUID()}@example.com`;
    const key = `refused-${randomUUID()}`;
    const [heldBefore, deadBefore] = [await parked.size(), await parked.deadSize()];
    const pool = (t.dataSource.driver as PostgresDriver).master as { totalCount: number };
    const restore = await goDown();
    let reference: string;
    try {
      // The pool's open connections ended with the outage: the next query has to open one.
      await waitFor(async () => pool.totalCount === 0);
      const res = await submit(lead(email), key);
      expect(res.status).toBe(202);
      reference = res.body.data.reference as string;
      expect(await parked.size()).toBe(heldBefore + 1);
      expect((await submit(lead(email), key)).body.data.reference).toBe(reference);

      // An admin read and a clinic's portal read: 503 with Retry-After, never 500.
      const admin = await t.api.get(`/api/leads?clientId=${clientId}`, ADMIN);
      expect(admin.status).toBe(503);
      expect(admin.headers['retry-after']).toBe('5');
      expect(admin.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'The leads service is temporarily unavailable. Please try again in a moment.' });
      const clinic = { kind: 'clinic', userId: 91_501, email: 'owner@refused.test', name: 'Olivia Owner', clientId, role: 'owner' } as const;
      const portal = await t.api.get('/api/portal/leads', clinic);
      expect(portal.status).toBe(503);
      expect(portal.headers['retry-after']).toBe('5');

      // The worker's relay cannot store it yet: it stays held, not moved aside as unstorable.
      await expect(storeHeldLeads({ parked, dataSource: t.dataSource })).rejects.toThrow();
      expect(await parked.size()).toBe(heldBefore + 1);
      expect(await parked.deadSize()).toBe(deadBefore);
    } finally {
      await restore();
    }

    await waitFor(async () => (await storeHeldLeads({ parked, dataSource: t.dataSource }).catch(() => -1)) >= 0);
    expect(await parked.size()).toBe(0);
    expect(await parked.deadSize()).toBe(deadBefore);
    expect(await storedWith(reference)).toHaveLength(1);
    expect(await countOf('email', email)).toBe(1);
    // The visitor's retry now finds it stored: 201, the same reference.
    const late = await submit(lead(email), key);
    expect(late.status).toBe(201);
    expect(late.body.data.reference).toBe(reference);
    expect(await countOf('idempotency_key', key)).toBe(1);
  });

  it('stores nothing twice when a relay stored a held lead and died before removing it', async () => {
    const email = `replayed-${randomUUID()}@example.com`;
    pg.cut();
    const res = await submit(lead(email));
    expect(res.status).toBe(202);
    pg.restore();

    // As a relay would have before dying: the row is committed, the entry still held.
    let stored = 0;
    await expect(
      parked.drain(async (held) => {
        if (await new LeadRepository(t.dataSource).insert(held, NEW_LEAD_CHANNELS)) stored++;
        throw new Error('relay died before removing the entry');
      }),
    ).rejects.toThrow('relay died');
    expect(stored).toBe(1);
    expect(await parked.size()).toBe(1);

    expect(await storeHeldLeads({ parked, dataSource: t.dataSource })).toBe(1);
    expect(await parked.size()).toBe(0);
    // Stored again as nothing (its reference is taken), not refused into the dead stream.
    expect(await parked.deadSize()).toBe(0);
    expect(await countOf('email', email)).toBe(1);
    expect(await storedWith(res.body.data.reference)).toHaveLength(1);
  });

  it('answers other routes 503 with Retry-After and the envelope while the database is away', async () => {
    pg.cut();
    const list = await t.api.get(`/api/leads?clientId=${clientId}`, ADMIN);
    expect(list.status).toBe(503);
    expect(list.headers['retry-after']).toBe('5');
    expect(list.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'The leads service is temporarily unavailable. Please try again in a moment.' });
    expect((await t.api.get(`/api/leads/counts?clientId=${clientId}`, ADMIN)).status).toBe(503);
    expect((await t.api.get('/ready')).status).toBe(503);
    pg.restore();
    await waitFor(async () => (await t.api.get(`/api/leads?clientId=${clientId}`, ADMIN)).status === 200);
  });

  it('answers a lead 503 with Retry-After when Redis is away too, and holds it once Redis is back', async () => {
    const email = `both-down-${randomUUID()}@example.com`;
    const key = `both-${randomUUID()}`;
    pg.cut();
    redisProxy.cut();

    const json = await submit(lead(email), key);
    expect(json.status).toBe(503);
    expect(json.headers['retry-after']).toBe('5');
    expect(json.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    const form = await postForm(email);
    expect(form.status).toBe(503);
    expect(form.headers['retry-after']).toBe('5');
    expect(form.text).toContain('Submission Failed');

    redisProxy.restore();
    // The visitor tries again (their page kept the form): held this time.
    let again;
    await waitFor(async () => {
      again = await submit(lead(email), key);
      return again.status !== 503;
    });
    expect(again!.status).toBe(202);
    pg.restore();
    await storeHeldLeads({ parked, dataSource: t.dataSource });
    expect(await countOf('idempotency_key', key)).toBe(1);
  });

  it('lets a delivery wait for the database without spending its tries', async () => {
    const res = await submit(lead(`delivery-${randomUUID()}@example.com`));
    expect(res.status).toBe(201);
    const [{ id }] = (await t.dataSource.query(
      `SELECT d."id" FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id" WHERE l."reference" = $1 AND d."channel" = 'email'`,
      [res.body.data.reference],
    )) as Array<{ id: string }>;
    const redis: QueueRedis = { url: redisUrl, prefix: `${prefix}_deliver` };
    const queue = createQueue('leads.deliver', redis);
    const tenant = createTenantClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 500 });
    const worker = createWorker(
      'leads.deliver',
      createDeliveryHandler({ dataSource: t.dataSource, mailer: null, webhooks: createWebhookSender({ timeoutMs: 500, allowPrivate: false }), crm: null, tenant }),
      redis,
    );
    try {
      pg.cut();
      const job = await queue.add({ deliveryId: Number(id) });
      await waitFor(async () => (await queue.queue.getJobState(job.id as string)) === 'delayed');
      expect((await queue.queue.getJob(job.id as string))?.attemptsMade).toBe(0);

      pg.restore();
      await waitFor(async () => (await queue.queue.getJobState(job.id as string)) === 'completed');
      const [row] = (await t.dataSource.query(`SELECT "status", "last_error" FROM "leads"."lead_deliveries" WHERE "id" = $1`, [id])) as Array<Record<string, unknown>>;
      expect(row).toEqual({ status: 'not_configured', last_error: NOT_CONFIGURED.smtp });
      expect((await queue.queue.getJob(job.id as string))?.attemptsMade).toBe(1);
    } finally {
      await worker.close();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  }, 30_000);
});
