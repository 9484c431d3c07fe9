import { randomBytes, randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { CustomDomainMessages, Messages, ONBOARDING_BRAND_COLOR } from '@hap/contracts';
import { createQueue, createQueueEvents, createWorker, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { createGoHighLevel, GHL_NOT_CONFIGURED, type GoHighLevel } from '@hap/service-kit/gohighlevel';
import { ADMIN, ANONYMOUS, startService, type StartedService } from '@hap/service-kit/testing';
import { startFakeGoHighLevel } from '@hap/test-kit/fakes/gohighlevel';
import { startWorkerProcess, type WorkerProcess } from '@hap/test-kit/service-process';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createCatalogueReader, type CatalogueReader } from '../../src/modules/catalogue/catalogue.reader';
import { relayOnboardings } from '../../src/modules/onboarding/onboarding.relay';
import { PLONG, publishCatalogue, TRT, WEIGHT } from '../helpers/catalogue';
import { createHandlers } from '../../src/queues/handlers';
import { createMailer } from '@hap/service-kit';
import { startSmtp } from '@hap/test-kit/smtp-server';

/**
 * POST /api/onboarding and the CRM sub-account, through the real tenant app,
 * the catalogue as templates publishes it to Redis, BullMQ on this file's own
 * Redis prefix, tenant's relay of sign-ups and the templates worker (its built
 * process) consuming `templates.clinic-onboarded` (activations,
 * docs/service-graph.md), and GoHighLevel's API as a loopback fake.
 */
const config = loadServiceConfig();
const redis: QueueRedis = { url: config.REDIS_URL, prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_onb_${randomBytes(4).toString('hex')}` };
/**
 * The templates worker's queues, under a prefix of their own: the worker also publishes the real catalogue
 * where it consumes (docs/service-graph.md), and tenant here reads the scripted one (`publishCatalogue`) under `redis`.
 */
const templatesRedis: QueueRedis = { url: redis.url, prefix: `${redis.prefix}_templates` };

describe('self-onboarding and CRM provisioning', () => {
  let tenant: StartedService<ReturnType<typeof buildApp>> & { url: string };
  let templatesWorker: WorkerProcess;
  let ghl: Awaited<ReturnType<typeof startFakeGoHighLevel>>;
  let queue: JobQueue<'tenant.provision'>;
  const dataSource = createDataSource(config.DATABASE_URL);
  let catalogue: CatalogueReader & { close(): void };
  let onboarded: JobQueue<'templates.clinic-onboarded'>;
  // The adapter Create CRM Account uses; a test swaps it for "not configured".
  let crm: GoHighLevel | null;

  beforeAll(async () => {
    ghl = await startFakeGoHighLevel({ agencyToken: 'pit-agency', companyId: 'comp_9', locations: [], snapshots: ['snap_trt', 'snap_plong'] });
    crm = createGoHighLevel({ GHL_AGENCY_TOKEN: 'pit-agency', GHL_COMPANY_ID: 'comp_9', GHL_BASE_URL: ghl.url, GHL_TIMEOUT_MS: 2000 });
    queue = createQueue('tenant.provision', redis);
    onboarded = createQueue('templates.clinic-onboarded', templatesRedis);
    await publishCatalogue(redis);
    catalogue = createCatalogueReader(redis, 2000);
    const started = await startService(
      // Custom domains configured (an edge host): a sign-up's domain starts a claim; no job queue for its checks here.
      () => buildApp({ ...config, EDGE_HOST: 'edge.healthads.test' }, dataSource, { catalogue, provisionQueue: queue, onboardedQueue: { addBulk: (events) => onboarded.addBulk(events) }, domainCheckScheduler: null, crm: { upsertContact: (...a) => crm!.upsertContact(...a), createLocation: (b) => (crm ?? fail()).createLocation(b), loadSnapshot: (l, s) => crm!.loadSnapshot(l, s) } }),
      { internalSecret: config.INTERNAL_SECRET },
    );
    tenant = { ...started, url: await started.app.listen({ host: '127.0.0.1', port: 0 }) };
    templatesWorker = await startWorkerProcess('templates', { env: { REDIS_PREFIX: templatesRedis.prefix, TENANT_URL: tenant.url, TENANT_TIMEOUT_MS: '2000' } });
  }, 90_000);
  afterAll(async () => {
    await templatesWorker?.close();
    await onboarded.close();
    catalogue.close();
    await queue.close();
    await tenant.close();
    await ghl.close();
  });

  const fail = (): never => {
    throw new Error(GHL_NOT_CONFIGURED);
  };
  const business = (overrides: Record<string, unknown> = {}) => ({
    name: `Summit Men's Health ${randomUUID().slice(0, 6)}`,
    address: '1200 Pearl St, Boulder, CO 80302',
    phone: '(303) 555-0199',
    email: `owner-${randomUUID().slice(0, 8)}@summit.example`,
    website: 'https://summit.example',
    selectedServiceIds: [TRT, PLONG, WEIGHT],
    ...overrides,
  });
  const onboard = (body: object, key?: string) => {
    const req = tenant.api.post('/api/onboarding', ANONYMOUS);
    if (key) req.set('idempotency-key', key);
    return req.send(body);
  };
  const clientRow = async (id: number) =>
    ((await dataSource.query(`SELECT * FROM "tenant"."clients" WHERE "id" = $1`, [id])) as Array<Record<string, unknown>>)[0];
  const clientsNamed = async (name: string) => Number(((await dataSource.query(`SELECT count(*) AS n FROM "tenant"."clients" WHERE "name" = $1`, [name])) as Array<{ n: string }>)[0].n);
  const job = (clientId: number, made = 0, attempts = 5) => ({ id: `provision-${clientId}`, attemptsMade: made, opts: { attempts } }) as Job<{ clientId: number }>;
  /** The clinic's active services in templates, by id. */
  const activeServices = async (clientId: number) =>
    ((await dataSource.query(`SELECT "template_id" FROM "templates"."client_services" WHERE "client_id" = $1 AND "is_active" ORDER BY 1`, [clientId])) as Array<{
      template_id: number;
    }>).map((r) => r.template_id);
  /**
   * Relays the stored sign-ups (as the tenant worker does) until the clinic's active services are
   * `expected`: the templates worker above activates them. Polls the state, at most 15 s.
   */
  const activeOnceRelayed = async (clientId: number, expected: number[]) => {
    const until = Date.now() + 15_000;
    for (;;) {
      await relayOnboardings(dataSource, onboarded);
      const active = await activeServices(clientId);
      if (JSON.stringify(active) === JSON.stringify([...expected].sort((a, b) => a - b)) || Date.now() > until) return active;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const provision = (clientId: number, made = 0, attempts = 5) =>
    createHandlers({ dataSource, catalogue, crm })['tenant.provision']({ clientId }, job(clientId, made, attempts));

  it('creates the clinic with the onboarding colours, activates each service and queues its CRM sub-account', async () => {
    const host = `www.${randomUUID().slice(0, 8)}-clinic.example`;
    const body = business({ domain: `https://${host.toUpperCase()}/` });
    const res = await onboard(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ clientId: expect.any(Number), name: body.name, activatedServiceIds: [TRT, PLONG, WEIGHT], created: true });
    const id = res.body.data.clientId as number;

    const admin = await tenant.api.get(`/api/clients/${id}`, ADMIN);
    expect(admin.body.data).toMatchObject({ name: body.name, domain: host, brandColor: ONBOARDING_BRAND_COLOR, brandBgColor: '#00446f', crmStatus: 'pending', ghlSubaccountId: null });
    const list = await tenant.api.get('/api/clients', ADMIN);
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(id);
    // The domain it gave is kept on the clinic but not mapped: a stranger's sign-up must not take over a host.
    const mappings = await tenant.api.get('/api/domain-mappings', ADMIN);
    expect(mappings.body.data).not.toContainEqual(expect.objectContaining({ domain: host }));
    // The services become active within seconds of the sign-up, from its event; the answer did not wait.
    expect(await activeOnceRelayed(id, [TRT, PLONG, WEIGHT])).toEqual([TRT, PLONG, WEIGHT]);
    expect((await queue.queue.getJob(`provision-${id}`))?.data).toEqual({ clientId: id });
  });

  it('starts a claim on the domain it gave: pending with its DNS records on the Domains screen, its status in the client’s read, nothing mapped', async () => {
    const host = `www.${randomUUID().slice(0, 8)}-claimed.example`;
    const res = await onboard(business({ domain: host }));
    expect(res.status).toBe(201);
    const id = res.body.data.clientId as number;
    const domains = await tenant.api.get(`/api/clients/${id}/domains`, ADMIN);
    expect(domains.body.data).toEqual([expect.objectContaining({ domain: host, clientId: id, status: 'pending' })]);
    expect(domains.body.data[0].records.map((r: { type: string }) => r.type)).toEqual(['CNAME', 'TXT']);
    const admin = await tenant.api.get(`/api/clients/${id}`, ADMIN);
    expect(admin.body.data).toMatchObject({ domain: host, domainClaim: { status: 'pending', reason: null }, siteDomain: null });
    // A claim is not a mapping: no page is served on the name until DNS proves the clinic holds it.
    const mappings = await tenant.api.get('/api/domain-mappings', ADMIN);
    expect(mappings.body.data).not.toContainEqual(expect.objectContaining({ domain: host }));
  });

  it('refuses a domain the host name rules refuse, at the field `domain`, and stores nothing', async () => {
    const body = business({ domain: 'edge.healthads.test' });
    const res = await onboard(body);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'domain', message: CustomDomainMessages.platformHost }]);
    expect(await clientsNamed(body.name)).toBe(0);
  });

  it('finds the same business again within a day instead of creating a second clinic, and changes nothing of it', async () => {
    const body = business({ selectedServiceIds: [TRT] });
    const first = await onboard(body);
    // The e-mail and name of a business are public: repeating them must not add services to its clinic.
    const again = await onboard({ ...body, name: `  ${body.name.toUpperCase()} `, email: body.email.toUpperCase(), selectedServiceIds: [PLONG] });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ clientId: first.body.data.clientId, created: false, activatedServiceIds: [TRT] });
    expect(await activeOnceRelayed(first.body.data.clientId, [TRT])).toEqual([TRT]);
    expect(await clientsNamed(body.name)).toBe(1);
  });

  it('answers a retried submission with its key as the first, and refuses the key with other details', async () => {
    const key = randomUUID();
    const body = business();
    const first = await onboard(body, key);
    const retry = await onboard(body, key);
    expect(retry.body.data.clientId).toBe(first.body.data.clientId);
    const other = await onboard(business(), key);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(Messages.onboardingIdempotencyMismatch);
  });

  it('answers 400 with the spec messages and stores nothing', async () => {
    const res = await onboard({ name: 'AB', address: '1', phone: '123', email: 'nope', website: 'not a url', selectedServiceIds: [] });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([
        'Business name must be at least 3 characters',
        'Address is required',
        'Phone number is required',
        'Must be a valid email',
        'Must be a valid URL',
        'Please select at least one service',
      ]),
    );
  });

  it('refuses a service the catalogue does not offer and stores nothing; a domain another clinic gave is no reason to refuse', async () => {
    const body = business({ selectedServiceIds: [TRT, 987654] });
    const unknown = await onboard(body);
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(Messages.onboardingUnknownServices([987654]));
    expect(await clientsNamed(body.name)).toBe(0);

    const domain = `${randomUUID().slice(0, 8)}.taken.example`;
    await onboard(business({ domain }));
    const second = business({ domain: domain.toUpperCase() });
    const taken = await onboard(second);
    expect(taken.status).toBe(201);
    expect(await clientsNamed(second.name)).toBe(1);
  });

  it('provisions the sub-account with the clinic’s details and loads the chosen services’ snapshots', async () => {
    const body = business();
    const id = (await onboard(body)).body.data.clientId as number;
    await expect(provision(id)).resolves.toMatchObject({ subaccountName: body.name, snapshotsLoaded: 2 });

    const location = ghl.createdLocations().find((l) => l.name === body.name)!;
    expect(location).toMatchObject({ companyId: 'comp_9', phone: body.phone, email: body.email, address: body.address, website: body.website });
    expect(location.prospectInfo).toMatchObject({ email: body.email });
    expect(location.snapshots.sort()).toEqual(['snap_plong', 'snap_trt']);
    const create = ghl.calls.find((c) => c.method === 'POST' && c.path === '/locations/' && c.body.includes(body.name))!;
    expect(create).toMatchObject({ authorization: 'Bearer pit-agency', version: '2021-07-28' });
    expect(await clientRow(id)).toMatchObject({ ghl_subaccount_id: location.id, ghl_subaccount_name: body.name, crm_status: 'created', crm_error: null });
    // Done once: a second run finds the account and creates nothing.
    await provision(id);
    expect(ghl.createdLocations().filter((l) => l.name === body.name)).toHaveLength(1);
  });

  it('retries a 429 through BullMQ with backoff, making one sub-account', async () => {
    // Only this clinic's job waits: the 429 below is its answer.
    await queue.queue.drain();
    const body = business({ selectedServiceIds: [TRT] });
    const id = (await onboard(body)).body.data.clientId as number;
    const events = createQueueEvents('tenant.provision', redis);
    const worker = createWorker('tenant.provision', createHandlers({ dataSource, catalogue, crm })['tenant.provision'], redis);
    try {
      ghl.failNext(429, 1, { message: 'Too many requests' });
      const queued = await queue.queue.getJob(`provision-${id}`);
      await expect(queued!.waitUntilFinished(events, 20_000)).resolves.toMatchObject({ subaccountName: body.name });
    } finally {
      await worker.close();
      await events.close();
    }
    // Asked twice (the first answered 429), created once.
    expect(ghl.calls.filter((c) => c.path === '/locations/' && c.body.includes(body.name))).toHaveLength(2);
    expect(ghl.createdLocations().filter((l) => l.name === body.name)).toHaveLength(1);
    expect(await clientRow(id)).toMatchObject({ crm_status: 'created' });
  }, 30_000);

  it('keeps a failure visible on the clinic; Create CRM Account retries it and then says it exists', async () => {
    const body = business({ selectedServiceIds: [PLONG] });
    const id = (await onboard(body)).body.data.clientId as number;
    // A 5xx on creating the sub-account is not retried by the job, even on its first attempt: GoHighLevel
    // may have made it, and another try could make a second one. The admin is told to check first.
    ghl.failNext(503, 1, { message: 'Service Unavailable' });
    await expect(provision(id, 0, 5)).rejects.toThrow(/503/);
    const failed = await tenant.api.get(`/api/clients/${id}`, ADMIN);
    expect(failed.body.data).toMatchObject({ crmStatus: 'failed', ghlSubaccountId: null });
    expect(failed.body.data.crmError).toBe(
      'GoHighLevel answered 503 to /locations/: Service Unavailable. GoHighLevel may still have made the sub-account: check it in GoHighLevel before Create CRM Account.',
    );

    expect((await tenant.api.post(`/api/clients/${id}/create-ghl-subaccount`, ANONYMOUS)).status).toBe(401);
    const retried = await tenant.api.post(`/api/clients/${id}/create-ghl-subaccount`, ADMIN);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ subaccountId: expect.any(String), subaccountName: body.name, snapshotsLoaded: 1 });
    const again = await tenant.api.post(`/api/clients/${id}/create-ghl-subaccount`, ADMIN);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(Messages.crmAccountExists(body.name));
  });

  it("ends at once on GoHighLevel's refusal, with its words for the admin", async () => {
    const id = (await onboard(business({ selectedServiceIds: [WEIGHT] }))).body.data.clientId as number;
    ghl.failNext(422, 1, { message: ['phone must be a valid phone number'] });
    await expect(provision(id)).rejects.toThrow('GoHighLevel answered 422 to /locations/: phone must be a valid phone number');
    expect(await clientRow(id)).toMatchObject({ crm_status: 'failed', crm_error: 'GoHighLevel answered 422 to /locations/: phone must be a valid phone number' });
    ghl.failNext(400, 1, { message: 'Location limit reached' });
    const res = await tenant.api.post(`/api/clients/${id}/create-ghl-subaccount`, ADMIN);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('GoHighLevel answered 400 to /locations/: Location limit reached');
  });

  it('records provisioning as not configured without GoHighLevel credentials, and says so to the admin', async () => {
    const id = (await onboard(business({ selectedServiceIds: [TRT] }))).body.data.clientId as number;
    const saved = crm;
    crm = null;
    try {
      await expect(createHandlers({ dataSource, catalogue, crm: null })['tenant.provision']({ clientId: id }, job(id))).resolves.toBeNull();
      expect(await clientRow(id)).toMatchObject({ crm_status: 'not_configured', crm_error: GHL_NOT_CONFIGURED });
    } finally {
      crm = saved;
    }
  });

  it('answers 503 when the catalogue cannot be read (never published), and stores nothing', async () => {
    const body = business({ selectedServiceIds: [TRT] });
    const empty = createCatalogueReader({ ...redis, prefix: `${redis.prefix}_none` }, 2000);
    const down = await startService(
      // Its own data source: closing the app closes it.
      () => buildApp(config, createDataSource(config.DATABASE_URL), { catalogue: empty, provisionQueue: null, onboardedQueue: null, crm: null }),
      { internalSecret: config.INTERNAL_SECRET },
    );
    try {
      const res = await down.api.post('/api/onboarding', ANONYMOUS).send(body);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(Messages.serviceUnavailable('templates'));
    } finally {
      await down.close();
      empty.close();
    }
    expect(await clientsNamed(body.name)).toBe(0);
  });

  it('hands a sign-up to templates once: the event is relayed once and activating again changes nothing', async () => {
    const id = (await onboard(business({ selectedServiceIds: [PLONG, WEIGHT] }))).body.data.clientId as number;
    expect(await activeOnceRelayed(id, [PLONG, WEIGHT])).toEqual([PLONG, WEIGHT]);
    const [submission] = (await dataSource.query(`SELECT "id", "relayed_at" FROM "tenant"."onboarding_submissions" WHERE "client_id" = $1`, [id])) as Array<{ id: number; relayed_at: Date | null }>;
    expect(submission.relayed_at).not.toBeNull();
    // The same event once more, under another job id: what the templates worker answers.
    const events = createQueueEvents('templates.clinic-onboarded', templatesRedis);
    let again: unknown;
    try {
      await events.waitUntilReady();
      const job = await onboarded.queue.add('templates.clinic-onboarded' as never, { clientId: id, submissionId: submission.id, templateIds: [PLONG, WEIGHT] } as never, { jobId: `again-${id}` });
      again = await job.waitUntilFinished(events, 15_000);
    } finally {
      await events.close();
    }
    expect(again).toEqual({ clientId: id, clinicGone: false, activated: [], skipped: [] });
    expect(await activeServices(id)).toEqual([PLONG, WEIGHT]);
  });

  describe('the sign-up’s owner', () => {
    it('with e-mail off: the sign-up’s e-mail is the clinic’s invited owner, waiting for an admin to issue the link', async () => {
      const body = business();
      const res = await onboard(body);
      expect(res.status).toBe(201);
      const id = res.body.data.clientId as number;
      const users = await tenant.api.get(`/api/clients/${id}/users`, ADMIN);
      expect(users.body.data).toEqual([expect.objectContaining({ email: body.email, role: 'owner', status: 'invited', clientId: id })]);
      const ownerId = users.body.data[0].id as number;
      const tokens = await dataSource.query(`SELECT 1 FROM "tenant"."user_tokens" WHERE "user_id" = $1`, [ownerId]);
      expect(tokens).toHaveLength(0);
      const issued = await tenant.api.post(`/api/clients/${id}/users/${ownerId}/invitation`, ADMIN);
      expect(issued.status).toBe(200);
      expect(issued.body.data).toMatchObject({ userId: ownerId, mail: 'off', inviteUrl: expect.stringContaining('/portal/accept-invite#token=') });
    });

    it('with e-mail on: the owner’s invitation is mailed once the clinic is stored; a repeated sign-up mails nothing more', async () => {
      const smtp = await startSmtp();
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Health Ads <no-reply@healthads.local>', timeoutMs: 3000 });
      const mailing = await startService(() => buildApp(config, dataSource, { catalogue, provisionQueue: queue, onboardedQueue: null, crm: null, mailer }), {
        internalSecret: config.INTERNAL_SECRET,
      });
      try {
        const body = business();
        const res = await mailing.api.post('/api/onboarding', ANONYMOUS).set('x-forwarded-host', 'signup.agency.test').send(body);
        expect(res.status).toBe(201);
        expect(Object.keys(res.body.data).sort()).toEqual(['activatedServiceIds', 'clientId', 'created', 'name']);
        expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(1);
        const raw = smtp.received[0].raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        expect(raw).toMatch(/http:\/\/signup\.agency\.test\/portal\/accept-invite#token=[A-Za-z0-9_-]{43}/);
        const again = await mailing.api.post('/api/onboarding', ANONYMOUS).send(body);
        expect(again.body.data.created).toBe(false);
        expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(1);
      } finally {
        await mailing.close();
        await smtp.close();
      }
    });
  });
});
