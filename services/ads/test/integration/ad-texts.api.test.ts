import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { AdTextsApplyResultSchema, AdTextsReviewSchema, Messages, routes, type AuditLogEntry, type CampaignLaunch } from '@hap/contracts';
import { type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { ADMIN, START_TIMEOUT_MS, type TestAds } from '../helpers/app';
import { clinicWithAccount, connectAgency, launchForReal, launchQueueRedis, serviceWithCampaign, startAdsWithGoogle, startLaunchWorker, stopAdsWithGoogle } from '../helpers/google-ads-launches';

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

  const check = (templateId: number, clientIds: number[]) => t.api.post('/api/google-ads/ad-texts/check', ADMIN).send({ templateId, clientIds });
  const apply = (templateId: number, clientIds: number[], acceptPolicyWarnings?: boolean) =>
    t.api.post('/api/google-ads/ad-texts/apply', ADMIN).send({ templateId, clientIds, ...(acceptPolicyWarnings === undefined ? {} : { acceptPolicyWarnings }) });
  const adsOf = (campaignId: string) => google.campaigns().find((c) => c.id === campaignId)!.adGroups.flatMap((g) => (g.adPolicies ?? []).map((p) => ({ group: g.name, ...p })));
  const applied = () => google.calls().filter((c) => c.kind === 'mutate' && !c.validateOnly && (c.updates ?? []).some((u) => u.startsWith('ad.responsive_search_ad')));

  it('are admin rows of ads', () => {
    expect(routes.checkAdTexts).toMatchObject({ method: 'POST', path: '/api/google-ads/ad-texts/check', owner: 'ads', access: 'admin' });
    expect(routes.applyAdTexts).toMatchObject({ method: 'POST', path: '/api/google-ads/ad-texts/apply', owner: 'ads', access: 'admin' });
  });

  it('after a rewrite, lists each campaign’s changed ad before → after (Google checked, nothing applied); applying changes them once, audited, and a second check finds nothing', async () => {
    const { templateId, clinics, launches, campaignRow } = await twoLaunched();
    const fresh = AdTextsReviewSchema.parse((await check(templateId, clinics)).body.data);
    expect(fresh.campaigns.map((c) => c.changes.length)).toEqual([0, 0]);
    expect(fresh.campaigns.every((c) => c.unchanged === 2 && c.problem === null)).toBe(true);

    await rewrite(campaignRow, 'Same-Week Lab Results');
    const before = applied().length;
    const res = await check(templateId, clinics);
    expect(res.status).toBe(200);
    const review = AdTextsReviewSchema.parse(res.body.data);
    expect(review.campaigns.map((c) => c.launchId).sort()).toEqual(launches.map((l) => l.id).sort());
    expect(review.campaigns.map((c) => c.status).sort()).toEqual(['ENABLED', 'PAUSED']);
    for (const campaign of review.campaigns) {
      expect(campaign).toMatchObject({ unchanged: 1, notFromTemplate: [], warnings: [], problem: null });
      expect(campaign.changes).toHaveLength(1);
      expect(campaign.changes[0]).toMatchObject({ adGroup: 'Low Testosterone' });
      expect(campaign.changes[0]!.before.headlines[1]).toBe('Testosterone Therapy Options');
      expect(campaign.changes[0]!.after.headlines[1]).toBe('Same-Week Lab Results');
    }
    expect(applied().length).toBe(before);

    const done = await apply(templateId, clinics);
    expect(done.status).toBe(200);
    const result = AdTextsApplyResultSchema.parse(done.body.data);
    expect(result.failed).toEqual([]);
    expect(result.updated.map((u) => u.ads)).toEqual([1, 1]);
    expect(applied().length).toBe(before + 2);
    for (const launch of launches) {
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
    const again = AdTextsReviewSchema.parse((await check(templateId, clinics)).body.data);
    expect(again.campaigns.every((c) => c.changes.length === 0 && c.unchanged === 2)).toBe(true);
    // Nothing left to change: applying again sends nothing.
    expect(AdTextsApplyResultSchema.parse((await apply(templateId, clinics)).body.data)).toEqual({ updated: [], failed: [] });
    expect(applied().length).toBe(before + 2);
  });

  it('a prescription drug’s name needs the admin’s yes, as a launch does; a blocking claim and Google’s refusal leave the ads as they are, in words', async () => {
    const { templateId, clinics, launches, campaignRow } = await twoLaunched();
    await rewrite(campaignRow, 'Ask About Semaglutide');
    const review = AdTextsReviewSchema.parse((await check(templateId, clinics)).body.data);
    expect(review.campaigns[0]!.warnings[0]).toContain('Headline "Ask About Semaglutide"');
    const refused = await apply(templateId, clinics);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Check Before Updating: 2 policy warnings/);
    expect(refused.body.issues.map((i: { path: string }) => i.path)).toEqual(['acceptPolicyWarnings', 'acceptPolicyWarnings']);
    expect(adsOf(launches[0]!.googleAdsCampaignId!)[0]!.headlines![1]).toBe('Testosterone Therapy Options');
    const accepted = AdTextsApplyResultSchema.parse((await apply(templateId, clinics, true)).body.data);
    expect(accepted.updated).toHaveLength(2);
    expect(adsOf(launches[0]!.googleAdsCampaignId!)[0]!.headlines![1]).toBe('Ask About Semaglutide');

    await rewrite(campaignRow, 'Guaranteed Results');
    const blocked = AdTextsReviewSchema.parse((await check(templateId, clinics)).body.data);
    expect(blocked.campaigns[0]!.problem).toMatch(/^Policy Issues Found: 1 issue .*Headline "Guaranteed Results"/);
    const notApplied = AdTextsApplyResultSchema.parse((await apply(templateId, clinics, true)).body.data);
    expect(notApplied.updated).toEqual([]);
    expect(notApplied.failed.map((f) => f.reason)).toEqual([blocked.campaigns[0]!.problem, blocked.campaigns[1]!.problem]);

    // Longer than Google's 30 characters: the fake refuses it as Google does, in validate_only already.
    await rewrite(campaignRow, 'Hormone Care That Fits Your Whole Life');
    const tooLong = AdTextsReviewSchema.parse((await check(templateId, clinics)).body.data);
    expect(tooLong.campaigns[0]!.problem).toBe('Google Ads refused the change: Too long.');
    const failed = AdTextsApplyResultSchema.parse((await apply(templateId, clinics, true)).body.data);
    expect(failed.failed.map((f) => f.reason)).toEqual(['Google Ads refused the change: Too long.', 'Google Ads refused the change: Too long.']);
    expect(adsOf(launches[1]!.googleAdsCampaignId!)[0]!.headlines![1]).toBe('Ask About Semaglutide');
  });

  it('leaves out removed campaigns and clinics without launches; refuses a clinic user, a body without clinics or with too many, and says when Google Ads is not connected', async () => {
    const { templateId, clinics, launches } = await twoLaunched();
    google.campaigns().find((c) => c.id === launches[1]!.googleAdsCampaignId)!.status = 'REMOVED';
    const review = AdTextsReviewSchema.parse((await check(templateId, [...clinics, 999_999])).body.data);
    expect(review.campaigns.map((c) => c.launchId)).toEqual([launches[0]!.id]);
    // No launch of the template for these clinics: an empty answer, Google not asked.
    const searches = google.calls().length;
    expect((await check(templateId, [999_998])).body.data).toEqual({ campaigns: [] });
    expect(google.calls().length).toBe(searches);

    const empty = await check(templateId, []);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Choose at least one clinic');
    const tooMany = await check(templateId, Array.from({ length: 201 }, (_, i) => i + 1));
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('At most 200 clinics at a time');
    const clinicUser = { kind: 'clinic', userId: 7, clientId: clinics[0]!, role: 'owner', email: 'owner@cedar.test' } as const;
    expect((await t.api.post('/api/google-ads/ad-texts/apply', clinicUser).send({ templateId, clientIds: clinics })).status).toBe(403);

    // Without the agency's connection: said, as a launch says it; nothing sent.
    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
    try {
      const calls = google.calls().length;
      for (const res of [await check(templateId, clinics), await apply(templateId, clinics, true)]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(Messages.googleAdsNotConnected);
      }
      expect(google.calls().length).toBe(calls);
    } finally {
      await connectAgency(t.dataSource, TOKEN_KEY);
    }
  });
});
