import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { PAGE_MOVE_TEXTS, PageImpactSchema, routes, type CampaignLaunch } from '@hap/contracts';
import { type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { createClientService, createTemplate, uniq } from '@hap/test-kit/factories/templates';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { toStoredCampaign } from '../../src/modules/campaigns/campaign-jobs.service';
import { ADMIN, START_TIMEOUT_MS, type TestAds } from '../helpers/app';
import { clinicWithAccount, connectAgency, launchForReal, launchQueueRedis, startAdsWithGoogle, startLaunchWorker, stopAdsWithGoogle } from '../helpers/google-ads-launches';
import { writtenCampaign } from '@hap/test-kit/fixtures/written-campaigns';

const TOKEN_KEY = randomBytes(32).toString('base64');
const PLATFORM = 'https://app.healthads.test';

/**
 * A page an ad points to never disappears by an edit (services/templates README,
 * "Page paths"): through the real templates and ads apps (templates asking ads
 * through ads' own routes), tenant, PostgreSQL, the ads.launch worker on Redis
 * and the fake Google Ads API on loopback.
 */
describe('page paths: a renamed page keeps its old path, its campaigns follow, a deactivation is asked first', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let queue: JobQueue<'ads.launch'>;
  let worker: Worker;
  const redis = launchQueueRedis();

  const clinic = () => clinicWithAccount(t, 'Harbor Peak');

  /** A template of its own (its slug changes here) with a campaign to launch. */
  async function template(): Promise<{ id: number; slug: string }> {
    const made = await createTemplate(t.templates!.dataSource, { slug: `prp-hair-${uniq()}` });
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Hair ${uniq()}`)), templateId: made.id }));
    return { id: made.id, slug: made.slug };
  }

  /** A clinic's service launched for real (the worker → the fake), created paused as every launch is. */
  const launched = (clientId: number, serviceId: number): Promise<CampaignLaunch> => launchForReal(t, clientId, serviceId);

  const enable = async (launchId: string) => expect((await t.api.post(`/api/google-ads/launches/${launchId}/status`, ADMIN).send({ status: 'enabled' })).status).toBe(200);
  const adUrlsOf = (campaignId: string) =>
    google
      .campaigns()
      .find((c) => c.id === campaignId)!
      .adGroups.flatMap((g) => (g.adPolicies ?? []).flatMap((p) => p.finalUrls ?? []));
  const pageContent = async (clientId: number, path: string) =>
    (await t.templates!.api.get(`/api/page-content/${clientId}?service=${encodeURIComponent(path)}`, { kind: 'service', service: 'public-shell' })).body.data;

  beforeAll(async () => {
    ({ google, queue, t } = await startAdsWithGoogle(redis, TOKEN_KEY, { PUBLIC_BASE_URL: PLATFORM }));
    worker = startLaunchWorker(t, redis);
    await connectAgency(t.dataSource, TOKEN_KEY);
  }, START_TIMEOUT_MS);
  afterAll(() => stopAdsWithGoogle({ worker, queue, t, google }));

  it('are internal rows of ads and admin rows of templates', () => {
    expect(routes.listRunningPageCampaigns).toMatchObject({ method: 'POST', path: '/internal/google-ads/running-campaigns', owner: 'ads', access: 'internal' });
    expect(routes.movePageCampaigns).toMatchObject({ method: 'POST', path: '/internal/google-ads/page-moves', owner: 'ads', access: 'internal' });
    expect(routes.getTemplatePageImpact).toMatchObject({ method: 'GET', path: '/api/service-templates/:id/page-impact', owner: 'templates', access: 'admin' });
    expect(routes.getServicePageImpact).toMatchObject({ method: 'GET', path: '/api/services/:id/page-impact', owner: 'templates', access: 'admin' });
  });

  it('a template’s new slug: the impact counts its clinics and running campaigns first; after, the old path names the new one and the campaigns’ ads point there, audited', async () => {
    const tpl = await template();
    const [a, b, c] = [await clinic(), await clinic(), await clinic()];
    const sa = await createClientService(t.templates!.dataSource, a, tpl.id);
    const sb = await createClientService(t.templates!.dataSource, b, tpl.id);
    // A clinic with a path of its own is not at the slug's page.
    await createClientService(t.templates!.dataSource, c, tpl.id, { customPath: `own-${uniq()}` });
    const running = await launched(a, sa.id);
    await enable(running.id);
    const paused = await launched(b, sb.id);
    const plannedUrl = async (launchId: string) =>
      ((await t.dataSource.query(`SELECT "request"->>'finalUrl' AS url FROM "ads"."campaign_launch_logs" WHERE "id" = $1`, [launchId])) as Array<{ url: string }>)[0]!.url;
    const before = `${PLATFORM}/${tpl.slug}?client=${a}`;
    expect(await plannedUrl(running.id)).toBe(before);

    const impact = await t.templates!.api.get(`/api/service-templates/${tpl.id}/page-impact`, ADMIN);
    expect(impact.status).toBe(200);
    expect(PageImpactSchema.strict().parse(impact.body.data)).toMatchObject({
      path: tpl.slug,
      clinics: 2,
      runningCampaigns: 1,
      campaignsChecked: true,
      message: PAGE_MOVE_TEXTS.impact(tpl.slug, 2, 1),
    });
    expect(impact.body.data.campaigns).toEqual([expect.objectContaining({ launchId: running.id, clientId: a, serviceId: sa.id, finalUrl: before })]);

    const next = `hair-restoration-${uniq()}`;
    const renamed = await t.templates!.api.patch(`/api/service-templates/${tpl.id}`, ADMIN).send({ slug: next });
    expect(renamed.status).toBe(200);

    // The old path names the page's new one (the shell answers it with a 301); the new one is the page.
    expect(await pageContent(a, tpl.slug)).toMatchObject({ landing: null, movedTo: next });
    expect((await pageContent(a, next)).landing.content.service.path).toBe(next);
    expect((await pageContent(a, tpl.slug.toUpperCase())).movedTo).toBe(next);

    // Both campaigns' ads now point at the new path, the query kept; Google checked it first.
    for (const launch of [running, paused]) {
      const urls = adUrlsOf(launch.googleAdsCampaignId!);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toBe(`${PLATFORM}/${next}?client=${launch.clientId}`);
    }
    const adUpdates = google.calls().filter((call) => call.updates?.some((u) => u.startsWith('ad.final_urls=')));
    expect(adUpdates.filter((call) => call.validateOnly)).toHaveLength(2);
    expect(adUpdates.filter((call) => !call.validateOnly)).toHaveLength(2);
    expect(await plannedUrl(running.id)).toBe(`${PLATFORM}/${next}?client=${a}`);
    const audit = await t.api.get(`/api/audit-log/ads?${new URLSearchParams({ pageSize: '100', entity: 'campaign_launch', entityId: running.id })}`, ADMIN);
    const moved = audit.body.data.items.find((e: { changes?: { after?: { finalUrl?: string } } }) => e.changes?.after?.finalUrl?.includes(next));
    expect(moved).toMatchObject({ action: 'update', actorEmail: ADMIN.email, changes: { before: { finalUrl: before } } });
  }, 90_000);

  it('an old path given to another page belongs to that page: no redirect', async () => {
    const tpl = await template();
    const other = await template();
    const a = await clinic();
    await createClientService(t.templates!.dataSource, a, tpl.id);
    const next = `moved-${uniq()}`;
    expect((await t.templates!.api.patch(`/api/service-templates/${tpl.id}`, ADMIN).send({ slug: next })).status).toBe(200);
    expect((await pageContent(a, tpl.slug)).movedTo).toBe(next);
    // Through the API: the write clears the page-content cache, as an admin's would.
    expect((await t.templates!.api.post('/api/client-services', ADMIN).send({ clientId: a, templateId: other.id, customPath: tpl.slug })).status).toBe(201);
    const taken = await pageContent(a, tpl.slug);
    expect(taken.landing.content.service.templateId).toBe(other.id);
    expect(taken.movedTo).toBeUndefined();
  });

  it('a service’s new path: the old one names the new one and its campaign follows', async () => {
    const tpl = await template();
    const a = await clinic();
    const from = `trt-austin-${uniq()}`;
    const service = await createClientService(t.templates!.dataSource, a, tpl.id, { customPath: from });
    const launch = await launched(a, service.id);
    await enable(launch.id);
    const impact = await t.templates!.api.get(`/api/services/${service.id}/page-impact`, ADMIN);
    expect(impact.body.data).toMatchObject({ path: from, clinics: 1, runningCampaigns: 1 });

    const to = `trt-${uniq()}`;
    expect((await t.templates!.api.patch(`/api/services/${service.id}`, ADMIN).send({ path: to })).status).toBe(200);
    expect(await pageContent(a, from)).toMatchObject({ landing: null, movedTo: to });
    for (const url of adUrlsOf(launch.googleAdsCampaignId!)) expect(url).toBe(`${PLATFORM}/${to}?client=${a}`);
  });

  it('deactivating a service that running campaigns point to: 409 in words, nothing changed, until confirmed', async () => {
    const tpl = await template();
    const a = await clinic();
    const service = await createClientService(t.templates!.dataSource, a, tpl.id);
    await enable((await launched(a, service.id)).id);
    const words = PAGE_MOVE_TEXTS.deactivateRunning(tpl.slug, 1);
    expect(words).toMatch(/^1 running Google Ads campaign points to \//);

    const refused = await t.templates!.api.delete(`/api/service-templates/deactivate?clientId=${a}&templateId=${tpl.id}`, ADMIN);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: words, issues: [{ path: 'confirm', message: words }] });
    const patched = await t.templates!.api.patch(`/api/services/${service.id}`, ADMIN).send({ isActive: false });
    expect(patched.status).toBe(409);
    expect(patched.body.issues).toEqual([{ path: 'confirmRunningCampaigns', message: words }]);
    expect((await pageContent(a, tpl.slug)).landing).not.toBeNull();

    const confirmed = await t.templates!.api.delete(`/api/service-templates/deactivate?clientId=${a}&templateId=${tpl.id}&confirm=true`, ADMIN);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ deactivated: true });
  });

  it('deactivating a service whose campaigns are paused is not asked', async () => {
    const tpl = await template();
    const a = await clinic();
    const service = await createClientService(t.templates!.dataSource, a, tpl.id);
    await launched(a, service.id);
    const res = await t.templates!.api.patch(`/api/services/${service.id}`, ADMIN).send({ isActive: false });
    expect(res.status).toBe(200);
    expect(res.body.data.isActive).toBe(false);
  });
});
