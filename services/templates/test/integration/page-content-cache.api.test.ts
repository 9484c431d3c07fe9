import { randomBytes } from 'node:crypto';
import { startService, type StartedService } from '@hap/service-kit/testing';
import { buildApp } from '../../src/app';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { seed } from '../../src/db/seed';
import { ADMIN, ADS_WITHOUT_CAMPAIGNS } from '../helpers/app';
import { createClientService, createTemplate, uniqueClientId } from '../helpers/factories';

type App = StartedService<ReturnType<typeof buildApp>>;

/**
 * GET /api/page-content from the cache, as two templates API processes share
 * it: a row changed behind the service's back (raw SQL) stays unseen until an
 * admin write through the API commits, then both processes show it.
 */
describe('GET /api/page-content cache', () => {
  // A Redis prefix of this file's own: other files' admin writes (same run) must not clear these caches.
  const env: NodeJS.ProcessEnv = { ...process.env, REDIS_PREFIX: `${process.env.REDIS_PREFIX}_pagecontent_${randomBytes(3).toString('hex')}` };
  const dataSource = createDataSource(env.DATABASE_URL as string);
  let a: App;
  let b: App;

  beforeAll(async () => {
    const config = loadServiceConfig(env);
    const start = () => startService(() => buildApp(config, createDataSource(config.DATABASE_URL), { ads: ADS_WITHOUT_CAMPAIGNS }), { internalSecret: config.INTERNAL_SECRET });
    [a, b] = await Promise.all([start(), start()]);
    await dataSource.initialize();
    // The demo catalogue (once per database): factories' templates sit in its subcategory 1.
    await seed(dataSource);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await dataSource.destroy();
  });

  const pageContent = async (app: App, clientId: number, service?: string) => {
    const res = await app.api.get(`/api/page-content/${clientId}${service ? `?service=${encodeURIComponent(service)}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.data as { services: Array<{ id: number; name: string }>; landing: { meta: { title: string } } | null };
  };
  const behindTheApi = (sql: string, params: unknown[]) => dataSource.query(sql, params);
  const eventually = async (check: () => Promise<boolean>, what: string) => {
    const until = Date.now() + 3_000;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('answers from the cache until a client service is changed through the API, then both processes read again', async () => {
    const clientId = uniqueClientId();
    const template = await createTemplate(dataSource);
    const service = await createClientService(dataSource, clientId, template.id, { customTitle: 'Cached Title' });
    expect((await pageContent(a, clientId, template.slug)).landing?.meta.title).toBe('Cached Title');
    expect((await pageContent(b, clientId, template.slug)).landing?.meta.title).toBe('Cached Title');

    await behindTheApi('UPDATE "templates"."client_services" SET "custom_title" = $1 WHERE "id" = $2', ['Changed Behind', service.id]);
    expect((await pageContent(a, clientId, template.slug)).landing?.meta.title).toBe('Cached Title');
    // The service path's case does not make another entry.
    expect((await pageContent(b, clientId, template.slug.toUpperCase())).landing?.meta.title).toBe('Cached Title');

    const patched = await a.api.patch(`/api/client-services/${service.id}`, ADMIN).send({ customDescription: 'Now described' });
    expect(patched.status).toBe(200);

    const fresh = await pageContent(a, clientId, template.slug);
    expect(fresh.landing?.meta.title).toBe('Changed Behind');
    expect(fresh.services).toEqual([expect.objectContaining({ id: service.id, name: 'Changed Behind', description: 'Now described' })]);
    await eventually(async () => (await pageContent(b, clientId, template.slug)).landing?.meta.title === 'Changed Behind', 'process b to read again');
  });

  it('drops a deactivated service from the cards at once (a write that records its audit row itself)', async () => {
    const clientId = uniqueClientId();
    const [kept, dropped] = [await createTemplate(dataSource), await createTemplate(dataSource)];
    await createClientService(dataSource, clientId, kept.id);
    await createClientService(dataSource, clientId, dropped.id);
    expect((await pageContent(b, clientId)).services).toHaveLength(2);

    const res = await a.api.delete(`/api/service-templates/deactivate?clientId=${clientId}&templateId=${dropped.id}`, ADMIN);
    expect(res.status).toBe(200);

    await eventually(async () => (await pageContent(b, clientId)).services.length === 1, 'process b to drop the card');
  });

  it('follows a template renamed through the API, in every clinic’s cached page', async () => {
    const template = await createTemplate(dataSource);
    const [first, second] = [uniqueClientId(), uniqueClientId()];
    await createClientService(dataSource, first, template.id);
    await createClientService(dataSource, second, template.id);
    expect((await pageContent(a, first)).services[0].name).toBe(template.name);
    expect((await pageContent(a, second)).services[0].name).toBe(template.name);

    const res = await b.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ name: 'Renamed Therapy' });
    expect(res.status).toBe(200);

    await eventually(async () => (await pageContent(a, first)).services[0].name === 'Renamed Therapy', 'process a to read the new name');
    expect((await pageContent(a, second)).services[0].name).toBe('Renamed Therapy');
  });

  it('answers an unknown clinic an empty page, and a bad id a 400', async () => {
    expect(await pageContent(a, uniqueClientId())).toEqual({ services: [], landing: null });
    expect((await a.api.get('/api/page-content/0')).status).toBe(400);
  });
});
