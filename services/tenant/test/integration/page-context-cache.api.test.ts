import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { startService, type StartedService } from '@hap/service-kit/testing';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { ADMIN, makeUploadDir } from '../helpers/app';
import { createClient, createDomainMapping, createStaffMember, uniqueHost } from '../helpers/factories';

/**
 * GET /api/page-context from the cache, as two tenant API processes share it:
 * a row changed behind the service's back (raw SQL) stays unseen until an
 * admin write through the API commits, then both processes show it.
 */
describe('GET /api/page-context cache', () => {
  // A Redis prefix of this file's own: other files' admin writes (same run) must not clear these caches.
  const env: NodeJS.ProcessEnv = { ...process.env, REDIS_PREFIX: `${process.env.REDIS_PREFIX}_pagectx_${randomBytes(3).toString('hex')}` };
  const dataSource = createDataSource(env.DATABASE_URL as string);
  let uploadDir: string;
  let a: StartedService<ReturnType<typeof buildApp>>;
  let b: StartedService<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    uploadDir = await makeUploadDir();
    const config = loadServiceConfig({ ...env, UPLOAD_DIR: uploadDir });
    const start = () => startService(() => buildApp(config, createDataSource(config.DATABASE_URL)), { internalSecret: config.INTERNAL_SECRET });
    [a, b] = await Promise.all([start(), start()]);
    await dataSource.initialize();
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await dataSource.destroy();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const context = async (service: StartedService<ReturnType<typeof buildApp>>, query: Record<string, string>) => {
    const res = await service.api.get(`/api/page-context?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const renameBehindTheApi = (id: number, name: string) => dataSource.query('UPDATE "tenant"."clients" SET "name" = $1 WHERE "id" = $2', [name, id]);
  const eventually = async (check: () => Promise<boolean>, what: string) => {
    const until = Date.now() + 3_000;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('answers from the cache until an admin write commits, then both processes read the database again', async () => {
    const client = await createClient(dataSource, { name: 'Cached Clinic' });
    await createStaffMember(dataSource, client.id, { name: 'Dr. First' });
    const query = { host: uniqueHost(), path: '/', client: String(client.id) };
    expect((await context(a, query)).client.name).toBe('Cached Clinic');
    expect((await context(b, query)).client.name).toBe('Cached Clinic');

    await renameBehindTheApi(client.id, 'Renamed Behind The API');
    expect((await context(a, query)).client.name).toBe('Cached Clinic');
    expect((await context(b, query)).client.name).toBe('Cached Clinic');

    // An admin write in process a: a team member added through the API.
    const created = await a.api.post('/api/staff-members', ADMIN).send({ clientId: client.id, name: 'Dr. Second', displayOrder: 1 });
    expect(created.status).toBe(201);

    // Process a cleared before the write answered; process b when the message arrives.
    const fresh = await context(a, query);
    expect(fresh.client.name).toBe('Renamed Behind The API');
    expect(fresh.staff.map((s: { name: string }) => s.name)).toEqual(['Dr. First', 'Dr. Second']);
    await eventually(async () => (await context(b, query)).client.name === 'Renamed Behind The API', 'process b to read the new row');
    expect((await context(b, query)).staff).toHaveLength(2);
  });

  it('shares one host’s entries between its paths, and still picks the mapping by path', async () => {
    const [home, trt] = [await createClient(dataSource, { name: 'Home Clinic' }), await createClient(dataSource, { name: 'TRT Clinic' })];
    const host = uniqueHost();
    await createDomainMapping(dataSource, home.id, { domain: host, path: '/' });
    await createDomainMapping(dataSource, trt.id, { domain: host, path: '/trt' });

    expect((await context(a, { host, path: '/' })).resolution).toEqual({ clientId: home.id, source: 'host' });
    expect((await context(a, { host, path: '/trt/style-b' })).resolution).toEqual({ clientId: trt.id, source: 'host' });

    // Both clinics are cached now: a path never asked before is answered without reading the renamed rows.
    await renameBehindTheApi(home.id, 'Home Renamed');
    await renameBehindTheApi(trt.id, 'TRT Renamed');
    expect(await context(a, { host, path: '/about' })).toMatchObject({ resolution: { clientId: home.id }, client: { name: 'Home Clinic' } });
    expect(await context(a, { host, path: '/TRT/' })).toMatchObject({ resolution: { clientId: home.id }, client: { name: 'Home Clinic' } });
    expect(await context(a, { host, path: '/trt' })).toMatchObject({ resolution: { clientId: trt.id }, client: { name: 'TRT Clinic' } });
  });

  it('follows a domain mapping created through the API at once', async () => {
    const [before, after] = [await createClient(dataSource), await createClient(dataSource)];
    const host = uniqueHost();
    await createDomainMapping(dataSource, before.id, { domain: host, path: '/' });
    expect((await context(a, { host, path: '/book' })).resolution.clientId).toBe(before.id);
    expect((await context(b, { host, path: '/book' })).resolution.clientId).toBe(before.id);

    const mapped = await b.api.post('/api/domain-mappings', ADMIN).send({ domain: host, path: '/book', clientId: after.id });
    expect(mapped.status).toBe(201);

    expect((await context(b, { host, path: '/book' })).resolution.clientId).toBe(after.id);
    await eventually(async () => (await context(a, { host, path: '/book' })).resolution.clientId === after.id, 'process a to follow the new mapping');
    expect((await context(a, { host, path: '/' })).resolution.clientId).toBe(before.id);
  });

  it('answers client null and no team, not a 404, when the fallback clinic does not exist', async () => {
    // Nothing is seeded in the test database: client 1 does not exist.
    expect(await context(a, { host: uniqueHost(), path: '/' })).toEqual({ resolution: { clientId: 1, source: 'default' }, client: null, staff: [], tracking: null });
  });
});
