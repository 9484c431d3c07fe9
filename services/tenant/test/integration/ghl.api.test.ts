import { randomUUID } from 'node:crypto';
import { GhlSnapshotsResultSchema, GhlSubaccountResultSchema, Messages } from '@hap/contracts';
import { createGoHighLevel, GHL_NOT_CONFIGURED, type GoHighLevel } from '@hap/service-kit/gohighlevel';
import { ADMIN, ANONYMOUS, startService, type StartedService } from '@hap/service-kit/testing';
import { startFakeGoHighLevel } from '@hap/test-kit/fakes/gohighlevel';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createCatalogueReader, type CatalogueReader } from '../../src/modules/catalogue/catalogue.reader';
import { PLONG, publishCatalogue, TRT, UNREAD_CATALOGUE, WEIGHT } from '../helpers/catalogue';

/**
 * The public spec's CRM calls (docs/public-site.md#calls), admin-only (ARCHITECTURE.md#who-owns-what): POST
 * /api/ghl-create-subaccount and POST /api/ghl-load-service-snapshots, with
 * the spec's bodies and answers, on the provisioning code of Create CRM
 * Account. The real tenant app, the catalogue as templates publishes it to
 * Redis (the templates' snapshot ids) and GoHighLevel's API as a loopback fake.
 */
const config = loadServiceConfig();
/** The catalogue as templates publishes it (its snapshot ids), under this file's own Redis prefix. */
const redis = { url: config.REDIS_URL, prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_ghl_${randomUUID().slice(0, 8)}` };

describe('POST /api/ghl-create-subaccount and /api/ghl-load-service-snapshots', () => {
  let tenant: StartedService<ReturnType<typeof buildApp>> & { url: string };
  let catalogue: CatalogueReader & { close(): void };
  let ghl: Awaited<ReturnType<typeof startFakeGoHighLevel>>;
  const dataSource = createDataSource(config.DATABASE_URL);
  let crm: GoHighLevel;
  // Read by nothing: creating a sub-account needs no catalogue.
  const unusedCatalogue = UNREAD_CATALOGUE;

  beforeAll(async () => {
    ghl = await startFakeGoHighLevel({ agencyToken: 'pit-ghl', companyId: 'comp_ghl', locations: [], snapshots: ['snap_trt', 'snap_plong'] });
    crm = createGoHighLevel({ GHL_AGENCY_TOKEN: 'pit-ghl', GHL_COMPANY_ID: 'comp_ghl', GHL_BASE_URL: ghl.url, GHL_TIMEOUT_MS: 2000 })!;
    await publishCatalogue(redis);
    catalogue = createCatalogueReader(redis, 2000);
    const started = await startService(() => buildApp(config, dataSource, { catalogue, provisionQueue: null, crm }), { internalSecret: config.INTERNAL_SECRET });
    tenant = { ...started, url: await started.app.listen({ host: '127.0.0.1', port: 0 }) };
  }, 40_000);
  afterAll(async () => {
    catalogue.close();
    await tenant.close();
    await ghl.close();
  });

  /** A clinic as an admin (or the spec's onboarding, `POST /api/clients`) makes it. */
  async function clinic() {
    const details = {
      name: `Canyon Wellness ${randomUUID().slice(0, 6)}`,
      address: '44 Canyon Blvd, Boulder, CO 80302',
      phone: '(303) 555-0144',
      email: `desk-${randomUUID().slice(0, 8)}@canyon.example`,
      website: 'https://canyon.example',
    };
    const res = await tenant.api.post('/api/clients', ADMIN).send(details);
    expect(res.status).toBe(201);
    return { clientId: res.body.data.id as number, ...details };
  }
  const clientRow = async (id: number) =>
    ((await dataSource.query(`SELECT "ghl_subaccount_id", "ghl_subaccount_name", "crm_status", "crm_error" FROM "tenant"."clients" WHERE "id" = $1`, [id])) as Array<
      Record<string, unknown>
    >)[0];
  const createSubaccount = (body: object, caller = ADMIN) => tenant.api.post('/api/ghl-create-subaccount', caller).send(body);
  const loadSnapshots = (body: object, caller = ADMIN) => tenant.api.post('/api/ghl-load-service-snapshots', caller).send(body);

  it('refuses a caller without an admin session (401), and makes nothing', async () => {
    const { clientId, ...details } = await clinic();
    const before = ghl.createdLocations().length;
    expect((await createSubaccount({ clientId, ...details }, ANONYMOUS)).status).toBe(401);
    expect((await loadSnapshots({ subaccountId: 'loc_any', selectedServiceIds: [TRT] }, ANONYMOUS)).status).toBe(401);
    expect(ghl.createdLocations()).toHaveLength(before);
    expect(await clientRow(clientId)).toMatchObject({ ghl_subaccount_id: null });
  });

  it('creates the sub-account from the spec’s body and answers data.subaccountId; asked again, answers the same one', async () => {
    const { clientId, ...details } = await clinic();
    // The spec's onboarding names the sub-account with what the visitor typed.
    const body = { clientId, ...details, name: `${details.name} CRM` };
    const res = await createSubaccount(body);
    expect(res.status).toBe(200);
    const answer = GhlSubaccountResultSchema.parse(res.body.data);
    expect(answer).toEqual({ subaccountId: expect.stringMatching(/^loc/), subaccountName: body.name, created: true });
    const location = ghl.createdLocations().find((l) => l.id === answer.subaccountId)!;
    expect(location).toMatchObject({ companyId: 'comp_ghl', name: body.name, address: details.address, phone: details.phone, email: details.email, website: details.website });
    expect(await clientRow(clientId)).toEqual({ ghl_subaccount_id: answer.subaccountId, ghl_subaccount_name: body.name, crm_status: 'created', crm_error: null });

    const again = await createSubaccount(body);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ ...answer, created: false });
    expect(ghl.createdLocations().filter((l) => l.name === body.name)).toHaveLength(1);
  });

  it('takes the clinic’s own details for those left out, and refuses bad input or an unknown clinic', async () => {
    const { clientId, name, email } = await clinic();
    const res = await createSubaccount({ clientId });
    expect(res.status).toBe(200);
    expect(ghl.createdLocations().find((l) => l.id === res.body.data.subaccountId)).toMatchObject({ name, email });

    const bad = await createSubaccount({ clientId: 'x', name: 'A', website: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'clientId', message: 'Client id must be a number' },
        { path: 'name', message: 'Client name must be at least 3 characters' },
        { path: 'website', message: 'Must be a valid URL' },
      ]),
    );
    const unknown = await createSubaccount({ clientId: 1_999_999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(Messages.clientNotFound(1_999_999_999));
  });

  it('loads the snapshot of each chosen service that has one into the clinic’s sub-account', async () => {
    const { clientId, ...details } = await clinic();
    const { subaccountId } = (await createSubaccount({ clientId, ...details })).body.data as { subaccountId: string };

    const res = await loadSnapshots({ subaccountId, selectedServiceIds: [TRT, PLONG, WEIGHT, TRT] });
    expect(res.status).toBe(200);
    expect(GhlSnapshotsResultSchema.parse(res.body.data)).toEqual({ subaccountId, clientId, snapshotIds: ['snap_trt', 'snap_plong'], snapshotsLoaded: 2 });
    expect(ghl.createdLocations().find((l) => l.id === subaccountId)!.snapshots).toEqual(['snap_trt', 'snap_plong']);
    expect(await clientRow(clientId)).toMatchObject({ crm_status: 'created', crm_error: null });
  });

  it('answers 404 for a sub-account no clinic has, and 400 without services', async () => {
    const unknown = await loadSnapshots({ subaccountId: 'loc_nobody', selectedServiceIds: [TRT] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No clinic has the CRM sub-account loc_nobody.');
    const none = await loadSnapshots({ subaccountId: 'loc_nobody', selectedServiceIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual([{ path: 'selectedServiceIds', message: 'Please select at least one service' }]);
  });

  it('keeps GoHighLevel’s refusal on the clinic (502), where Create CRM Account finishes the job', async () => {
    const { clientId, ...details } = await clinic();
    const { subaccountId } = (await createSubaccount({ clientId, ...details })).body.data as { subaccountId: string };
    ghl.failNext(503, 1, { message: 'Service Unavailable' });

    const res = await loadSnapshots({ subaccountId, selectedServiceIds: [PLONG] });
    expect(res.status).toBe(502);
    const words = `GoHighLevel answered 503 to /locations/${subaccountId}: Service Unavailable`;
    expect(res.body.message).toBe(words);
    expect(await clientRow(clientId)).toMatchObject({ crm_status: 'failed', crm_error: words });

    // The client dialog's Create CRM Account: the same sub-account (never a second), its active services' snapshots.
    const finished = await tenant.api.post(`/api/clients/${clientId}/create-ghl-subaccount`, ADMIN);
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ subaccountId, snapshotsLoaded: 0 });
    expect(await clientRow(clientId)).toMatchObject({ ghl_subaccount_id: subaccountId, crm_status: 'created', crm_error: null });
    expect(ghl.createdLocations().filter((l) => l.name === details.name)).toHaveLength(1);
  });

  it('loads the snapshots of an admin-created clinic’s active services (as templates publishes them) on Create CRM Account', async () => {
    const { clientId } = await clinic();
    // No sign-up: only templates knows the clinic's services, and hands them on in Redis.
    await publishCatalogue(redis, undefined, new Map([[clientId, [WEIGHT, PLONG, TRT]]]));
    try {
      const res = await tenant.api.post(`/api/clients/${clientId}/create-ghl-subaccount`, ADMIN);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ snapshotsLoaded: 2 });
      expect(ghl.createdLocations().find((l) => l.id === res.body.data.subaccountId)!.snapshots.sort()).toEqual(['snap_plong', 'snap_trt']);
      expect(await clientRow(clientId)).toMatchObject({ crm_status: 'created', crm_error: null });
    } finally {
      await publishCatalogue(redis);
    }
  });

  it('records templates as unavailable on the clinic when Redis does not answer for its active services (502)', async () => {
    const { clientId } = await clinic();
    const closed = createCatalogueReader({ url: 'redis://127.0.0.1:9', prefix: redis.prefix }, 500);
    // Its own data source: closing an app closes the one it was given.
    const cut = await startService(() => buildApp(config, createDataSource(config.DATABASE_URL), { catalogue: closed, provisionQueue: null, crm }), {
      internalSecret: config.INTERNAL_SECRET,
    });
    try {
      const res = await cut.api.post(`/api/clients/${clientId}/create-ghl-subaccount`, ADMIN);
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(Messages.serviceUnavailable('templates'));
      expect(await clientRow(clientId)).toMatchObject({ crm_status: 'failed', crm_error: Messages.serviceUnavailable('templates') });
    } finally {
      closed.close();
      await cut.close();
    }
  });

  it('says GoHighLevel is not configured (503) when the platform has no credentials, and records it on the clinic', async () => {
    const { clientId, ...details } = await clinic();
    const bare = await startService(() => buildApp(config, dataSource, { catalogue: unusedCatalogue, provisionQueue: null, crm: null }), {
      internalSecret: config.INTERNAL_SECRET,
    });
    try {
      const res = await bare.api.post('/api/ghl-create-subaccount', ADMIN).send({ clientId, ...details });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'NOT_CONFIGURED', message: GHL_NOT_CONFIGURED });
      expect(await clientRow(clientId)).toMatchObject({ ghl_subaccount_id: null, crm_status: 'not_configured', crm_error: GHL_NOT_CONFIGURED });
    } finally {
      await bare.close();
    }
  });
});
