import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { CampaignPerformanceSchema, PerformanceAccountSchema, PerformanceSyncResultSchema, type PerformanceAccount } from '@hap/contracts';
import { createWorker, type Identity, type QueueRedis } from '@hap/service-kit';
import { startFakeGoogleAds, type FakeCampaignDay, type FakeGoogleAds, type FakeKeywordDay } from '@hap/test-kit/fakes/google-ads';
import { startFakeGoogleOAuth } from '@hap/test-kit/fakes/google-oauth';
import { uniq } from '@hap/test-kit/factories/templates';
import { createTenantClient } from '../../src/clients/tenant.client';
import { googleAdsAccessOf } from '../../src/google-ads/access';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { GoogleAdsConnectionService, oauthSettingsOf } from '../../src/modules/connection/connection.service';
import { encryptToken, tokenKeyOf } from '../../src/modules/connection/token-cipher';
import { createPerformanceHandler, createSweepHandler, readOf } from '../../src/modules/performance/performance.job';
import { createPerformanceQueues, scheduleHourlySweep, type PerformanceQueues } from '../../src/modules/performance/performance-queues';
import { lastDays, utcDay } from '../../src/modules/performance/performance-range';
import { PerformanceRepository } from '../../src/modules/performance/performance.repository';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';

const TOKEN_KEY = randomBytes(32).toString('base64');
const OAUTH_CLIENT = { clientId: 'perf-client.apps.googleusercontent.com', clientSecret: 'perf-secret' };
const REDIRECT = 'https://agency.example/api/google-ads/oauth/callback';
const LEADS: Identity = { kind: 'service', service: 'leads' };
const PUBLIC_SHELL: Identity = { kind: 'service', service: 'public-shell' };

const CLINIC = { address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199' };
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY_MS));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A Google Ads customer id of this run (10 digits). */
const accountId = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

const campaignDay = (date: string, campaignId: string, n: number): FakeCampaignDay => ({
  date,
  campaignId,
  campaignName: `Body Sculpting ${campaignId}`,
  impressions: 100 * n,
  clicks: 7 * n,
  costMicros: 15_230_000 * n,
  conversions: 1.5 * n,
  conversionValue: 300 * n,
});

describe('Google Ads performance: ads.performance reads GAQL reports from Google Ads (a loopback fake of its API)', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let oauth: Awaited<ReturnType<typeof startFakeGoogleOAuth>>;
  let queues: PerformanceQueues;
  let store: PerformanceRepository;
  let worker: Worker | null = null;
  const failures: Array<{ id: string; attemptsMade: number; error: string }> = [];
  const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}` };

  async function clinic(fields: Record<string, unknown> = {}) {
    const customerId = accountId();
    const res = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ ...CLINIC, name: `Summit Wellness ${uniq()}`, googleAdsAccountId: customerId, ...fields });
    expect(res.status).toBe(201);
    return { clientId: res.body.data.id as number, customerId };
  }

  async function connect() {
    const repo = t.dataSource.getRepository(GoogleAdsConnectionEntity);
    await repo.delete({ label: 'agency' });
    await repo.save(repo.create({ label: 'agency', refreshTokenEncrypted: encryptToken('1//refresh-token', tokenKeyOf(TOKEN_KEY)!), accountEmail: 'ads@agency.example', connectedBy: 1, connectedAt: new Date(), updatedAt: new Date() }));
  }

  const access = () => googleAdsAccessOf(t.config, new GoogleAdsConnectionService(t.dataSource, oauthSettingsOf(t.config)));

  function startWorker() {
    worker = createWorker('ads.performance', createPerformanceHandler(store, access()), redis) as unknown as Worker;
    worker.on('failed', (job, err) => failures.push({ id: String(job?.id), attemptsMade: job?.attemptsMade ?? -1, error: err.message }));
    return worker;
  }

  const accounts = async (): Promise<PerformanceAccount[]> => {
    const res = await t.api.get('/api/google-ads/performance/accounts', ADMIN);
    expect(res.status).toBe(200);
    return res.body.data.map((a: unknown) => PerformanceAccountSchema.parse(a));
  };
  /** The account's state once `done` says it is settled. */
  async function settled(customerId: string, done: (a: PerformanceAccount) => boolean, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const account = (await accounts()).find((a) => a.customerId === customerId);
      if (account && done(account)) return account;
      if (Date.now() > until) throw new Error(`account ${customerId} still ${JSON.stringify(account)}`);
      await sleep(100);
    }
  }
  const read = (query: Record<string, string>, as: Identity = LEADS) => t.api.get(`/internal/google-ads/performance?${new URLSearchParams(query)}`, as);
  const sync = (body: Record<string, unknown>, as: Identity = ADMIN) => t.api.post('/api/google-ads/performance/sync', as).send(body);
  const searchesOf = (customerId: string) => google.calls().filter((c) => c.kind === 'search' && c.customerId === customerId);

  beforeAll(async () => {
    google = await startFakeGoogleAds();
    oauth = await startFakeGoogleOAuth(OAUTH_CLIENT);
    queues = createPerformanceQueues(redis);
    t = await startAds({
      env: {
        GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token',
        GOOGLE_ADS_CLIENT_ID: OAUTH_CLIENT.clientId,
        GOOGLE_ADS_CLIENT_SECRET: OAUTH_CLIENT.clientSecret,
        GOOGLE_ADS_TOKEN_KEY: TOKEN_KEY,
        GOOGLE_ADS_API_URL: google.url,
        GOOGLE_ADS_REDIRECT_URI: REDIRECT,
        GOOGLE_OAUTH_AUTH_URL: oauth.authUrl,
        GOOGLE_OAUTH_TOKEN_URL: oauth.tokenUrl,
      },
      dependencies: { performanceQueues: queues },
    });
    store = new PerformanceRepository(t.dataSource);
  }, START_TIMEOUT_MS);
  beforeEach(async () => {
    google.reset();
    failures.length = 0;
    await connect();
  });
  afterEach(async () => {
    await worker?.close();
    worker = null;
  });
  afterAll(async () => {
    await queues.read.queue.obliterate({ force: true });
    await queues.sweep.queue.obliterate({ force: true });
    await Promise.all([queues.read.close(), queues.sweep.close()]);
    await t.close();
    await google.close();
    await oauth.close();
  });

  it('a sync reads campaigns and keywords by day over the range; the internal route returns them by clinic and range', async () => {
    const a = await clinic({ googleAdsManagerId: '111-222-3333' });
    const b = await clinic();
    const keyword: FakeKeywordDay = {
      ...campaignDay(daysAgo(1), '501', 1),
      searchImpressionShare: 0.0999,
      adGroupId: '601',
      adGroupName: 'Body Contouring',
      criterionId: '701',
      text: 'body sculpting near me',
      matchType: 'PHRASE',
    };
    google.script({
      performance: {
        // Search impression share where Google gives one (yesterday's campaign day and the keyword), none today.
        [a.customerId]: { campaigns: [{ ...campaignDay(daysAgo(1), '501', 1), searchImpressionShare: 0.42 }, campaignDay(daysAgo(0), '501', 2), campaignDay(daysAgo(10), '501', 5)], keywords: [keyword] },
        [b.customerId]: { campaigns: [campaignDay(daysAgo(0), '502', 3)] },
      },
    });
    startWorker();

    const res = await sync({ clientId: a.clientId, days: 3 });
    expect(res.status).toBe(202);
    const queued = PerformanceSyncResultSchema.parse(res.body.data);
    expect(queued).toEqual({ queued: 1, accounts: [expect.objectContaining({ clientId: a.clientId, customerId: a.customerId, state: 'pending' })] });
    const ok = await settled(a.customerId, (x) => x.state === 'ok');
    expect(ok).toMatchObject({ message: null, syncedThrough: daysAgo(0), lastSyncedAt: expect.any(String) });

    // GAQL over the range, through the manager account; B was not asked.
    const { from, to } = lastDays(3);
    const queries = searchesOf(a.customerId).map((c) => c.query!);
    expect(queries).toEqual([
      expect.stringMatching(/metrics\.search_impression_share FROM campaign WHERE segments\.date BETWEEN/),
      expect.stringMatching(/metrics\.search_impression_share FROM keyword_view WHERE segments\.date BETWEEN/),
      // Google refuses the share on search terms (the fake too): never asked there.
      expect.stringMatching(/metrics\.conversions_value FROM search_term_view WHERE segments\.date BETWEEN/),
      expect.stringMatching(/FROM campaign WHERE campaign\.status != 'REMOVED'$/),
    ]);
    // Every report is bounded by the range; the campaigns' states are as they are now.
    for (const q of queries.slice(0, 3)) expect(q).toContain(`segments.date BETWEEN '${from}' AND '${to}'`);
    expect(searchesOf(b.customerId)).toHaveLength(0);

    const answer = await read({ clientId: String(a.clientId), from, to });
    expect(answer.status).toBe(200);
    const data = CampaignPerformanceSchema.parse(answer.body.data);
    expect(data.days).toEqual([
      { date: daysAgo(1), clientId: a.clientId, customerId: a.customerId, campaignId: '501', campaignName: 'Body Sculpting 501', impressions: 100, clicks: 7, costMicros: 15_230_000, conversions: 1.5, conversionValue: 300, searchImpressionShare: 0.42 },
      { date: daysAgo(0), clientId: a.clientId, customerId: a.customerId, campaignId: '501', campaignName: 'Body Sculpting 501', impressions: 200, clicks: 14, costMicros: 30_460_000, conversions: 3, conversionValue: 600, searchImpressionShare: null },
    ]);
    expect(data.accounts).toEqual([expect.objectContaining({ clientId: a.clientId, customerId: a.customerId, state: 'ok' })]);
    // One day only.
    expect((await read({ clientId: String(a.clientId), from: daysAgo(0), to: daysAgo(0) })).body.data.days).toHaveLength(1);

    const keywords = await store.keywordDays(a.customerId, { from, to });
    expect(keywords).toEqual([
      expect.objectContaining({ date: daysAgo(1), clientId: a.clientId, campaignId: '501', adGroupId: '601', adGroupName: 'Body Contouring', criterionId: '701', keywordText: 'body sculpting near me', matchType: 'PHRASE', impressions: '100', clicks: '7', costMicros: '15230000', conversions: 1.5, conversionValue: 300, searchImpressionShare: 0.0999 }),
    ]);

    // Every clinic: B's account is listed, pending until read.
    const all = await accounts();
    expect(all.find((x) => x.customerId === b.customerId)).toMatchObject({ clientId: b.clientId, state: 'pending', syncedThrough: null });
  });

  it('reading a day again replaces its numbers, never adds to them', async () => {
    const a = await clinic();
    google.script({ performance: { [a.customerId]: { campaigns: [campaignDay(daysAgo(0), '801', 1), campaignDay(daysAgo(0), '802', 1)] } } });
    startWorker();
    expect((await sync({ clientId: a.clientId, days: 2 })).status).toBe(202);
    const first = await settled(a.customerId, (x) => x.state === 'ok');

    // Google's numbers for the day moved (late clicks); campaign 802 is no longer reported.
    google.script({ performance: { [a.customerId]: { campaigns: [campaignDay(daysAgo(0), '801', 4)] } } });
    expect((await sync({ clientId: a.clientId, days: 2 })).body.data.queued).toBe(1);
    await settled(a.customerId, (x) => x.lastSyncedAt !== first.lastSyncedAt);
    const { days } = (await read({ clientId: String(a.clientId), from: daysAgo(1), to: daysAgo(0) })).body.data;
    expect(days).toEqual([expect.objectContaining({ campaignId: '801', impressions: 400, clicks: 28, costMicros: 60_920_000, conversions: 6, conversionValue: 1200 })]);
  });

  it('a second click while a read waits adds nothing (one job per account and range)', async () => {
    const a = await clinic();
    const first = await sync({ clientId: a.clientId, days: 5 });
    const second = await sync({ clientId: a.clientId, days: 5 });
    expect([first.status, second.status]).toEqual([202, 202]);
    const { from, to } = lastDays(5);
    const id = `performance-${a.clientId}-${a.customerId}-${from}-${to}`;
    const jobs = (await queues.read.queue.getJobs(['waiting'])).filter((j) => j.data.customerId === a.customerId);
    expect(jobs.map((j) => j.id)).toEqual([id]);
    expect(jobs[0]!.data).toEqual({ clientId: a.clientId, customerId: a.customerId, managerId: null, from, to });
    await jobs[0]!.remove();
  });

  it("waits as long as Google's quota error asks, then reads (no try spent, not the queue's backoff)", async () => {
    const a = await clinic();
    google.script({ performance: { [a.customerId]: { campaigns: [campaignDay(daysAgo(0), '901', 1)] } }, reportErrors: { [a.customerId]: { quota: { times: 1, retrySeconds: 3 } } } });
    startWorker();
    expect((await sync({ clientId: a.clientId, days: 1 })).status).toBe(202);
    await settled(a.customerId, (x) => x.state === 'ok', 25_000);
    const [refused, ...after] = searchesOf(a.customerId);
    expect(after).toHaveLength(4);
    // The queue's own first backoff is 2 s ± 30 %: the wait is Google's 3 s.
    expect(after[0]!.at! - refused!.at!).toBeGreaterThanOrEqual(2_900);
    expect(failures).toEqual([]);
    expect((await read({ clientId: String(a.clientId), from: daysAgo(0), to: daysAgo(0) })).body.data.days).toHaveLength(1);
  }, 40_000);

  it("an account Google refuses shows 'refused' with Google's words, and is not retried", async () => {
    const a = await clinic();
    google.script({ reportErrors: { [a.customerId]: { refused: 'USER_PERMISSION_DENIED' } } });
    startWorker();
    expect((await sync({ clientId: a.clientId, days: 3 })).status).toBe(202);
    const refused = await settled(a.customerId, (x) => x.state === 'refused');
    expect(refused.message).toContain("User doesn't have permission to access customer");
    // Longer than the queue's first backoff: still one call, and the job failed for good on its first try.
    await sleep(3_000);
    expect(searchesOf(a.customerId)).toHaveLength(1);
    expect(failures).toEqual([expect.objectContaining({ attemptsMade: 1, error: expect.stringContaining('refused the report') })]);
    const { from, to } = lastDays(3);
    expect(await queues.read.queue.getJob(`performance-${a.clientId}-${a.customerId}-${from}-${to}`)).toBeUndefined();

    // An account Google stopped serving says so too.
    const b = await clinic();
    google.script({ reportErrors: { [b.customerId]: { refused: 'CUSTOMER_NOT_ENABLED' } } });
    await sync({ clientId: b.clientId, days: 1 });
    expect((await settled(b.customerId, (x) => x.state === 'refused')).message).toContain('not yet enabled or has been deactivated');
  }, 40_000);

  it("without the agency's connection: the sync says so (409); a queued read marks the account 'disconnected' and Google is not asked", async () => {
    const a = await clinic();
    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
    const res = await sync({ clientId: a.clientId, days: 3 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Google Ads is not connected. Connect the agency's Google Ads account on the Google Ads Authentication page first.");

    // The hourly read still runs for every clinic account.
    startWorker();
    await queues.read.add(readOf({ clientId: a.clientId, googleAdsAccountId: a.customerId, googleAdsManagerId: null }, lastDays(3)));
    const account = await settled(a.customerId, (x) => x.state === 'disconnected');
    expect(account.message).toContain('Google Ads is not connected');
    expect(google.calls()).toEqual([]);
  });

  it('refuses bad ranges with the schema’s words (400), strangers (401/403), and unknown clinics', async () => {
    const bad = async (res: { status: number; body: { issues?: unknown } }, path: string, message: string) => {
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path, message }]);
    };
    await bad(await read({ from: '2026-11-10', to: '2026-11-01' }), 'from', 'from must not be after to');
    await bad(await read({ from: '2026-02-30', to: '2026-03-01' }), 'from', 'from must be a real date');
    await bad(await read({ from: '11/01/2026', to: '2026-11-02' }), 'from', 'from must be a date like 2026-11-27');
    await bad(await read({ from: '2025-01-01', to: '2026-01-02' }), 'to', 'A range covers at most 366 days');
    await bad(await read({ from: '2026-11-01', to: '2026-11-02', clientId: 'abc' }), 'clientId', 'Client id must be a number');
    expect((await read({ from: '2025-01-01', to: '2026-01-01' })).status).toBe(200);

    await bad(await sync({ days: 0 }), 'days', 'days must be at least 1');
    await bad(await sync({ days: 91 }), 'days', 'days must be at most 90');

    expect((await sync({}, ANONYMOUS)).status).toBe(401);
    expect((await t.api.get('/api/google-ads/performance/accounts', ANONYMOUS)).status).toBe(401);
    expect((await read({ from: '2026-11-01', to: '2026-11-02' }, ANONYMOUS)).status).toBe(403);
    expect((await read({ from: '2026-11-01', to: '2026-11-02' }, PUBLIC_SHELL)).status).toBe(403);

    const without = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ ...CLINIC, name: `No Ads ${uniq()}` });
    expect((await sync({ clientId: without.body.data.id })).status).toBe(409);
    expect((await sync({ clientId: 987_654_321 })).status).toBe(404);
  });

  it('connecting Google Ads queues a 30-day backfill: one read per clinic account', async () => {
    const a = await clinic({ googleAdsManagerId: '1112223333' });
    const b = await clinic();
    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });

    // The admin's consent: our redirect, Google's consent page, the callback.
    const session: Identity = { ...ADMIN, session: 'tag-of-a-session' };
    const start = await t.api.get('/api/google-ads/auth', session);
    expect(start.status).toBe(302);
    const back = new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    const done = await t.api.get(`/api/google-ads/oauth/callback${back.search}`, session);
    expect(done.headers.location).toBe('/admin/google-ads-connect?connected=true');

    const [sweepJob] = await queues.sweep.queue.getJobs(['waiting']);
    expect(sweepJob?.data).toEqual({ days: 30 });

    // The ads worker's sweep (tenant's clinic list) queues the reads.
    const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 5_000 });
    const sweeper = createWorker('ads.performance-sweep', createSweepHandler(tenant, store, access(), queues.read), redis);
    const mineOf = (jobs: Awaited<ReturnType<typeof queues.read.queue.getJobs>>) => jobs.filter((j) => [a.customerId, b.customerId].includes(j.data.customerId));
    try {
      const until = Date.now() + 15_000;
      while (mineOf(await queues.read.queue.getJobs(['waiting'])).length < 2 && Date.now() < until) await sleep(100);
    } finally {
      await sweeper.close();
    }
    const { from, to } = lastDays(30);
    expect(from).toBe(daysAgo(29));
    const reads = await queues.read.queue.getJobs(['waiting']);
    const mine = mineOf(reads);
    expect(mine.map((j) => j.id).sort()).toEqual([`performance-${a.clientId}-${a.customerId}-${from}-${to}`, `performance-${b.clientId}-${b.customerId}-${from}-${to}`].sort());
    expect(mine.find((j) => j.data.customerId === a.customerId)!.data).toEqual({ clientId: a.clientId, customerId: a.customerId, managerId: '1112223333', from, to });
    // One per clinic account: no account twice.
    const keys = reads.map((j) => `${j.data.clientId}-${j.data.customerId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(reads.every((j) => j.data.from === from && j.data.to === to)).toBe(true);
    expect((await accounts()).filter((x) => [a.customerId, b.customerId].includes(x.customerId)).map((x) => x.state)).toEqual(['pending', 'pending']);
    await queues.read.queue.drain();
  });
});

describe('the hourly read', () => {
  it('is one BullMQ job scheduler, whichever ads workers upsert it', async () => {
    const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}` };
    const [one, two] = [createPerformanceQueues(redis), createPerformanceQueues(redis)];
    try {
      await Promise.all([scheduleHourlySweep(one.sweep), scheduleHourlySweep(two.sweep)]);
      const schedulers = await one.sweep.queue.getJobSchedulers();
      expect(schedulers).toEqual([expect.objectContaining({ key: 'performance-hourly', every: 3_600_000, template: expect.objectContaining({ data: { days: 3 } }) })]);
      // One job of it at a time (the first runs at once: a worker that starts reads the last days).
      const counts = await one.sweep.queue.getJobCounts('delayed', 'waiting');
      expect(counts.delayed + counts.waiting).toBe(1);
    } finally {
      await one.sweep.queue.obliterate({ force: true });
      await Promise.all([one.read.close(), one.sweep.close(), two.read.close(), two.sweep.close()]);
    }
  });
});

describe('Google Ads performance without Google Ads configured', () => {
  it('the sync says NOT_CONFIGURED (503), as launches do', async () => {
    const t = await startAds({ templatesUrl: 'http://127.0.0.1:9', env: { GOOGLE_ADS_DEVELOPER_TOKEN: '' } });
    try {
      const res = await t.api.post('/api/google-ads/performance/sync', ADMIN).send({});
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'NOT_CONFIGURED' });
    } finally {
      await t.close();
    }
  });
});
