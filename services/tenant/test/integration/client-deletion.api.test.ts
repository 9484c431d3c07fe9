import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIENT_DELETED_QUEUES, jobIdOf, type QueueOwner } from '@hap/contracts';
import { createQueueEvents, createWorker, type JobHandler, type QueueRedis } from '@hap/service-kit';
import { ADMIN, ANONYMOUS } from '@hap/service-kit/testing';
import { createClientService, createTemplate, uniq } from '@hap/test-kit/factories/templates';
import { signedUrlClient, startServiceProcess, startWorkerProcess, type ServiceProcess, type WorkerProcess } from '@hap/test-kit/service-process';
import { SIBLINGS_START_TIMEOUT_MS, startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { createClientDeletedHandler as tenantHandler } from '../../src/modules/client-deletion/client-deletion.job';
import { createDataSource } from '../../src/db/data-source';
import { openClientDeletedQueues, relayClientDeletions, relayRecentAgain } from '../../src/modules/client-deletion/client-deletion.relay';
import { uploadStorageFor } from '../../src/modules/upload/upload.storage';
import { pngBytes } from '@hap/test-kit/fixtures/images';

/**
 * Admin spec: Delete Client 'removes all client data, services and records'.
 * The four real services on this run's database (templates, leads and ads as
 * processes, with their worker processes): a clinic with everything a
 * clinic has is deleted through the admin API, tenant's relay hands the one
 * `client.deleted` event to each owner's queue, each owner's worker
 * consumes it (tenant's handler here, the others' dist/worker.js on this
 * file's Redis prefix), and nothing of the clinic is left in any service, through the APIs
 * and in the tables; the audit log and the spend already read stay
 * (docs/data-retention.md). A worker that is down when the clinic is deleted
 * does its part when it starts.
 */
/** The clinic's name: leads names it in a lead's consent. */
const TEST_CLINIC_NAME = 'Test Clinic';

describe('deleting a clinic deletes all of it, in every service', () => {
  let siblings: SiblingTemplates;
  let leadsProcess: ServiceProcess;
  /** Templates' and ads' worker processes, consuming this file's queues from its start to its end (a process costs seconds to start). */
  let standingWorkers: WorkerProcess[] = [];
  let redis: QueueRedis;
  // Tenant's own handler's data source (tenant's API runs as a process: @hap/test-kit/siblings).
  const tenantData = createDataSource(process.env.DATABASE_URL!);
  const open: Array<{ close(): Promise<unknown> }> = [];

  beforeAll(async () => {
    await tenantData.initialize();
    siblings = await startTemplatesWithTenant();
    // Leads as the lead form meets it, asking this templates and tenant (no cache: each test sees its own writes).
    leadsProcess = await startServiceProcess('leads', {
      env: { TEMPLATES_URL: siblings.url, TENANT_URL: siblings.tenant.url, LEAD_CATALOGUE_CACHE_MS: '0', LEAD_CLINIC_CACHE_MS: '0', ADS_URL: adsUrl() },
    });
    redis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_del_${randomBytes(4).toString('hex')}` };
    standingWorkers = await Promise.all((['templates', 'ads'] as const).map(startWorkerProcessOf));
  }, SIBLINGS_START_TIMEOUT_MS);
  afterEach(async () => {
    await Promise.all(open.splice(0).reverse().map((c) => c.close()));
  });
  afterAll(async () => {
    await Promise.all(standingWorkers.map((w) => w.close()));
    await leadsProcess?.close();
    await siblings?.close();
    await tenantData.destroy();
  });

  const templates = () => siblings;
  const tenant = () => siblings.tenant;
  /** The ads process beside templates (the one templates asks about campaigns). */
  const adsUrl = () => siblings.env.ADS_URL;
  const leads = {
    get api() {
      return leadsProcess.api;
    },
    get dataSource() {
      return siblings.dataSource;
    },
  };
  const ads = {
    get api() {
      return signedUrlClient(adsUrl(), process.env.INTERNAL_SECRET!);
    },
    get dataSource() {
      return siblings.dataSource;
    },
  };
  const storage = () => uploadStorageFor(tenant().env.UPLOAD_DIR, null);
  const count = async (sql: string, params: unknown[]) => Number(((await tenant().dataSource.query(sql, params)) as Array<{ n: string }>)[0].n);

  /** `owner`'s worker process on this file's Redis prefix (it consumes all its queues there), told the addresses its API runs with here. */
  function startWorkerProcessOf(owner: Exclude<QueueOwner, 'tenant'>): Promise<WorkerProcess> {
    return startWorkerProcess(owner, { env: { REDIS_PREFIX: redis.prefix, TENANT_URL: tenant().url, TEMPLATES_URL: templates().url, ADS_URL: adsUrl() } });
  }

  /**
   * `owner`'s consumer of its `<owner>.client-deleted` queue, until the test ends: tenant's handler as its worker
   * registers it, leads' worker process (the one a test keeps down); templates' and ads' worker processes
   * consume for the whole file.
   */
  const startWorker = async (owner: QueueOwner): Promise<void> => {
    if (owner === 'tenant') open.push(createWorker(CLIENT_DELETED_QUEUES.tenant, tenantHandler(tenantData, storage()) as JobHandler<never>, redis, { concurrency: 1 }));
    if (owner === 'leads') open.push(await startWorkerProcessOf('leads'));
  };

  /** Waits until `owner`'s job for the clinic has run. */
  const settled = async (owner: QueueOwner, clientId: number) => {
    const name = CLIENT_DELETED_QUEUES[owner];
    const events = createQueueEvents(name, redis);
    open.push(events);
    await events.waitUntilReady();
    const queues = openClientDeletedQueues(redis);
    open.push(queues);
    const job = await queues[owner].queue.getJob(jobIdOf(name, { clientId }));
    if (!job) throw new Error(`no ${name} job for clinic ${clientId}`);
    if (!(await job.isCompleted())) await job.waitUntilFinished(events, 20_000);
  };

  /** A clinic with something in every service: services, staff, a user, a lead with deliveries, uploads, a domain, an experiment, a launch, spend. */
  async function fullClinic() {
    const created = await tenant().api.post('/api/clients', ADMIN).send({ name: TEST_CLINIC_NAME, address: '1 Test Street, Springfield', phone: '(555) 010-0100' });
    expect(created.status).toBe(201);
    const clientId = created.body.data.id as number;

    // tenant: uploads (a logo, a team photo, one in the clinic's own folder), staff, a domain mapping.
    const upload = async (folder: string) => {
      const res = await tenant().api.post('/api/upload', ADMIN).field('folder', folder).attach('image', pngBytes(700, [20, 90, 160]), 'picture.png');
      expect(res.status).toBe(201);
      return res.body.data.path as string;
    };
    const logo = await upload('logos');
    const photo = await upload('staff');
    const own = await upload(`clinic-${clientId}`);
    expect((await tenant().api.patch(`/api/clients/${clientId}`, ADMIN).send({ logoPath: logo })).status).toBe(200);
    expect((await tenant().api.post('/api/staff-members', ADMIN).send({ clientId, name: `Dr. Ada ${uniq()}`, title: 'Physician', imagePath: photo })).status).toBe(201);
    const host = `clinic-${uniq()}.example.com`;
    expect((await tenant().api.post('/api/domain-mappings', ADMIN).send({ domain: host, clientId })).status).toBe(201);

    // templates: an active service and an experiment on it.
    const template = await createTemplate(templates().dataSource);
    const service = await createClientService(templates().dataSource, clientId, template.id, { isActive: true });
    const experiment = await templates()
      .api.post('/api/experiments', ADMIN)
      .send({ clientId, serviceId: service.id, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] });
    expect(experiment.status).toBe(201);

    // leads: a lead (its deliveries are the outbox rows) and a day of page views.
    const lead = await leads.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'x-forwarded-for': '203.0.113.41', 'user-agent': 'Mozilla/5.0 (Test)' })
      .send({ name: 'Jane Smith', email: `jane-${uniq()}@example.com`, phone: '(303) 555-0142', clientId, serviceId: service.id, consentVersion: 'lead-form-v1' });
    expect(lead.status).toBe(201);
    await leads.dataSource.query(
      `INSERT INTO "leads"."page_view_rollups" ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
       VALUES (current_date, $1, $2, 'service', 'A', 'direct', '', 3, 2)`,
      [clientId, service.id],
    );

    // ads: a launch record, the account's sync state and the spend already read.
    await ads.dataSource.query(
      `INSERT INTO "ads"."campaign_launch_logs" ("id", "client_id", "service_id", "template_id", "campaign_name", "customer_id", "status", "total_ad_groups", "request", "launched_by", "launched_at", "updated_at", "finished_at")
       VALUES (gen_random_uuid(), $1, $2, $3, 'Launched before', '1234567890', 'launched', 1, '{}', 'admin@example.com', now(), now(), now())`,
      [clientId, service.id, template.id],
    );
    const customerId = String(1_000_000_000 + (clientId % 1_000_000_000)).padStart(10, '0');
    await ads.dataSource.query(`INSERT INTO "ads"."performance_accounts" ("customer_id", "client_id", "state") VALUES ($1, $2, 'ok') ON CONFLICT DO NOTHING`, [customerId, clientId]);
    await ads.dataSource.query(
      `INSERT INTO "ads"."campaign_performance" ("customer_id", "campaign_id", "date", "client_id", "campaign_name", "impressions", "clicks", "cost_micros", "conversions")
       VALUES ($1, '777', current_date, $2, 'Launched before', 100, 7, 12500000, 1)`,
      [customerId, clientId],
    );

    return { clientId, serviceId: service.id, experimentId: experiment.body.data.id as number, leadReference: lead.body.data.reference as string, files: [logo, photo, own], host };
  }

  /** Everything each service holds of the clinic, by table (the spend apart). */
  const leftOf = async (clientId: number) => ({
    client: await count(`SELECT count(*) AS n FROM "tenant"."clients" WHERE "id" = $1`, [clientId]),
    staff: await count(`SELECT count(*) AS n FROM "tenant"."staff_members" WHERE "client_id" = $1`, [clientId]),
    domainMappings: await count(`SELECT count(*) AS n FROM "tenant"."domain_mappings" WHERE "client_id" = $1`, [clientId]),
    services: await count(`SELECT count(*) AS n FROM "templates"."client_services" WHERE "client_id" = $1`, [clientId]),
    experiments: await count(`SELECT count(*) AS n FROM "templates"."experiments" WHERE "client_id" = $1`, [clientId]),
    leads: await count(`SELECT count(*) AS n FROM "leads"."leads" WHERE "client_id" = $1`, [clientId]),
    deliveries: await count(`SELECT count(*) AS n FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id" WHERE l."client_id" = $1`, [clientId]),
    pageViews: await count(
      `SELECT (SELECT count(*) FROM "leads"."page_view_rollups" WHERE "client_id" = $1) + (SELECT count(*) FROM "leads"."result_days" WHERE "scope" = $1 OR "key_client" = $1)
            + (SELECT count(*) FROM "leads"."result_weeks" WHERE "scope" = $1 OR "key_client" = $1)
            + (SELECT count(*) FROM "leads"."result_months" WHERE "scope" = $1 OR "key_client" = $1) AS n`,
      [clientId],
    ),
    launches: await count(`SELECT count(*) AS n FROM "ads"."campaign_launch_logs" WHERE "client_id" = $1`, [clientId]),
    adsAccounts: await count(`SELECT count(*) AS n FROM "ads"."performance_accounts" WHERE "client_id" = $1`, [clientId]),
  });
  const nothing = { client: 0, staff: 0, domainMappings: 0, services: 0, experiments: 0, leads: 0, deliveries: 0, pageViews: 0, launches: 0, adsAccounts: 0 };

  /** What each service's admin API lists of the clinic. */
  const apiViews = async (clientId: number) => {
    const services = await templates().api.get(`/api/services/client/${clientId}`, ADMIN);
    const experiments = await templates().api.get(`/api/experiments?clientId=${clientId}`, ADMIN);
    const leadList = await leads.api.get(`/api/leads?clientId=${clientId}`, ADMIN);
    const launches = await ads.api.get(`/api/google-ads/launches?clientId=${clientId}`, ADMIN);
    expect([services.status, experiments.status, leadList.status, launches.status]).toEqual([200, 200, 200, 200]);
    return {
      services: (services.body.data as unknown[]).length,
      experiments: (experiments.body.data as unknown[]).length,
      leads: leadList.body.data.total as number,
      launches: (launches.body.data as unknown[]).length,
    };
  };

  const fileExists = (path: string) =>
    access(join(tenant().env.UPLOAD_DIR, path.replace(/^\/uploads\//, ''))).then(
      () => true,
      () => false,
    );

  it('removes the clinic from every service through one event, keeping the audit log and the spend already read', async () => {
    const clinic = await fullClinic();
    const before = await leftOf(clinic.clientId);
    for (const [what, n] of Object.entries(before)) expect([what, n > 0]).toEqual([what, true]);
    for (const file of clinic.files) expect(await fileExists(file)).toBe(true);
    expect(await apiViews(clinic.clientId)).toEqual({ services: 1, experiments: 1, leads: 1, launches: 1 });

    const deleted = await tenant().api.delete(`/api/clients/${clinic.clientId}`, ADMIN);
    expect(deleted.status).toBe(200);
    // Committed with the delete: the event waits in tenant's outbox until the relay hands it on.
    expect(await count(`SELECT count(*) AS n FROM "tenant"."client_deletions" WHERE "client_id" = $1 AND "relayed_at" IS NULL`, [clinic.clientId])).toBe(1);

    const queues = openClientDeletedQueues(redis);
    open.push(queues);
    expect(await relayClientDeletions(tenant().dataSource, queues)).toBeGreaterThanOrEqual(1);
    // A second scan hands nothing on again.
    expect(await count(`SELECT count(*) AS n FROM "tenant"."client_deletions" WHERE "client_id" = $1 AND "relayed_at" IS NULL`, [clinic.clientId])).toBe(0);

    await Promise.all((Object.keys(CLIENT_DELETED_QUEUES) as QueueOwner[]).map(startWorker));
    for (const owner of Object.keys(CLIENT_DELETED_QUEUES) as QueueOwner[]) await settled(owner, clinic.clientId);

    expect(await leftOf(clinic.clientId)).toEqual(nothing);
    for (const file of clinic.files) expect(await fileExists(file)).toBe(false);

    // Through the APIs.
    expect((await tenant().api.get(`/api/clients/${clinic.clientId}`, ADMIN)).status).toBe(404);
    expect(await apiViews(clinic.clientId)).toEqual({ services: 0, experiments: 0, leads: 0, launches: 0 });
    for (const file of clinic.files) expect((await tenant().api.get(file)).status).toBe(404);

    // Kept: tenant's audit entry of the delete (with the clinic as it was), each owner's record of its removal, and the spend.
    expect(await count(`SELECT count(*) AS n FROM "tenant"."audit_log" WHERE "entity" = 'client' AND "entity_id" = $1 AND "action" = 'delete'`, [String(clinic.clientId)])).toBe(1);
    for (const schema of ['templates', 'leads', 'ads']) {
      expect(await count(`SELECT count(*) AS n FROM "${schema}"."audit_log" WHERE "entity" = 'client_data' AND "entity_id" = $1 AND "action" = 'delete'`, [String(clinic.clientId)])).toBe(1);
    }
    expect(await count(`SELECT count(*) AS n FROM "ads"."campaign_performance" WHERE "client_id" = $1`, [clinic.clientId])).toBe(1);
  });

  it('a service whose worker is down when the clinic is deleted removes its part when it starts', async () => {
    const clinic = await fullClinic();
    expect((await tenant().api.delete(`/api/clients/${clinic.clientId}`, ADMIN)).status).toBe(200);
    const queues = openClientDeletedQueues(redis);
    open.push(queues);
    await relayClientDeletions(tenant().dataSource, queues);

    // Every worker but leads' runs.
    await Promise.all((['tenant', 'templates', 'ads'] as const).map(startWorker));
    for (const owner of ['tenant', 'templates', 'ads'] as const) await settled(owner, clinic.clientId);
    const meanwhile = await leftOf(clinic.clientId);
    expect(meanwhile).toMatchObject({ services: 0, experiments: 0, launches: 0, client: 0 });
    expect(meanwhile.leads).toBe(1);

    // Leads' worker starts later: the job waited for it.
    await startWorker('leads');
    await settled('leads', clinic.clientId);
    expect(await leftOf(clinic.clientId)).toEqual(nothing);
  });

  it("a deletion whose jobs Redis lost is handed on again by the relay's sweep of the last week's deletions", async () => {
    const clinic = await fullClinic();
    expect((await tenant().api.delete(`/api/clients/${clinic.clientId}`, ADMIN)).status).toBe(200);
    const queues = openClientDeletedQueues(redis);
    open.push(queues);
    await relayClientDeletions(tenant().dataSource, queues);
    // Redis restarted without its data before leads' worker ran.
    await queues.leads.queue.obliterate({ force: true });
    expect(await queues.leads.queue.getJob(jobIdOf('leads.client-deleted', { clientId: clinic.clientId }))).toBeUndefined();

    expect(await relayRecentAgain(tenant().dataSource, queues)).toBeGreaterThanOrEqual(1);
    await startWorker('leads');
    await settled('leads', clinic.clientId);
    expect((await leftOf(clinic.clientId)).leads).toBe(0);
  });
});
