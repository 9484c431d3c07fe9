import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { AdTextCampaignsSchema, AdTextsUpdateResultSchema, CampaignAdTextsSchema, Messages, routes, type AuditLogEntry, type CampaignLaunch } from '@hap/contracts';
import { type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { UNREACHABLE_URL } from '@hap/test-kit/service-process';
import { ADMIN, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';
import { clinicWithAccount, connectAgency, googleAdsEnv, launchForReal, launchQueueRedis, serviceWithCampaign, startAdsWithGoogle, startLaunchWorker, stopAdsWithGoogle } from '../helpers/google-ads-launches';

const TOKEN_KEY = randomBytes(32).toString('base64');

/**
 * A template's ad texts reach the campaigns launched from it (docs/campaigns.md#ad-texts-follow-the-template):
 * through the real ads app (its templates and tenant), PostgreSQL, the ads.launch worker on Redis and the
 * fake Google Ads API on loopback, which keeps each ad's texts as the launch and the updates send them.
 */
describe('ad texts follow the template: checked, confirmed, applied and audited', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let queue: JobQueue<'ads.launch'>;
  let worker: Worker;
  const redis = launchQueueRedis();

  beforeAll(async () => {
    ({ google, queue, t } = await startAdsWithGoogle(redis, TOKEN_KEY));
    worker = startLaunchWorker(t, redis);
    await connectAgency(t.dataSource, TOKEN_KEY);
  }, START_TIMEOUT_MS);
  afterAll(() => stopAdsWithGoogle({ worker, queue, t, google }));

  /** A template with a campaign, two clinics' services on it, each launched (the first then enabled). */
  async function twoLaunched(): Promise<{ templateId: number; clinics: number[]; launches: CampaignLaunch[]; campaignRow: AdCampaignTemplateEntity }> {
    const template = await createTemplate(t.templates!.dataSource);
    const [a, b] = [await clinicWithAccount(t, 'Cedar Ridge'), await clinicWithAccount(t, 'Pine Hollow')];
    const { service: sa, campaign } = await serviceWithCampaign(t, a, template.id);
    const sb = await createClientService(t.templates!.dataSource, b, template.id, { customPath: `body-b-${template.id}` });
    const launches = [await launchForReal(t, a, sa.id), await launchForReal(t, b, sb.id)];
    expect((await t.api.post(`/api/google-ads/launches/${launches[0]!.id}/status`, ADMIN).send({ status: 'enabled' })).status).toBe(200);
    return { templateId: template.id, clinics: [a, b], launches, campaignRow: campaign };
  }

  /** The template's campaign's first ad gets `headline` as its second headline (what an AI rewrite or an edit does). */
  async function rewrite(row: AdCampaignTemplateEntity, headline: string): Promise<void> {
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    const adGroups = structuredClone(row.adGroups);
    adGroups[0]!.ads[0]!.headlines[1] = headline;
    await repo.update({ id: row.id }, { adGroups });
    row.adGroups = adGroups;
  }

  const campaignsOf = async (templateId: number, clientIds: number[]) =>
    AdTextCampaignsSchema.parse((await t.api.post('/api/google-ads/ad-texts/campaigns', ADMIN).send({ templateId, clientIds })).body.data).campaigns;
  const check = (launchId: string) => t.api.post(`/api/google-ads/launches/${launchId}/ad-texts/check`, ADMIN).send({});
  const reviewOf = async (launchId: string) => CampaignAdTextsSchema.parse((await check(launchId)).body.data);
  const update = (launchId: string, acceptPolicyWarnings?: boolean) =>
    t.api.post(`/api/google-ads/launches/${launchId}/ad-texts`, ADMIN).send(acceptPolicyWarnings === undefined ? {} : { acceptPolicyWarnings });
  const updated = async (launchId: string, acceptPolicyWarnings?: boolean) => {
    const res = await update(launchId, acceptPolicyWarnings);
    expect(res.status).toBe(200);
    return AdTextsUpdateResultSchema.parse(res.body.data);
  };
  const adsOf = (campaignId: string) => google.campaigns().find((c) => c.id === campaignId)!.adGroups.flatMap((g) => (g.adPolicies ?? []).map((p) => ({ group: g.name, ...p })));
  const applied = () => google.calls().filter((c) => c.kind === 'mutate' && !c.validateOnly && (c.updates ?? []).some((u) => u.startsWith('ad.responsive_search_ad')));

  it('are admin rows of ads', () => {
    expect(routes.listAdTextCampaigns).toMatchObject({ method: 'POST', path: '/api/google-ads/ad-texts/campaigns', owner: 'ads', access: 'admin' });
    expect(routes.checkCampaignAdTexts).toMatchObject({ method: 'POST', path: '/api/google-ads/launches/:launchId/ad-texts/check', owner: 'ads', access: 'admin' });
    expect(routes.updateCampaignAdTexts).toMatchObject({ method: 'POST', path: '/api/google-ads/launches/:launchId/ad-texts', owner: 'ads', access: 'admin' });
  });

  it('after a rewrite, each campaign’s changed ad before → after (Google checked, nothing applied); an update changes it once, audited; again, nothing', async () => {
    const { templateId, clinics, launches, campaignRow } = await twoLaunched();
    const listed = await campaignsOf(templateId, [...clinics, 999_999]);
    expect(listed.map((c) => c.launchId).sort()).toEqual(launches.map((l) => l.id).sort());
    for (const launch of launches) expect(await reviewOf(launch.id)).toMatchObject({ changes: [], unchanged: 2, problem: null });

    await rewrite(campaignRow, 'Same-Week Lab Results');
    const before = applied().length;
    const reviews = await Promise.all(launches.map((l) => reviewOf(l.id)));
    expect(reviews.map((c) => c.status)).toEqual(['ENABLED', 'PAUSED']);
    for (const review of reviews) {
      expect(review).toMatchObject({ unchanged: 1, notFromTemplate: [], warnings: [], problem: null });
      expect(review.changes).toHaveLength(1);
      expect(review.changes[0]).toMatchObject({ adGroup: 'Low Testosterone' });
      expect(review.changes[0]!.before.headlines[1]).toBe('Testosterone Therapy Options');
      expect(review.changes[0]!.after.headlines[1]).toBe('Same-Week Lab Results');
    }
    expect(applied().length).toBe(before);

    for (const launch of launches) {
      expect(await updated(launch.id)).toEqual({ applied: true, ads: 1, message: "1 ad has the template's texts now. Google reviews changed ads before they show." });
      const ads = adsOf(launch.googleAdsCampaignId!);
      expect(ads.find((a) => a.group === 'Low Testosterone')!.headlines![1]).toBe('Same-Week Lab Results');
      // The other ad group's ad is untouched.
      expect(ads.find((a) => a.group === 'Energy and Fatigue')!.headlines![0]).toBe('Always Tired? Check Hormones');
      const planned = (await t.dataSource.query(`SELECT "request"->'adGroups'->0->'ads'->0->'headlines'->>1 AS headline FROM "ads"."campaign_launch_logs" WHERE "id" = $1`, [launch.id])) as Array<{ headline: string }>;
      expect(planned[0]!.headline).toBe('Same-Week Lab Results');
      const audit = (await t.api.get(`/api/audit-log/ads?${new URLSearchParams({ pageSize: '100', entity: 'campaign_launch', entityId: launch.id })}`, ADMIN)).body.data.items as AuditLogEntry[];
      const entry = audit.find((e) => (e.changes as { after?: { reason?: string } } | null)?.after?.reason === 'ad texts follow the template');
      expect(entry?.actorEmail).toBe(ADMIN.email);
      expect(JSON.stringify(entry?.changes)).toContain('Testosterone Therapy Options');
    }
    expect(applied().length).toBe(before + 2);
    expect(await reviewOf(launches[0]!.id)).toMatchObject({ changes: [], unchanged: 2 });
    // Nothing left to change: a second update (a retry, a double click) sends nothing.
    expect(await updated(launches[0]!.id)).toEqual({ applied: false, ads: 0, message: "Its ads already have the template's texts; nothing was changed." });
    expect(applied().length).toBe(before + 2);
  });

  it('a prescription drug’s name needs the admin’s yes, as a launch does; a blocking claim and Google’s refusal leave the ads as they are, in words', async () => {
    const { launches, campaignRow } = await twoLaunched();
    const [first] = launches as [CampaignLaunch];
    await rewrite(campaignRow, 'Ask About Semaglutide');
    expect((await reviewOf(first.id)).warnings[0]).toContain('Headline "Ask About Semaglutide"');
    const refused = await update(first.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Check Before Updating: 1 policy warning in the new ad texts/);
    expect(refused.body.issues.map((i: { path: string }) => i.path)).toEqual(['acceptPolicyWarnings']);
    expect(adsOf(first.googleAdsCampaignId!)[0]!.headlines![1]).toBe('Testosterone Therapy Options');
    expect((await updated(first.id, true)).applied).toBe(true);
    expect(adsOf(first.googleAdsCampaignId!)[0]!.headlines![1]).toBe('Ask About Semaglutide');

    await rewrite(campaignRow, 'Guaranteed Results');
    const blocked = await reviewOf(first.id);
    expect(blocked.problem).toMatch(/^Policy Issues Found: 1 issue .*Headline "Guaranteed Results"/);
    const notApplied = await update(first.id, true);
    expect(notApplied.status).toBe(422);
    expect(notApplied.body.message).toBe(blocked.problem);

    // Longer than Google's 30 characters: the fake refuses it as Google does, in validate_only already.
    await rewrite(campaignRow, 'Hormone Care That Fits Your Whole Life');
    expect((await reviewOf(first.id)).problem).toBe('Google Ads refused the change: Too long.');
    const tooLong = await update(first.id, true);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toBe('Google Ads refused the change: Too long.');
    expect(adsOf(first.googleAdsCampaignId!)[0]!.headlines![1]).toBe('Ask About Semaglutide');
  });

  it('a removed campaign says so; refuses a clinic user, an unknown launch, a scope without clinics or with too many, and says when templates does not answer or Google Ads is not connected', async () => {
    const { templateId, clinics, launches } = await twoLaunched();
    google.campaigns().find((c) => c.id === launches[1]!.googleAdsCampaignId)!.status = 'REMOVED';
    expect(await reviewOf(launches[1]!.id)).toMatchObject({ status: 'REMOVED', changes: [] });
    expect((await update(launches[1]!.id)).status).toBe(409);
    // No launch of the template for these clinics: an empty list, Google not asked.
    const calls = google.calls().length;
    expect(await campaignsOf(templateId, [999_998])).toEqual([]);
    expect(google.calls().length).toBe(calls);
    expect((await check('00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const empty = await t.api.post('/api/google-ads/ad-texts/campaigns', ADMIN).send({ templateId, clientIds: [] });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Choose at least one clinic');
    const tooMany = await t.api.post('/api/google-ads/ad-texts/campaigns', ADMIN).send({ templateId, clientIds: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('At most 200 clinics at a time');
    const clinicUser = { kind: 'clinic', userId: 7, clientId: clinics[0]!, role: 'owner', email: 'owner@cedar.test' } as const;
    expect((await t.api.post(`/api/google-ads/launches/${launches[0]!.id}/ad-texts`, clinicUser).send({})).status).toBe(403);
    expect((await t.api.post('/api/google-ads/ad-texts/campaigns', clinicUser).send({ templateId, clientIds: clinics })).status).toBe(403);

    // Templates not answering: the check says so for the campaign, an update is 503; Google is not asked to change anything.
    const cut = await startAds({ templatesUrl: UNREACHABLE_URL, env: googleAdsEnv(google, TOKEN_KEY) });
    try {
      const before = applied().length;
      const review = CampaignAdTextsSchema.parse((await cut.api.post(`/api/google-ads/launches/${launches[0]!.id}/ad-texts/check`, ADMIN).send({})).body.data);
      expect(review).toMatchObject({ status: 'ENABLED', changes: [], problem: Messages.serviceUnavailable('templates') });
      const res = await cut.api.post(`/api/google-ads/launches/${launches[0]!.id}/ad-texts`, ADMIN).send({ acceptPolicyWarnings: true });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(Messages.serviceUnavailable('templates'));
      expect(applied().length).toBe(before);
    } finally {
      await cut.close();
    }

    // Without the agency's connection: said, as a launch says it; nothing sent.
    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
    try {
      const sent = google.calls().length;
      for (const res of [await check(launches[0]!.id), await update(launches[0]!.id, true)]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(Messages.googleAdsNotConnected);
      }
      expect(google.calls().length).toBe(sent);
    } finally {
      await connectAgency(t.dataSource, TOKEN_KEY);
    }
  });
});
