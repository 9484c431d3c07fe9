import { randomBytes } from 'node:crypto';
import { AuditPageSchema, RecommendationChangeResultSchema, RecommendationsSchema } from '@hap/contracts';
import { type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds, type FakeKeywordDay, type FakeSearchTermDay } from '@hap/test-kit/fakes/google-ads';
import { uniq } from '@hap/test-kit/factories/templates';
import { googleAdsAccessOf } from '../../src/google-ads/access';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { GoogleAdsConnectionService, oauthSettingsOf } from '../../src/modules/connection/connection.service';
import { lastDays, utcDay } from '../../src/modules/performance/performance-range';
import { PerformanceRepository } from '../../src/modules/performance/performance.repository';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, type TestAds } from '../helpers/app';
import { connectAgency, launchQueueRedis, startAdsWithGoogle, stopAdsWithGoogle } from '../helpers/google-ads-launches';

const TOKEN_KEY = randomBytes(32).toString('base64');
const today = () => utcDay(new Date());
/** A search term's day as a test names it: the term, its clicks and cost; the rest defaults. */
type FakeSearchTermRow = Pick<FakeSearchTermDay, 'searchTerm' | 'clicks' | 'costMicros'> & Partial<FakeSearchTermDay>;
/** A keyword's day as a test names it: its text, id, clicks and cost; the rest defaults. */
type FakeKeywordRow = Pick<FakeKeywordDay, 'text' | 'criterionId' | 'clicks' | 'costMicros'> & Partial<FakeKeywordDay>;

/**
 * Recommendations you confirm (docs/campaigns.md#recommendations): the clinic's search
 * terms read from the fake Google Ads API (search_term_view), a negative keyword
 * recommended for a term that spent without a conversion, applied once after Google's
 * validate_only check, audited, and undone from the same place.
 */
describe('Google Ads recommendations: negative keywords from search terms, through the fake Google Ads API', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let queue: JobQueue<'ads.launch'>;
  const redis = launchQueueRedis();
  const mutates = () => google.calls().filter((c) => c.kind === 'mutate');

  /** A clinic with its own account, a campaign of it in the fake, and the search terms Google reports for it, read and stored as the hourly read does. */
  async function clinicWithTerms(terms: FakeSearchTermRow[], keywords: FakeKeywordRow[] = []) {
    const customerId = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const clinicName = `Summit Wellness ${uniq()}`;
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: clinicName, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', googleAdsAccountId: customerId });
    expect(created.status).toBe(201);
    const clientId = created.body.data.id as number;
    const made = await fetch(`${google.url}/__fake/campaigns`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customerId, name: 'TRT Austin', status: 'ENABLED', adGroups: ['TRT'] }) });
    const campaign = (await made.json()) as { id: string; resourceName: string };
    google.script({
      performance: {
        [customerId]: {
          campaigns: [{ date: today(), campaignId: campaign.id, campaignName: 'TRT Austin', impressions: 900, clicks: 40, costMicros: 80_000_000, conversions: 2, conversionValue: 50 }],
          searchTerms: terms.map((term) => ({ date: today(), campaignId: campaign.id, adGroupId: '77', impressions: 100, conversions: 0, conversionValue: 0, ...term })),
          keywords: keywords.map((k) => ({ date: today(), campaignId: campaign.id, adGroupId: '77', adGroupName: 'TRT', matchType: 'PHRASE' as const, impressions: 300, conversions: 0, conversionValue: 0, ...k })),
        },
      },
    });
    const gateway = googleAdsAccessOf(t.config, new GoogleAdsConnectionService(t.dataSource, oauthSettingsOf(t.config))).gateway!;
    const range = lastDays(3);
    const report = await gateway.performance({ customerId, loginCustomerId: null, refreshToken: '1//refresh-token' }, range);
    await new PerformanceRepository(t.dataSource).replace({ clientId, customerId }, range, report);
    return { clientId, customerId, clinicName, campaign };
  }

  const list = async (clientId: number) => {
    const res = await t.api.get(`/api/google-ads/recommendations?clientId=${clientId}`, ADMIN);
    expect(res.status).toBe(200);
    return RecommendationsSchema.parse(res.body.data);
  };

  beforeAll(async () => {
    ({ google, queue, t } = await startAdsWithGoogle(redis, TOKEN_KEY));
  }, START_TIMEOUT_MS);
  beforeEach(async () => {
    google.reset();
    await connectAgency(t.dataSource, TOKEN_KEY);
  });
  afterAll(() => stopAdsWithGoogle({ queue, t, google }));

  it('lists the search terms and recommends excluding the one that spent $20 or more with no conversion, with its evidence and the exact change', async () => {
    const { clientId, customerId } = await clinicWithTerms([
      { searchTerm: 'Free TRT Online', clicks: 18, costMicros: 42_100_000 },
      { searchTerm: 'free trt online', clicks: 2, costMicros: 3_000_000, adGroupId: '78' },
      { searchTerm: 'trt clinic austin', clicks: 15, costMicros: 30_000_000, conversions: 2 },
      { searchTerm: 'testosterone cost', clicks: 5, costMicros: 9_000_000 },
    ]);
    const answer = await list(clientId);
    expect(answer).toMatchObject({ clientId, customerId, minSpend: 20, note: null, actions: [] });
    expect(answer.searchTerms.map((s) => [s.searchTerm, s.cost, s.clicks, s.conversions])).toEqual([
      ['Free TRT Online', 42.1, 18, 0],
      ['trt clinic austin', 30, 15, 2],
      ['testosterone cost', 9, 5, 0],
      ['free trt online', 3, 2, 0],
    ]);
    // The term's ad groups added up ($45.10); the one that converted and the one under $20 are left alone.
    expect(answer.recommendations).toHaveLength(1);
    expect(answer.recommendations[0]).toMatchObject({
      kind: 'negative_keyword',
      campaignName: 'TRT Austin',
      searchTerm: 'free trt online',
      evidence: { cost: 45.1, clicks: 20, conversions: 0 },
      change: 'Add [free trt online] as an exact-match negative keyword to the campaign ‘TRT Austin’.',
    });
    expect(answer.recommendations[0]!.why).toMatch(/^‘free trt online’ cost \$45\.10 for 20 clicks from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, and no conversion/);
  });

  it('applies it once after Google’s validate_only check, audited; a second click changes nothing; undo removes it, audited; it is recommended again', async () => {
    const { clientId, customerId, clinicName, campaign } = await clinicWithTerms([{ searchTerm: 'cheap testosterone pills', clicks: 12, costMicros: 25_500_000 }]);
    const [recommendation] = (await list(clientId)).recommendations;
    const body = { clientId, kind: 'negative_keyword', campaignId: recommendation!.campaignId, searchTerm: recommendation!.searchTerm };

    const clicks = await Promise.all([0, 1].map(() => t.api.post('/api/google-ads/recommendations/apply', ADMIN).send(body)));
    expect(clicks.map((r) => r.status)).toEqual([200, 200]);
    expect(clicks.map((r) => r.body.data.applied).sort()).toEqual([false, true]);
    const applied = RecommendationChangeResultSchema.parse(clicks.find((r) => r.body.data.applied)!.body.data);
    expect(applied).toMatchObject({ message: '[cheap testosterone pills] is now a negative keyword of ‘TRT Austin’: its searches no longer show the ads.', action: { status: 'applied', customerId, searchTerm: 'cheap testosterone pills', appliedBy: ADMIN.email } });
    expect(mutates()).toEqual([
      expect.objectContaining({ customerId, validateOnly: true, operations: 1, updates: ['campaign_criterion.negative_keyword=cheap testosterone pills:EXACT'] }),
      expect.objectContaining({ customerId, validateOnly: false, operations: 1, updates: ['campaign_criterion.negative_keyword=cheap testosterone pills:EXACT'] }),
    ]);
    expect(google.campaigns().find((c) => c.id === campaign.id)?.negatives).toEqual([expect.objectContaining({ text: 'cheap testosterone pills', matchType: 'EXACT' })]);
    const after = await list(clientId);
    expect(after.recommendations).toEqual([]);
    expect(after.actions).toEqual([expect.objectContaining({ id: applied.action.id, status: 'applied' })]);

    const audit = async () => {
      const res = await t.api.get(`/api/audit-log/ads?${new URLSearchParams({ pageSize: '10', entity: 'google_ads_recommendation', entityId: applied.action.id })}`, ADMIN);
      return AuditPageSchema.parse(res.body.data).items;
    };
    expect(await audit()).toEqual([
      expect.objectContaining({ action: 'create', actorEmail: ADMIN.email, names: expect.objectContaining({ client: clinicName, campaign: 'TRT Austin', account: customerId, subject: 'cheap testosterone pills' }) }),
    ]);

    const undone = await t.api.post(`/api/google-ads/recommendations/actions/${applied.action.id}/undo`, ADMIN);
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ applied: true, message: '[cheap testosterone pills] is no longer a negative keyword of ‘TRT Austin’.', action: { status: 'undone' } });
    expect(google.campaigns().find((c) => c.id === campaign.id)?.negatives).toEqual([]);
    const again = await t.api.post(`/api/google-ads/recommendations/actions/${applied.action.id}/undo`, ADMIN);
    expect(again.body.data).toMatchObject({ applied: false, message: 'This change was undone already; nothing was changed.' });
    expect(mutates().slice(2).map((m) => [m.validateOnly, m.updates])).toEqual([
      [true, [expect.stringMatching(/^campaign_criterion\.remove=customers\/\d+\/campaignCriteria\/\d+~\d+$/)]],
      [false, [expect.stringMatching(/^campaign_criterion\.remove=/)]],
    ]);
    expect((await audit()).map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await list(clientId)).recommendations.map((r) => r.searchTerm)).toEqual(['cheap testosterone pills']);
  });

  it('recommends pausing a keyword that spent $50 or more with no conversion; applies it once after Google’s validate_only check, audited; undo runs it again', async () => {
    const { clientId, clinicName } = await clinicWithTerms(
      [],
      [
        { text: 'testosterone shots', criterionId: '501', clicks: 30, costMicros: 64_250_000 },
        { text: 'trt clinic', criterionId: '502', clicks: 40, costMicros: 90_000_000, conversions: 3, matchType: 'EXACT', searchImpressionShare: 0.35 },
        { text: 'low t', criterionId: '503', clicks: 9, costMicros: 20_000_000 },
      ],
    );
    const answer = await list(clientId);
    expect(answer.pauseMinSpend).toBe(50);
    // Every keyword with its ad group, the costliest first, Google's figures (its search impression share where it gave one).
    expect(answer.keywords.map((k) => [k.keyword, k.adGroupName, k.matchType, k.clicks, k.cost, k.conversions, k.searchImpressionShare])).toEqual([
      ['trt clinic', 'TRT', 'EXACT', 40, 90, 3, 0.35],
      ['testosterone shots', 'TRT', 'PHRASE', 30, 64.25, 0, null],
      ['low t', 'TRT', 'PHRASE', 9, 20, 0, null],
    ]);
    // The ad group adds up every keyword of the window.
    expect(answer.adGroups.map((g) => [g.adGroupName, g.keywords, g.clicks, g.cost, g.conversions])).toEqual([['TRT', 3, 79, 174.25, 3]]);
    // The one that converted and the one under $50 are left alone.
    expect(answer.recommendations).toEqual([
      expect.objectContaining({
        kind: 'pause_keyword',
        searchTerm: 'testosterone shots',
        keyword: { adGroupId: '77', adGroupName: 'TRT', criterionId: '501', matchType: 'PHRASE' },
        evidence: expect.objectContaining({ cost: 64.25, clicks: 30, conversions: 0 }),
        change: 'Pause the keyword "testosterone shots" in the ad group ‘TRT’ of ‘TRT Austin’.',
      }),
    ]);
    expect(answer.recommendations[0]!.why).toMatch(/^The keyword "testosterone shots" cost \$64\.25 for 30 clicks from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, and no conversion/);

    const body = { clientId, kind: 'pause_keyword', campaignId: answer.recommendations[0]!.campaignId, adGroupId: '77', criterionId: '501' };
    const clicks = await Promise.all([0, 1].map(() => t.api.post('/api/google-ads/recommendations/apply', ADMIN).send(body)));
    expect(clicks.map((r) => r.status)).toEqual([200, 200]);
    const applied = RecommendationChangeResultSchema.parse(clicks.find((r) => r.body.data.applied)!.body.data);
    expect(clicks.find((r) => !r.body.data.applied)!.body.data.message).toBe('The keyword testosterone shots is paused already; nothing was changed.');
    expect(applied).toMatchObject({ message: 'The keyword "testosterone shots" is paused in ‘TRT’: it no longer spends.', action: { kind: 'pause_keyword', status: 'applied', searchTerm: 'testosterone shots' } });
    expect(mutates().map((m) => [m.validateOnly, m.updates])).toEqual([
      [true, ['ad_group_criterion.status=PAUSED']],
      [false, ['ad_group_criterion.status=PAUSED']],
    ]);
    expect((await list(clientId)).recommendations).toEqual([]);
    const audit = async () => {
      const res = await t.api.get(`/api/audit-log/ads?${new URLSearchParams({ pageSize: '10', entity: 'google_ads_recommendation', entityId: applied.action.id })}`, ADMIN);
      return AuditPageSchema.parse(res.body.data).items;
    };
    expect(await audit()).toEqual([expect.objectContaining({ action: 'update', names: expect.objectContaining({ client: clinicName, campaign: 'TRT Austin', subject: 'testosterone shots' }) })]);

    const undone = await t.api.post(`/api/google-ads/recommendations/actions/${applied.action.id}/undo`, ADMIN);
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ applied: true, message: 'The keyword testosterone shots is running again in ‘TRT Austin’.', action: { status: 'undone' } });
    expect(mutates().slice(2).map((m) => [m.validateOnly, m.updates])).toEqual([
      [true, ['ad_group_criterion.status=ENABLED']],
      [false, ['ad_group_criterion.status=ENABLED']],
    ]);
    expect((await audit()).map((e) => e.action)).toEqual(['update', 'update']);
    expect((await list(clientId)).recommendations.map((r) => r.searchTerm)).toEqual(['testosterone shots']);
    // A keyword the figures do not name (or no longer recommend pausing) is refused before Google is asked.
    const unknown = await t.api.post('/api/google-ads/recommendations/apply', ADMIN).send({ ...body, criterionId: '502' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe('The figures no longer recommend pausing this keyword (it converted, spent less than $50, or was not read): nothing was changed.');
    expect(mutates()).toHaveLength(4);
    expect((await list(clientId)).actions.map((a) => a.change)).toEqual([`Pause the keyword "testosterone shots" in the ad group ‘TRT’ of ‘TRT Austin’.`]);
  });

  it('refuses what it should: a change the figures no longer make (409), Google’s refusal (422, nothing recorded), bad input (400), an unknown clinic or action (404), strangers (401), and says when Google Ads is not connected', async () => {
    const { clientId, campaign } = await clinicWithTerms([{ searchTerm: 'trt near me', clicks: 10, costMicros: 21_000_000 }]);
    const apply = (body: Record<string, unknown>) => t.api.post('/api/google-ads/recommendations/apply', ADMIN).send({ clientId, kind: 'negative_keyword', campaignId: campaign.id, ...body });

    const stale = await apply({ searchTerm: 'trt price' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('The figures no longer recommend excluding [trt price]');

    // Google refuses the criterion (the campaign is gone there): nothing is recorded.
    google.campaigns().splice(0);
    const refused = await apply({ searchTerm: 'trt near me' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Google Ads refused the change: The requested resource was not found.');
    expect((await list(clientId)).actions).toEqual([]);

    const bad = await t.api.post('/api/google-ads/recommendations/apply', ADMIN).send({ clientId, kind: 'negative_keyword', campaignId: 'abc', searchTerm: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Campaign id must be Google's id (digits)");
    expect(JSON.stringify(bad.body)).toContain('Search term is required');
    const badKind = await t.api.post('/api/google-ads/recommendations/apply', ADMIN).send({ clientId, kind: 'raise_bids', campaignId: campaign.id });
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(badKind.body)).toContain("kind must be 'negative_keyword' or 'pause_keyword'");
    const badKeyword = await t.api.post('/api/google-ads/recommendations/apply', ADMIN).send({ clientId, kind: 'pause_keyword', campaignId: campaign.id, criterionId: '12' });
    expect(badKeyword.status).toBe(400);
    expect(JSON.stringify(badKeyword.body)).toContain("Ad group id must be Google's id (digits)");
    expect((await t.api.get('/api/google-ads/recommendations?clientId=99999999', ADMIN)).status).toBe(404);
    expect((await t.api.post('/api/google-ads/recommendations/actions/99999999/undo', ADMIN)).status).toBe(404);
    expect((await t.api.get(`/api/google-ads/recommendations?clientId=${clientId}`, ANONYMOUS)).status).toBe(401);

    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
    const disconnected = await apply({ searchTerm: 'trt near me' });
    expect(disconnected.status).toBe(409);
    expect(disconnected.body.message).toContain('Google Ads is not connected');
  });
});
