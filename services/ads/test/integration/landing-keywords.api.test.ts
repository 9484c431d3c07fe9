import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { LandingKeywordsSchema, routes } from '@hap/contracts';
import { type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { createClientService, createTemplate, uniq } from '@hap/test-kit/factories/templates';
import { writtenCampaign } from '@hap/test-kit/fixtures/written-campaigns';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { toStoredCampaign } from '../../src/modules/campaigns/campaign-jobs.service';
import { ADMIN, START_TIMEOUT_MS, type TestAds } from '../helpers/app';
import { clinicWithAccount, connectAgency, launchForReal, launchQueueRedis, startAdsWithGoogle, startLaunchWorker, stopAdsWithGoogle } from '../helpers/google-ads-launches';

const TOKEN_KEY = randomBytes(32).toString('base64');
const SHELL = { kind: 'service', service: 'public-shell' } as const;

/**
 * Message match (docs/campaigns.md#message-match): the keywords a clinic's service page may echo, as the
 * public shell asks for them, through the real ads app, templates, tenant, PostgreSQL, the ads.launch
 * worker on Redis and the fake Google Ads API on loopback.
 */
describe('GET /internal/google-ads/landing-keywords: the keywords a service page may echo', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let queue: JobQueue<'ads.launch'>;
  let worker: Worker;
  const redis = launchQueueRedis();

  const clinic = () => clinicWithAccount(t, "Cedar Men's Health");

  const keywordsOf = async (clientId: number, serviceId: number) => {
    const res = await t.api.get(`/internal/google-ads/landing-keywords?clientId=${clientId}&serviceId=${serviceId}`, SHELL);
    expect(res.status).toBe(200);
    return LandingKeywordsSchema.strict().parse(res.body.data).keywords;
  };

  beforeAll(async () => {
    ({ google, queue, t } = await startAdsWithGoogle(redis, TOKEN_KEY));
    worker = startLaunchWorker(t, redis);
    await connectAgency(t.dataSource, TOKEN_KEY);
  }, START_TIMEOUT_MS);
  afterAll(() => stopAdsWithGoogle({ worker, queue, t, google }));

  it('is an internal row of ads', () => {
    expect(routes.listLandingKeywords).toMatchObject({ method: 'GET', path: '/internal/google-ads/landing-keywords', owner: 'ads', access: 'internal' });
  });

  it('before launch: the template campaigns’ keywords and the service’s saved ones; after: what the launch sent too, even once the template campaign is retired', async () => {
    const template = await createTemplate(t.templates!.dataSource, { slug: `trt-${uniq()}` });
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    const campaign = await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`TRT ${uniq()}`)), templateId: template.id }));
    const clientId = await clinic();
    const service = await createClientService(t.templates!.dataSource, clientId, template.id, {
      googleAdsSettings: { dailyBudget: 40, targetRadius: 15, primaryKeyword: 'TRT near me', keywords: 'hormone doctor austin, low t doctor' },
    });
    const written = campaign.adGroups.flatMap((g) => g.keywords);
    expect(written).toContain('low testosterone treatment');

    const before = await keywordsOf(clientId, service.id);
    expect(before).toEqual(expect.arrayContaining([...written, 'TRT near me', 'hormone doctor austin']));
    expect(new Set(before).size).toBe(before.length);

    await launchForReal(t, clientId, service.id);
    await repo.update({ id: campaign.id }, { isActive: false });
    // What Google was sent: the template's keywords with the saved ones in every ad group.
    const after = await keywordsOf(clientId, service.id);
    expect(after).toEqual(expect.arrayContaining([...written, 'TRT near me', 'hormone doctor austin']));

    // The same service asked for under another clinic is none of that clinic's pages.
    expect(await keywordsOf(await clinic(), service.id)).toEqual([]);
    // A service that does not exist has nothing to echo.
    expect(await keywordsOf(clientId, 987_654_321)).toEqual([]);
  }, 60_000);

  it('answers the public shell and our services only, and says what is wrong with a bad query', async () => {
    const clinicUser = { kind: 'clinic', userId: 7, clientId: 1, role: 'owner', email: 'owner@cedar.test' } as const;
    const refused = await t.api.get('/internal/google-ads/landing-keywords?clientId=1&serviceId=1', clinicUser);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the public pages and our services may read a page’s keywords.');
    expect((await t.api.get('/internal/google-ads/landing-keywords?clientId=1&serviceId=1', ADMIN)).status).toBe(200);

    const bad = await t.api.get('/internal/google-ads/landing-keywords?clientId=abc&serviceId=1', SHELL);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Client id');
  });
});
