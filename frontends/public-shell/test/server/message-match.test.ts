import type { FastifyInstance } from 'fastify';
import { ADMIN } from '@hap/service-kit/testing';
import { SIBLINGS_START_TIMEOUT_MS as START_TIMEOUT_MS, startAdsProcess, startTemplatesWithTenant, type SiblingProcess, type SiblingTemplates } from '@hap/test-kit/siblings';
import { insertRow } from '@hap/test-kit/factories/rows';
import { createTemplate, uniq } from '@hap/test-kit/factories/templates';
import { createClinic } from '@hap/test-kit/factories/tenant';
import { writtenCampaign } from '@hap/test-kit/fixtures/written-campaigns';
import { createLandingKeywordsLoader } from '../../server/landing-keywords';
import { createPageCache } from '../../server/page-cache';
import { shellOnServices } from '../helpers/shell';

/**
 * Message match (docs/campaigns.md#message-match): the shell with its real loaders, SSR entry and page cache,
 * on the real tenant, templates and ads services (this run's database and Redis). A click's `kw` shows as the
 * headline only when it is one of the service's ad keywords, in the allow-list's words; the page cache keeps
 * one copy per matched keyword and the plain page for everything else.
 */
describe('a service page echoes the ad keyword its click matched', () => {
  let services: SiblingTemplates;
  let ads: SiblingProcess;
  let shell: FastifyInstance;
  let closeShell: (() => Promise<void>) | undefined;
  let slug: string;
  let clientId: number;

  beforeAll(async () => {
    services = await startTemplatesWithTenant();
    ads = await startAdsProcess({ TEMPLATES_URL: services.url, TENANT_URL: services.tenant.url });
    ({ shell, close: closeShell } = await shellOnServices(services, services.url, {
      distPrefix: 'public-shell-kw-',
      env: { ADS_URL: ads.url },
      dependencies: (config) => ({
        landingKeywords: createLandingKeywordsLoader(config),
        pageCache: (server) =>
          createPageCache({ redis: { url: services.env.REDIS_URL, prefix: services.env.REDIS_PREFIX }, ttlMs: 60_000, staleMs: 86_400_000, maxBytes: 8 * 1_048_576, metrics: server.metrics, settleMs: 0 }),
      }),
    }));
    const made = await createTemplate(services.dataSource, { name: `Testosterone Therapy ${uniq()}`, slug: `trt-${uniq()}` });
    slug = made.slug;
    clientId = await createClinic(services.tenant);
    expect((await services.api.post('/api/service-templates/activate', ADMIN).send({ clientId, templateId: made.id })).status).toBe(200);
    // The service template's Google Ads campaign (ads' own table), with 'TRT doctor Austin' as the agency wrote it.
    const campaign = writtenCampaign(`TRT ${uniq()}`);
    campaign.adGroups[0]!.keywords.push('TRT doctor Austin');
    await insertRow(services.dataSource, 'ads', 'ad_campaign_templates', {
      templateId: made.id,
      name: campaign.name,
      adGroups: JSON.stringify(campaign.adGroups),
      extensions: JSON.stringify({ sitelinks: [], callouts: [] }),
    });
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await closeShell?.();
    await ads?.close();
    await services?.close();
  });

  const page = (query: string) => shell.inject({ url: `/${slug}?client=${clientId}${query}`, headers: { 'x-forwarded-host': 'app.healthads.test' } });
  const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<!--.*?-->/g, '');

  it('a kw that is one of its keywords is the headline, in the agency’s words; one copy per keyword whatever its case or marks', async () => {
    const plain = await page('');
    expect(plain.statusCode).toBe(200);
    expect(h1(plain.body)).toMatch(/^Find the best .+ provider near you!$/);

    const matched = await page('&hap_cid=123&kw=trt+doctor+austin&gclid=Cj0K');
    expect(matched.statusCode).toBe(200);
    expect(h1(matched.body)).toBe('TRT Doctor Austin');
    expect(matched.headers['x-page-cache']).toBe('miss');
    // Another click on the same keyword (another campaign, its match-type marks): the same kept page.
    const again = await page('&hap_cid=456&kw=%5BTRT%20DOCTOR%20AUSTIN%5D');
    expect(h1(again.body)).toBe('TRT Doctor Austin');
    expect(again.headers['x-page-cache']).toBe('hit');

    const other = await page('&kw=low+testosterone+treatment');
    expect(h1(other.body)).toBe('Low Testosterone Treatment');
  }, 30_000);

  it('anything else keeps the page’s own headline and its one kept copy; nothing of the URL’s text is shown', async () => {
    const plain = await page('');
    const own = h1(plain.body);
    for (const kw of ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'cheap+pills+online', 'x'.repeat(300), '']) {
      const res = await page(`&kw=${kw}`);
      expect(res.statusCode).toBe(200);
      expect(h1(res.body)).toBe(own);
      expect(res.headers['x-page-cache']).toBe('hit');
      expect(res.body).not.toContain('alert(1)');
      expect(res.body).not.toContain('cheap pills');
    }
  }, 30_000);
});
