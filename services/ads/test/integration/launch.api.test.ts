import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { Messages, CampaignTestResultSchema, HEALTHCARE_POLICY_VIOLATION, POLICY_LEFT_OUT_STEPS, POLICY_NEXT_STEPS, type CampaignLaunch } from '@hap/contracts';
import { type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { createClientService, uniq } from '@hap/test-kit/factories/templates';
import { createDataSource } from '../../src/db/data-source';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { encryptToken, tokenKeyOf } from '../../src/modules/connection/token-cipher';
import { recoverStuckLaunches } from '../../src/modules/launches/launch.job';
import { LaunchRepository } from '../../src/modules/launches/launch.repository';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, type TestAds } from '../helpers/app';
import { connectAgency, launchQueueRedis, serviceWithCampaign, settledLaunch, startAdsWithGoogle, startLaunchWorker, stopAdsWithGoogle } from '../helpers/google-ads-launches';
import { giveClinicDomain, setClinicDomain } from '../helpers/clinic-domain';

const TOKEN_KEY = randomBytes(32).toString('base64');
const PLATFORM = 'https://app.healthads.test';

describe('Test Campaign and Launch Campaign → ads.launch → Google Ads (a loopback fake of its API), exactly once', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let queue: JobQueue<'ads.launch'>;
  let worker: Worker | null = null;
  const redis = launchQueueRedis();

  async function clinic(fields: Record<string, unknown>) {
    const res = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `Summit Wellness ${uniq()}`, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', ...fields });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }

  /** A new clinic's service with a two-ad-group campaign on its template (the newest active one). */
  async function service(fields: Record<string, unknown> = { domain: `summit-${uniq()}.example`, googleAdsAccountId: '123-456-7890' }) {
    const templateId = 5;
    const clientId = await clinic(fields);
    const { service: row, campaign } = await serviceWithCampaign(t, clientId, templateId);
    return { serviceId: row.id, clientId, campaign };
  }

  const connect = () => connectAgency(t.dataSource, TOKEN_KEY);

  function startWorker(dataSource: DataSource = t.dataSource) {
    worker = startLaunchWorker(t, redis, dataSource);
    return worker;
  }

  const settled = (id: string, timeoutMs = 20_000) => settledLaunch(t, id, timeoutMs);

  beforeAll(async () => {
    ({ google, queue, t } = await startAdsWithGoogle(redis, TOKEN_KEY, {
      PUBLIC_BASE_URL: PLATFORM,
      // Ten launches at once ask templates and tenant at once: on a loaded machine that takes more than the helper's 2 s.
      TEMPLATES_TIMEOUT_MS: '15000',
    }));
  }, START_TIMEOUT_MS);
  beforeEach(async () => {
    google.reset();
    await connect();
  });
  afterEach(async () => {
    await worker?.close();
    worker = null;
  });
  afterAll(() => stopAdsWithGoogle({ queue, t, google }));

  it('Test Campaign: the preview of what a launch creates, reviewed by Google with validate_only (nothing created)', async () => {
    const { serviceId, clientId: clinicId } = await service();
    const res = await t.api.post('/api/google-ads/test-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(res.status).toBe(200);
    const data = CampaignTestResultSchema.parse(res.body.data);
    expect(data.validation).toMatchObject({ issues: [], checkedByGoogle: true });
    expect(data.message).toBe('The campaign test was successful. You can now launch the campaign.');
    expect(data.preview.campaign).toMatchObject({ dailyBudget: 33, radiusMiles: 25, bidStrategy: 'Maximize Conversions', customerId: '1234567890', location: '12 Elm Street, Austin, TX 78701' });
    expect(data.preview.keywords.length).toBeGreaterThan(5);
    expect(data.preview.audience.excluded).toEqual(expect.arrayContaining(['Age 18-24', 'Income Lower 50%']));
    expect(google.calls()).toEqual([expect.objectContaining({ kind: 'mutate', customerId: '1234567890', validateOnly: true })]);
    expect(google.campaigns()).toHaveLength(0);
  });

  it('Test Campaign names what Google would refuse: a policy violation on a keyword', async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    const keyword = campaign.adGroups[0]!.keywords[0]!;
    google.script({ policyKeywords: [{ text: keyword, policyName: 'HEALTH_IN_PERSONALIZED_ADS', exemptible: true }] });
    const res = await t.api.post('/api/google-ads/test-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(res.status).toBe(200);
    expect(res.body.data.validation.issues).toEqual([expect.stringContaining(`keyword "${keyword}"`)]);
    expect(res.body.data.validation.issues[0]).toContain('HEALTH_IN_PERSONALIZED_ADS');
    expect(res.body.data.message).toBe('Found 1 issue. Please fix it before launching.');
  });

  it('launches (202, simple call shape): the worker creates one paused campaign and logs every ad group', async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    startWorker();
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'queued', clientId: clinicId, serviceId, customerId: '1234567890', launchedBy: ADMIN.email });
    const done = await settled(res.body.data.id);
    expect(done).toMatchObject({ status: 'launched', successfulAdGroups: campaign.adGroups.length, failedAdGroups: 0, totalAdGroups: campaign.adGroups.length, failedKeywords: [], policyViolations: [] });
    expect(done.googleAdsCampaignId).toMatch(/^\d+$/);
    expect(done.googleAdsUrl).toContain(done.googleAdsCampaignId!);
    const created = google.campaigns();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: done.campaignName, status: 'PAUSED', budgetMicros: '33000000', finalUrlSuffix: 'hap_cid={campaignid}&kw={keyword}' });
    expect(created[0]!.adGroups.map((g) => g.name)).toEqual(campaign.adGroups.map((g) => g.name));
    // the launch log of the clinic
    const log = await t.api.get(`/api/google-ads/launches?clientId=${clinicId}`, ADMIN);
    expect(log.body.data[0]).toMatchObject({ id: done.id, status: 'launched' });
    // The campaign ids the clinic has, for leads (only these count as campaigns of their own in Results); our services only.
    const ids = await t.api.get(`/internal/google-ads/campaign-ids?clientId=${clinicId}`, { kind: 'service', service: 'leads' });
    expect(ids.status).toBe(200);
    expect(ids.body.data).toEqual({ campaigns: [{ clientId: clinicId, campaignId: done.googleAdsCampaignId }] });
    expect((await t.api.get('/internal/google-ads/campaign-ids', { kind: 'service', service: 'leads' })).body.data.campaigns).toContainEqual({ clientId: clinicId, campaignId: done.googleAdsCampaignId });
    expect([401, 403]).toContain((await t.api.get(`/internal/google-ads/campaign-ids?clientId=${clinicId}`, ANONYMOUS)).status);
    // No domain of its own (the client's `domain` field is not one): every final URL is on the platform's host with ?client=.
    expect(created[0]!.finalUrls.length).toBeGreaterThan(campaign.adGroups.length);
    for (const url of created[0]!.finalUrls) {
      expect(url.startsWith(`${PLATFORM}/body-`)).toBe(true);
      expect(new URL(url).searchParams.get('client')).toBe(String(clinicId));
    }
  });

  describe('the clinic’s own domain', () => {
    it('launches with every final URL on the clinic’s active domain (ads and sitelinks), Template B keeping style=B', async () => {
      const { serviceId, clientId: clinicId } = await service({ googleAdsAccountId: '123-456-7890' });
      const domain = await giveClinicDomain(t.templates!.tenant!.dataSource, clinicId, `trt.own-${uniq()}.example`);
      startWorker();
      const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, styleParam: 'B' });
      expect(res.status).toBe(202);
      expect((await settled(res.body.data.id)).status).toBe('launched');
      const urls = google.campaigns()[0]!.finalUrls;
      expect(urls.length).toBeGreaterThan(1);
      for (const url of urls) {
        const parsed = new URL(url);
        expect(parsed.origin).toBe(`https://${domain}`);
        expect(parsed.searchParams.get('client')).toBeNull();
        expect(parsed.searchParams.get('style')).toBe('B');
      }
    });

    it('refuses Test Campaign and Launch Campaign on a failing domain with 409 and the reason, asking Google nothing; launches again once it is active', async () => {
      const { serviceId, clientId: clinicId } = await service({ googleAdsAccountId: '123-456-7890' });
      const tenantDb = t.templates!.tenant!.dataSource;
      const domain = await giveClinicDomain(tenantDb, clinicId, `www.failing-${uniq()}.example`, 'failing', 'DNS no longer points here: www.failing.example has no CNAME to the edge.');
      const words = `${domain} is failing its daily check: DNS no longer points here: www.failing.example has no CNAME to the edge. Campaigns cannot be launched or tested on it until it passes again; fix the domain or pause the campaigns that use it.`;

      for (const path of ['/api/google-ads/launch-campaign', '/api/google-ads/test-campaign']) {
        const refused = await t.api.post(path, ADMIN).send({ serviceId, clientId: clinicId, launchAgain: true });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(words);
        // named by its field, as the Campaign dialog reads a domain issue
        expect(refused.body.issues).toEqual([{ path: 'domain', message: words }]);
      }
      // The builder's own final URL on that domain is refused too.
      const builderUrl = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, finalUrl: `https://${domain}/other-page` });
      expect(builderUrl.status).toBe(409);
      expect(google.calls()).toHaveLength(0);
      expect((await t.api.get(`/api/google-ads/launches?clientId=${clinicId}`, ADMIN)).body.data).toEqual([]);

      await setClinicDomain(tenantDb, domain, 'active');
      startWorker();
      const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
      expect(res.status).toBe(202);
      expect((await settled(res.body.data.id)).status).toBe('launched');
      expect(google.campaigns()[0]!.finalUrls.every((url) => new URL(url).hostname === domain)).toBe(true);
    });
  });

  it('a service’s launches (?serviceId=): what the launch confirmation reads to say it was already launched', async () => {
    const { serviceId, clientId: clinicId } = await service();
    const other = await createClientService(t.templates!.dataSource, clinicId, 1, { customPath: `trt-${uniq()}` });
    startWorker();
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(res.status).toBe(202);
    const done = await settled(res.body.data.id);
    expect(done.status).toBe('launched');

    const mine = await t.api.get(`/api/google-ads/launches?clientId=${clinicId}&serviceId=${serviceId}`, ADMIN);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: done.id, serviceId, status: 'launched', campaignName: done.campaignName, launchedAt: done.launchedAt })]);
    const notYet = await t.api.get(`/api/google-ads/launches?clientId=${clinicId}&serviceId=${other.id}`, ADMIN);
    expect(notYet.status).toBe(200);
    expect(notYet.body.data).toEqual([]);
    // Another clinic's id with this service finds nothing; without serviceId the clinic's whole log.
    expect((await t.api.get(`/api/google-ads/launches?clientId=${clinicId + 100000}&serviceId=${serviceId}`, ADMIN)).body.data).toEqual([]);
    expect((await t.api.get(`/api/google-ads/launches?clientId=${clinicId}`, ADMIN)).body.data).toHaveLength(1);

    const bad = await t.api.get(`/api/google-ads/launches?clientId=${clinicId}&serviceId=abc`, ADMIN);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Service id must be a number');
    expect((await t.api.get(`/api/google-ads/launches?clientId=${clinicId}&serviceId=${serviceId}`, ANONYMOUS)).status).toBe(401);
  });

  it('a service launched before is launched again only with launchAgain: the second confirmation', async () => {
    const { serviceId, clientId: clinicId } = await service();
    startWorker();
    const first = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(first.status).toBe(202);
    const done = await settled(first.body.data.id);
    expect(done.status).toBe('launched');

    const again = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(again.status).toBe(409);
    const message = `This service was already launched on ${done.launchedAt.slice(0, 10)} as ${done.campaignName}. Confirm launching another campaign to create a second one in Google Ads.`;
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT', message, issues: [{ path: 'launchAgain', message }] });
    // Refused before anything was written or queued: the log still has the one launch, Google the one campaign.
    expect((await t.api.get(`/api/google-ads/launches?clientId=${clinicId}&serviceId=${serviceId}`, ADMIN)).body.data).toHaveLength(1);
    expect((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, launchAgain: 'yes' })).status).toBe(400);

    const confirmed = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, launchAgain: true });
    expect(confirmed.status).toBe(202);
    expect((await settled(confirmed.body.data.id)).status).toBe('launched');
    expect(google.campaigns()).toHaveLength(2);
  });

  it('a launch that failed does not count as launched: the next one needs no second confirmation', async () => {
    const { serviceId, clientId: clinicId } = await service();
    await t.dataSource.query(
      `INSERT INTO "ads"."campaign_launch_logs" ("id", "client_id", "service_id", "template_id", "campaign_name", "customer_id", "status", "total_ad_groups", "request", "launched_by", "launched_at", "updated_at", "finished_at")
       VALUES (gen_random_uuid(), $1, $2, 5, 'Failed before', '1234567890', 'failed', 2, '{}', 'admin@example.com', now(), now(), now())`,
      [clinicId, serviceId],
    );
    startWorker();
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(res.status).toBe(202);
    expect((await settled(res.body.data.id)).status).toBe('launched');
  });

  it('a worker that dies after Google created the campaign is retried and still leaves one campaign', async () => {
    const { serviceId, clientId: clinicId } = await service();
    google.script({ dropAfterCommit: 1 });
    startWorker();
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, budget: 40, radiusMiles: 10 });
    expect(res.status).toBe(202);
    // The first attempt loses Google's answer; the queue's retry (2 s backoff) finds the campaign by its name.
    const done = await settled(res.body.data.id, 30_000);
    expect(done.status).toBe('launched');
    expect(google.campaigns()).toHaveLength(1);
    expect(google.campaigns()[0]!.id).toBe(done.googleAdsCampaignId);
    expect(google.calls().filter((c) => c.kind === 'mutate')).toHaveLength(1);
    // A worker that died after Google answered but before the log said so: the job runs again and finds the campaign.
    await t.dataSource.query(`UPDATE "ads"."campaign_launch_logs" SET "status" = 'launching', "finished_at" = NULL WHERE "id" = $1`, [done.id]);
    await queue.queue.add('ads.launch' as never, { launchId: done.id } as never, { jobId: `again-${done.id}` });
    const again = await settled(done.id);
    expect(again).toMatchObject({ status: 'launched', googleAdsCampaignId: done.googleAdsCampaignId });
    expect(google.campaigns()).toHaveLength(1);
    expect(google.calls().filter((c) => c.kind === 'mutate')).toHaveLength(1);
  }, 40_000);

  it('two attempts at once: the one whose create meets the name adopts the campaign the other made', async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    // The other attempt's campaign, not yet visible to this attempt's lookup.
    const other = { customerId: '1234567890', name: res.body.data.campaignName, adGroups: campaign.adGroups.map((g) => g.name) };
    await fetch(`${google.url}/__fake/campaigns`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(other) });
    google.script({ searchBlind: 1 });
    startWorker();
    const done = await settled(res.body.data.id);
    expect(done.status).toBe('launched');
    expect(google.campaigns()).toHaveLength(1);
    expect(done.googleAdsCampaignId).toBe(google.campaigns()[0]!.id);
  });

  it('one unfinished launch per service: a second click while it runs is refused (409)', async () => {
    const { serviceId, clientId: clinicId } = await service();
    const first = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(first.status).toBe(202);
    const second = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A launch of this service is under way. Its result appears in the launch log when Google Ads answers.');
    startWorker();
    expect((await settled(first.body.data.id)).status).toBe('launched');
    // Once it is over, the next launch is a relaunch: it goes through with the second confirmation.
    expect((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, launchAgain: true })).status).toBe(202);
  });

  it('ten first launches of one service at the same moment, with the worker running: one campaign in Google Ads, nine refused (409) in words', async () => {
    // Rounds of ten: a launch that finishes between another request's check and its write must not let that one through.
    for (let round = 0; round < 3; round++) {
      google.reset();
      const { serviceId, clientId: clinicId } = await service();
      startWorker();
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId })));
      const accepted = answers.filter((a) => a.status === 202);
      expect(answers.filter((a) => a.status !== 202 && a.status !== 409).map((a) => a.body)).toEqual([]);
      expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array<number>(9).fill(409)]);
      const done = await settled(accepted[0]!.body.data.id);
      expect(done.status).toBe('launched');
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect([Messages.launchUnderWay, Messages.alreadyLaunched(done.launchedAt.slice(0, 10), done.campaignName)]).toContain(refused.body.message);
      }
      // Every launch recorded for the service is over, and Google Ads holds exactly one campaign.
      const log = (await t.api.get(`/api/google-ads/launches?clientId=${clinicId}&serviceId=${serviceId}`, ADMIN)).body.data as CampaignLaunch[];
      expect(log.map((l) => l.id)).toEqual([done.id]);
      expect(google.campaigns()).toHaveLength(1);
      expect(google.calls().filter((c) => c.kind === 'mutate' && !c.validateOnly)).toHaveLength(1);
      if (round === 2) {
        // Ten confirmed relaunches at once (launchAgain) while none is being worked on: one more launch, the rest see it under way.
        await worker?.close();
        worker = null;
        const again = await Promise.all(Array.from({ length: 10 }, () => t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, launchAgain: true })));
        expect(again.map((a) => a.status).sort()).toEqual([202, ...Array<number>(9).fill(409)]);
        expect(again.filter((a) => a.status === 409).every((a) => a.body.message === Messages.launchUnderWay)).toBe(true);
        startWorker();
        expect((await settled(again.find((a) => a.status === 202)!.body.data.id)).status).toBe('launched');
        expect(google.campaigns()).toHaveLength(2);
      }
      await worker?.close();
      worker = null;
    }
  }, 90_000);

  it('a launch that ends between another request’s check and its write still leaves one campaign: the check and the write hold one lock', async () => {
    const { serviceId, clientId: clinicId } = await service();
    const launchIt = () => t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    const first = await launchIt();
    expect(first.status).toBe(202);
    // The test's own connections, beside the API's pool: one holds the lock, one watches who waits.
    const hold = new Client({ connectionString: t.config.DATABASE_URL });
    const watch = new Client({ connectionString: t.config.DATABASE_URL });
    await Promise.all([hold.connect(), watch.connect()]);
    /** Backends of this database waiting for a lock on a statement that starts so. */
    const waiting = async (statement: string) =>
      Number((await watch.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`, [`${statement}%`])).rows[0].n);
    async function until(state: () => Promise<boolean>) {
      const end = Date.now() + 20_000;
      while (!(await state())) {
        if (Date.now() > end) throw new Error('state not reached');
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    // The worker (a process of its own: its own pool) creates the campaign and is held while it finishes the launch: its audit entry waits on this lock.
    const workerDb = createDataSource(t.config.DATABASE_URL);
    await workerDb.initialize();
    try {
      await hold.query('BEGIN');
      await hold.query(`LOCK TABLE "ads"."audit_log" IN SHARE MODE`);
      startWorker(workerDb);
      await until(async () => google.campaigns().length === 1 && (await waiting('INSERT INTO "ads"."audit_log"')) === 1);
      // Nine more while it finishes: each has answered, or waits to write its launch.
      let answered = 0;
      const pending = Promise.all(Array.from({ length: 9 }, () => launchIt().then((r) => ((answered += 1), r))));
      await until(async () => answered + (await waiting('INSERT INTO "ads"."campaign_launch_logs"')) === 9);
      await hold.query('COMMIT');
      const answers = await pending;
      expect(answers.map((a) => a.status)).toEqual(Array<number>(9).fill(409));
      expect(answers.map((a) => a.body.message)).toEqual(Array<string>(9).fill(Messages.launchUnderWay));
      expect((await settled(first.body.data.id)).status).toBe('launched');
      const log = (await t.api.get(`/api/google-ads/launches?clientId=${clinicId}&serviceId=${serviceId}`, ADMIN)).body.data as CampaignLaunch[];
      for (const l of log) await settled(l.id);
      expect(log).toHaveLength(1);
      expect(google.campaigns()).toHaveLength(1);
    } finally {
      await hold.end();
      await watch.end();
      await worker?.close();
      worker = null;
      await workerDb.destroy();
    }
  }, 60_000);

  it('a launch whose job was lost (Redis lost it, or it stalled twice) is queued again and launched once', async () => {
    const { serviceId, clientId: clinicId } = await service();
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    await (await queue.queue.getJob(`launch-${res.body.data.id}`))!.remove();
    await t.dataSource.query(`UPDATE "ads"."campaign_launch_logs" SET "updated_at" = now() - interval '1 hour' WHERE "id" = $1`, [res.body.data.id]);
    expect(await recoverStuckLaunches(new LaunchRepository(t.dataSource), queue)).toBeGreaterThanOrEqual(1);
    startWorker();
    const done = await settled(res.body.data.id);
    expect(done.status).toBe('launched');
    expect(google.campaigns()).toHaveLength(1);
  });

  it('waits Google’s quota delay and then launches, without spending a try', async () => {
    const { serviceId, clientId: clinicId } = await service();
    google.script({ quota: { times: 1, retrySeconds: 1 } });
    startWorker();
    const started = Date.now();
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    const done = await settled(res.body.data.id);
    expect(done.status).toBe('launched');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(google.calls().filter((c) => c.kind === 'mutate')).toHaveLength(2);
    expect(google.campaigns()).toHaveLength(1);
    // The wait did not count as a failed try.
    expect((await queue.queue.getJob(`launch-${done.id}`))?.attemptsMade ?? 0).toBeLessThanOrEqual(1);
  });

  it('healthcare policy: without an exemption request the refused keywords are left out and the launch needs review; with one they are sent exempted', async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    const group = campaign.adGroups[0]!;
    google.script({ policyKeywords: [{ text: group.keywords[0]!, policyName: 'HEALTH_IN_PERSONALIZED_ADS', exemptible: true }] });
    startWorker();

    const plain = await settled((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId })).body.data.id);
    expect(plain).toMatchObject({ status: 'policy_review', errorCode: HEALTHCARE_POLICY_VIOLATION, successfulAdGroups: campaign.adGroups.length });
    expect(plain.policyViolations).toEqual([expect.objectContaining({ adGroup: group.name, text: group.keywords[0], policyName: 'HEALTH_IN_PERSONALIZED_ADS', exemptible: true, exempted: false })]);
    expect(plain.failedKeywords).toEqual([expect.objectContaining({ adGroup: group.name, keyword: group.keywords[0] })]);
    expect(plain.nextSteps).toEqual([...POLICY_LEFT_OUT_STEPS]);
    const first = google.campaigns().find((c) => c.name === plain.campaignName)!;
    expect(first.adGroups[0]!.keywords.map((k) => k.text)).not.toContain(group.keywords[0]);

    const appealed = await settled((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, requestPolicyExemption: true, launchAgain: true })).body.data.id);
    expect(appealed).toMatchObject({ status: 'policy_review', failedKeywords: [] });
    expect(appealed.policyViolations).toEqual([expect.objectContaining({ exempted: true })]);
    expect(appealed.nextSteps).toEqual([...POLICY_NEXT_STEPS]);
    const second = google.campaigns().find((c) => c.name === appealed.campaignName)!;
    expect(second.adGroups[0]!.keywords).toContainEqual(expect.objectContaining({ text: group.keywords[0], exempted: true }));
  });

  it('a partial failure: an ad group whose every keyword Google refuses (not exemptible) is left out and logged; the rest is created', async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    const lost = campaign.adGroups[1]!;
    google.script({ policyKeywords: lost.keywords.map((text) => ({ text, policyName: 'UNAPPROVED_SUBSTANCES', exemptible: false })) });
    startWorker();
    const done = await settled((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId })).body.data.id);
    // Not exemptible: the text must change, so it is a partial launch, not a policy review.
    expect(done).toMatchObject({ status: 'partial', errorCode: null, successfulAdGroups: campaign.adGroups.length - 1, failedAdGroups: 1 });
    expect(done.errorDetails).toContain(lost.name);
    expect(google.campaigns()[0]!.adGroups.map((g) => g.name)).not.toContain(lost.name);
  });

  it('the preview call shape: budget, radius, exclusions, Template B and the admin’s edited campaign are what Google gets', async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    startWorker();
    const template = { name: 'Edited campaign', adGroups: [campaign.adGroups[0]], extensions: campaign.extensions };
    const res = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({
      serviceId,
      clientId: clinicId,
      template,
      targetAccountId: '222-333-4444',
      budget: 75,
      radiusMiles: 40,
      styleParam: 'B',
      demographicExclusions: { excludedAgeRanges: ['AGE_RANGE_18_24'], excludedGenders: [], excludedHouseholdIncomes: [] },
    });
    expect(res.status).toBe(202);
    const done = await settled(res.body.data.id);
    expect(done).toMatchObject({ status: 'launched', customerId: '2223334444', totalAdGroups: 1 });
    expect(done.campaignName).toContain('Edited campaign');
    const created = google.campaigns()[0]!;
    expect(created).toMatchObject({ customerId: '2223334444', budgetMicros: '75000000' });
    expect(created.adGroups).toHaveLength(1);
    expect(created.adGroups[0]!.exclusions).toBe(1);
  });

  /** One ad group of the service's campaign with one ad of these headlines and two plain descriptions. */
  const campaignWithHeadlines = <G extends object>(name: string, group: G, headlines: string[]) => ({
    name,
    adGroups: [{ ...group, ads: [{ headlines, descriptions: ['Doctor-led care, made for you.', 'Same-week visits near you.'] }] }],
  });

  // docs/campaigns.md#healthcare-policy-check: a claim Google disapproves never reaches Google.
  it("stops a launch and fails Test Campaign on a healthcare policy claim, with the rule's words, asking Google nothing", async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    startWorker();
    const group = campaign.adGroups[0]!;
    const claims = campaignWithHeadlines('Claims', group, ['Men’s Health Clinic', 'Guaranteed Results', 'Book a Visit']);
    const launch = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, template: claims });
    expect(launch.status).toBe(400);
    expect(launch.body.message).toBe('Policy Issues Found: 1 issue would get the ads disapproved. Fix it before launching.');
    expect(launch.body.issues).toEqual([
      {
        path: group.name,
        message: 'Headline "Guaranteed Results": Promises an outcome no treatment can: Google disapproves absolute or unrealistic health claims. Say what the clinic does, not what it promises (e.g. "Personalised treatment plans").',
      },
    ]);
    const test = await t.api.post('/api/google-ads/test-campaign', ADMIN).send({ serviceId, clientId: clinicId, template: claims });
    expect(test.status).toBe(200);
    expect(test.body.data.validation).toMatchObject({ issues: [`${group.name}: ${launch.body.issues[0].message}`], checkedByGoogle: false });
    expect(test.body.data.message).toBe('Found 1 issue. Please fix it before launching.');
    expect(google.calls()).toHaveLength(0);
    expect(await t.dataSource.query('SELECT 1 FROM ads.campaign_launch_logs WHERE service_id = $1', [serviceId])).toHaveLength(0);
  });

  it('asks for a yes on a policy warning (a prescription drug’s name): 409 naming each, then launched with acceptPolicyWarnings', async () => {
    const { serviceId, clientId: clinicId, campaign } = await service();
    startWorker();
    const group = campaign.adGroups[0]!;
    const drug = campaignWithHeadlines('Drug', group, ['Medical Weight Loss', 'Semaglutide Programs', 'Book a Visit']);
    const asked = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, template: drug });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe('Check Before Launching: 1 policy warning. Google shows this only to certified advertisers or restricts it in health ads. Confirm to launch anyway.');
    expect(asked.body.issues).toEqual([{ path: 'acceptPolicyWarnings', message: expect.stringMatching(new RegExp(`^${group.name}: Headline "Semaglutide Programs": Names a prescription drug`)) }]);
    expect(google.calls()).toHaveLength(0);
    const yes = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, template: drug, acceptPolicyWarnings: true });
    expect(yes.status).toBe(202);
    expect(await settled(yes.body.data.id)).toMatchObject({ status: 'launched' });
  });

  it('refuses what cannot launch: no account (409), structure issues (400), not connected (409), someone else’s service (404), anonymous (401)', async () => {
    const other = await service({});
    const noAccount = other.clientId;
    const none = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId: other.serviceId, clientId: noAccount });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("Please configure the client's Google Ads account ID in their settings first.");

    const { serviceId, clientId: clinicId, campaign } = await service();
    const tooLong = { name: 'Too long', adGroups: [{ ...campaign.adGroups[0]!, ads: [{ headlines: ['x'.repeat(31), 'Two', 'Three'], descriptions: ['One description here', 'Two description here'] }] }] };
    const bad = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, template: tooLong });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Structure Issues Found: 1 issue/);

    expect((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: noAccount })).status).toBe(404);
    expect((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId, budget: 5000 })).body.message).toBe('Daily budget must be at most $1000');
    expect((await t.api.post('/api/google-ads/launch-campaign', ANONYMOUS).send({ serviceId, clientId: clinicId })).status).toBe(401);

    // A token the key no longer opens (the key was changed) counts as not connected, not as a 500.
    await t.dataSource.getRepository(GoogleAdsConnectionEntity).update({ label: 'agency' }, { refreshTokenEncrypted: encryptToken('1//refresh-token', tokenKeyOf(randomBytes(32).toString('base64'))!) });
    expect((await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId })).status).toBe(409);

    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
    const unconnected = await t.api.post('/api/google-ads/launch-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.message).toMatch(/Google Ads is not connected/);
    // Test Campaign still checks the structure and says Google did not review it
    const test = await t.api.post('/api/google-ads/test-campaign', ADMIN).send({ serviceId, clientId: clinicId });
    expect(test.body.data.validation.checkedByGoogle).toBe(false);
    expect(test.body.data.message).toBe('The campaign passed the structure check. Google did not review it: Google Ads is not connected.');
    expect(google.calls()).toHaveLength(0);
  });
});
