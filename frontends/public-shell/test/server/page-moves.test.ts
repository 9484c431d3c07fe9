import type { FastifyInstance } from 'fastify';
import { ADMIN } from '@hap/service-kit/testing';
import { SIBLINGS_START_TIMEOUT_MS as START_TIMEOUT_MS, startTemplatesWithTenant, type SiblingTemplates } from '@hap/test-kit/siblings';
import { createTemplate, uniq } from '@hap/test-kit/factories/templates';
import { createClinic } from '@hap/test-kit/factories/tenant';
import { createPageCache } from '../../server/page-cache';
import { shellOnServices } from '../helpers/shell';

/**
 * A page an ad points to never disappears by an edit (services/templates README,
 * "Page paths"): the shell with its real loaders, SSR entry and page cache, on the
 * real tenant and templates services (this run's database and Redis). A template's
 * slug changes under a page a visitor has just seen (and the cache kept): its old
 * address answers 301 to the new one with the whole query, never a kept old page
 * nor a 404.
 */
describe('a moved page: its old address answers 301 to the new one', () => {
  let services: SiblingTemplates;
  let shell: FastifyInstance;
  let closeShell: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    services = await startTemplatesWithTenant();
    const templatesUrl = services.url;
    ({ shell, close: closeShell } = await shellOnServices(services, templatesUrl, {
      distPrefix: 'public-shell-moves-',
      // The templates service's own Redis channel: its admin writes clear this cache as they would in a stack.
      dependencies: () => ({
        pageCache: (server) =>
          createPageCache({ redis: { url: services.env.REDIS_URL, prefix: services.env.REDIS_PREFIX }, ttlMs: 60_000, staleMs: 86_400_000, maxBytes: 8 * 1_048_576, metrics: server.metrics, settleMs: 0 }),
      }),
    }));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await closeShell?.();
    await services?.close();
  });

  const page = (url: string) => shell.inject({ url, headers: { 'x-forwarded-host': 'app.healthads.test' } });

  it('a template’s new slug: the old path (and its style and /services/ forms) answers 301 with the query kept; the new path is the page', async () => {
    const name = `PRP Hair Restoration ${uniq()}`;
    const made = await createTemplate(services.dataSource, { name, slug: `prp-hair-restoration-${uniq()}` });
    const clientId = await createClinic(services.tenant);
    expect((await services.api.post('/api/service-templates/activate', ADMIN).send({ clientId, templateId: made.id })).status).toBe(200);

    // A visitor from an ad saw the page, and the shell kept it.
    const first = await page(`/${made.slug}?client=${clientId}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(name);
    expect((await page(`/${made.slug}?client=${clientId}`)).headers['x-page-cache']).toBe('hit');

    const next = `hair-restoration-${uniq()}`;
    expect((await services.api.patch(`/api/service-templates/${made.id}`, ADMIN).send({ slug: next })).status).toBe(200);

    // The admin's write clears the kept page (through Redis); then the old address is a permanent redirect.
    const ad = `/${made.slug}?client=${clientId}&gclid=Cj0KCQ-test_gclid&utm_source=google`;
    let moved = await page(ad);
    for (let i = 0; moved.statusCode !== 301 && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      moved = await page(ad);
    }
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/${next}?client=${clientId}&gclid=Cj0KCQ-test_gclid&utm_source=google`);
    expect(moved.headers['cache-control']).toBe('no-cache');

    expect((await page(`/${made.slug.toUpperCase()}/b?client=${clientId}`)).headers.location).toBe(`/${next}/b?client=${clientId}`);
    expect((await page(`/services/${made.slug}?client=${clientId}`)).headers.location).toBe(`/services/${next}?client=${clientId}`);

    const now = await page(`/${next}?client=${clientId}`);
    expect(now.statusCode).toBe(200);
    expect(now.body).toContain(name);

    // A path no page ever had is still the not-found page.
    expect((await page(`/never-a-page-${uniq()}?client=${clientId}`)).statusCode).toBe(404);
  }, 60_000);

  it('a clinic that does not offer the moved page gets the not-found page at its old path, not a redirect', async () => {
    const made = await createTemplate(services.dataSource, { slug: `moved-elsewhere-${uniq()}` });
    const offering = await createClinic(services.tenant);
    const other = await createClinic(services.tenant);
    expect((await services.api.post('/api/service-templates/activate', ADMIN).send({ clientId: offering, templateId: made.id })).status).toBe(200);
    expect((await services.api.patch(`/api/service-templates/${made.id}`, ADMIN).send({ slug: `moved-${uniq()}` })).status).toBe(200);
    expect((await page(`/${made.slug}?client=${other}`)).statusCode).toBe(404);
  }, 60_000);
});
