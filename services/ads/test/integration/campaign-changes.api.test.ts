import { randomBytes, randomUUID } from 'node:crypto';
import type { Worker } from 'bullmq';
import { z } from 'zod';
import { AuditPageSchema, CampaignChangeResultSchema, CampaignPerformanceSchema, LaunchedCampaignSchema, LaunchLogEntrySchema, type AuditLogEntry, type CampaignLaunch } from '@hap/contracts';
import { type JobQueue } from '@hap/service-kit';
import { type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import { uniq } from '@hap/test-kit/factories/templates';
import { googleAdsAccessOf } from '../../src/google-ads/access';
import { GoogleAdsConnectionEntity } from '../../src/modules/connection/connection.entity';
import { GoogleAdsConnectionService, oauthSettingsOf } from '../../src/modules/connection/connection.service';
import { lastDays, utcDay } from '../../src/modules/performance/performance-range';
import { PerformanceRepository } from '../../src/modules/performance/performance.repository';
import { CampaignLaunchEntity } from '../../src/modules/launches/launch.entity';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, type TestAds } from '../helpers/app';
import { connectAgency, launchForReal, launchQueueRedis, serviceWithCampaign, startAdsWithGoogle, startLaunchWorker, stopAdsWithGoogle } from '../helpers/google-ads-launches';

const TOKEN_KEY = randomBytes(32).toString('base64');

describe('Campaigns after launch: read, pause, resume and budget through the fake Google Ads API, once each, audited', () => {
  let t: TestAds;
  let google: FakeGoogleAds;
  let queue: JobQueue<'ads.launch'>;
  let worker: Worker;
  const redis = launchQueueRedis();

  const connect = () => connectAgency(t.dataSource, TOKEN_KEY);

  /** A clinic's service launched for real (ads.launch worker → the fake): its launch and the names the audit shows. */
  async function launched(): Promise<{ launch: CampaignLaunch; clinicName: string }> {
    const clinicName = `Summit Wellness ${uniq()}`;
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({
      name: clinicName,
      address: '12 Elm Street, Austin, TX 78701',
      phone: '(512) 555-0199',
      domain: `summit-${uniq()}.example`,
      googleAdsAccountId: '123-456-7890',
    });
    expect(created.status).toBe(201);
    const clientId = created.body.data.id as number;
    const { service } = await serviceWithCampaign(t, clientId, 5);
    return { launch: await launchForReal(t, clientId, service.id), clinicName };
  }

  const mutates = () => google.calls().filter((c) => c.kind === 'mutate');
  async function auditOf(entityId: string): Promise<AuditLogEntry[]> {
    const res = await t.api.get(`/api/audit-log/ads?${new URLSearchParams({ pageSize: '100', entity: 'campaign_launch', entityId })}`, ADMIN);
    expect(res.status).toBe(200);
    return AuditPageSchema.parse(res.body.data).items;
  }

  beforeAll(async () => {
    ({ google, queue, t } = await startAdsWithGoogle(redis, TOKEN_KEY));
    worker = startLaunchWorker(t, redis);
  }, START_TIMEOUT_MS);
  beforeEach(async () => {
    google.reset();
    await connect();
  });
  afterAll(() => stopAdsWithGoogle({ worker, queue, t, google }));

  it('the launch log shows each launch’s service, its campaign as the hourly read found it (paused, then running) and its figures of the last 30 days', async () => {
    const { launch } = await launched();
    const log = async () => {
      const res = await t.api.get(`/api/google-ads/launches?clientId=${launch.clientId}`, ADMIN);
      expect(res.status).toBe(200);
      return z.array(LaunchLogEntrySchema).parse(res.body.data).find((l) => l.id === launch.id)!;
    };
    // Before any read: the service, and nothing from Google yet.
    expect(await log()).toMatchObject({ serviceName: expect.any(String), inGoogleAds: null, lastDays: null });

    // The hourly read (as the ads.performance job makes it): the campaign's days and its state now.
    const today = utcDay(new Date());
    google.script({ performance: { '1234567890': { campaigns: [{ date: today, campaignId: launch.googleAdsCampaignId!, campaignName: launch.campaignName, impressions: 500, clicks: 20, costMicros: 12_340_000, conversions: 2, conversionValue: 50 }] } } });
    const read = async () => {
      const gateway = googleAdsAccessOf(t.config, new GoogleAdsConnectionService(t.dataSource, oauthSettingsOf(t.config))).gateway!;
      const range = lastDays(3);
      await new PerformanceRepository(t.dataSource).replace({ clientId: launch.clientId, customerId: '1234567890' }, range, await gateway.performance({ customerId: '1234567890', loginCustomerId: null, refreshToken: '1//refresh-token' }, range));
    };
    await read();
    expect(await log()).toMatchObject({
      status: 'launched',
      inGoogleAds: { status: 'PAUSED', servingStatus: 'SERVING', dailyBudget: 33 },
      lastDays: { days: 30, impressions: 500, clicks: 20, cost: 12.34, conversions: 2 },
    });

    const limited = async () => {
      const res = await t.api.get(`/internal/google-ads/performance?clientId=${launch.clientId}&from=${today}&to=${today}`, { kind: 'service', service: 'leads' });
      expect(res.status).toBe(200);
      return CampaignPerformanceSchema.parse(res.body.data).budgetLimited;
    };
    expect(await limited()).toEqual([]);

    // Running, and Google says its budget limits it (primary status reason BUDGET_CONSTRAINED): budget pacing hears of it (docs/campaigns.md#budget-pacing).
    expect((await t.api.post(`/api/google-ads/launches/${launch.id}/status`, ADMIN).send({ status: 'enabled' })).status).toBe(200);
    google.script({ budgetLimited: [launch.googleAdsCampaignId!] });
    await read();
    expect((await log()).inGoogleAds).toMatchObject({ status: 'ENABLED' });
    expect(await limited()).toEqual([{ clientId: launch.clientId, campaignId: launch.googleAdsCampaignId, budgetMicros: 33_000_000 }]);
  });

  it('reads the launched campaign as Google reports it: status, serving status, daily budget, each ad’s policy approval', async () => {
    google.script({ adPolicy: { approvalStatus: 'APPROVED_LIMITED', reviewStatus: 'REVIEWED' } });
    const { launch } = await launched();
    const res = await t.api.get(`/api/google-ads/launches/${launch.id}/campaign`, ADMIN);
    expect(res.status).toBe(200);
    const campaign = LaunchedCampaignSchema.parse(res.body.data);
    expect(campaign).toMatchObject({ launchId: launch.id, customerId: '1234567890', campaignId: launch.googleAdsCampaignId, name: launch.campaignName, status: 'PAUSED', servingStatus: 'SERVING', dailyBudget: 33 });
    expect(campaign.ads.length).toBeGreaterThan(0);
    expect(campaign.ads[0]).toMatchObject({ status: 'ENABLED', approvalStatus: 'APPROVED_LIMITED', reviewStatus: 'REVIEWED' });
    expect(campaign.ads[0]!.adId).toMatch(/^\d+$/);
  });

  it('resume then pause: one validate-only and one real mutate each, the campaign as Google has it, audited with names; the same again applies nothing', async () => {
    const { launch, clinicName } = await launched();
    const before = mutates().length;

    const resumed = await t.api.post(`/api/google-ads/launches/${launch.id}/status`, ADMIN).send({ status: 'enabled' });
    expect(resumed.status).toBe(200);
    expect(CampaignChangeResultSchema.parse(resumed.body.data)).toMatchObject({ applied: true, campaign: { status: 'ENABLED' } });
    expect(google.campaigns()[0]!.status).toBe('ENABLED');

    // a double click: two pauses at once, one is applied, the other finds it done
    const clicks = await Promise.all([0, 1].map(() => t.api.post(`/api/google-ads/launches/${launch.id}/status`, ADMIN).send({ status: 'paused' })));
    expect(clicks.map((r) => r.status)).toEqual([200, 200]);
    expect(clicks.map((r) => r.body.data.applied).sort()).toEqual([false, true]);
    const paused = clicks.find((r) => r.body.data.applied)!;
    expect(paused.body.data).toMatchObject({ applied: true, message: 'The campaign is paused.', campaign: { status: 'PAUSED' } });
    expect(google.campaigns()[0]!.status).toBe('PAUSED');

    const changes = mutates().slice(before);
    expect(changes).toEqual([
      expect.objectContaining({ validateOnly: true, operations: 1, updates: ['campaign.status=ENABLED'] }),
      expect.objectContaining({ validateOnly: false, operations: 1, updates: ['campaign.status=ENABLED'] }),
      expect.objectContaining({ validateOnly: true, operations: 1, updates: ['campaign.status=PAUSED'] }),
      expect.objectContaining({ validateOnly: false, operations: 1, updates: ['campaign.status=PAUSED'] }),
    ]);

    // a retry: nothing more reaches Google
    for (const r of [await t.api.post(`/api/google-ads/launches/${launch.id}/status`, ADMIN).send({ status: 'paused' })]) expect(r.body.data).toMatchObject({ applied: false, message: 'The campaign is already paused; nothing was changed.', campaign: { status: 'PAUSED' } });
    expect(mutates().slice(before)).toHaveLength(4);

    const read = await t.api.get(`/api/google-ads/launches/${launch.id}/campaign`, ADMIN);
    expect(read.body.data.status).toBe('PAUSED');

    const audit = (await auditOf(launch.id)).filter((e) => (e.changes as { after?: { status?: string } } | null)?.after?.status !== undefined && e.action === 'update');
    const names = { actor: ADMIN.email, client: clinicName, campaign: launch.campaignName, account: '1234567890' };
    const statusChanges = audit.filter((e) => ['ENABLED', 'PAUSED'].includes((e.changes as { after: { status: string } }).after.status));
    expect(statusChanges).toHaveLength(2);
    expect(statusChanges[0]).toMatchObject({ actorEmail: ADMIN.email, names, changes: { before: { status: 'ENABLED' }, after: { status: 'PAUSED', googleAdsCampaignId: launch.googleAdsCampaignId } } });
    expect(statusChanges[1]).toMatchObject({ names, changes: { before: { status: 'PAUSED' }, after: { status: 'ENABLED' } } });
    expect(statusChanges[0]!.names?.service).toBeTruthy();
  });

  it('changes the daily budget: reaches Google once (after its validate-only check), audited before → after; the same budget again applies nothing', async () => {
    const { launch, clinicName } = await launched();
    const before = mutates().length;
    const res = await t.api.post(`/api/google-ads/launches/${launch.id}/budget`, ADMIN).send({ dailyBudget: 47.5 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: true, message: 'The daily budget is now $47.5.', campaign: { dailyBudget: 47.5 } });
    expect(google.campaigns()[0]!.budgetMicros).toBe('47500000');
    const again = await t.api.post(`/api/google-ads/launches/${launch.id}/budget`, ADMIN).send({ dailyBudget: 47.5 });
    expect(again.body.data).toMatchObject({ applied: false, campaign: { dailyBudget: 47.5 } });
    expect(mutates().slice(before)).toEqual([
      expect.objectContaining({ validateOnly: true, updates: ['campaign_budget.amount_micros=47500000'] }),
      expect.objectContaining({ validateOnly: false, updates: ['campaign_budget.amount_micros=47500000'] }),
    ]);
    const entries = (await auditOf(launch.id)).filter((e) => (e.changes as { after?: { dailyBudget?: number } } | null)?.after?.dailyBudget === 47.5 && e.action === 'update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ names: { client: clinicName, campaign: launch.campaignName, account: '1234567890' }, changes: { before: { dailyBudget: 33 }, after: { dailyBudget: 47.5 } } });
  });

  it("Google's refusal: 422 with Google's words, nothing applied, nothing audited", async () => {
    const { launch } = await launched();
    const entries = (await auditOf(launch.id)).length;
    google.script({ refuseUpdates: { errorCode: { campaign_budget_error: 'MONEY_AMOUNT_TOO_LARGE' }, message: 'The budget amount is too large for this account.' } });
    const res = await t.api.post(`/api/google-ads/launches/${launch.id}/budget`, ADMIN).send({ dailyBudget: 900 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Google Ads refused the change: The budget amount is too large for this account.');
    expect(google.campaigns()[0]!.budgetMicros).toBe('33000000');
    expect(mutates().filter((c) => c.updates && !c.validateOnly)).toHaveLength(0);
    expect(await auditOf(launch.id)).toHaveLength(entries);
  });

  it('refuses what it cannot do: a bad budget (400, the bounds), an unknown launch (404), a launch without a campaign (409), anonymous (401), not connected (409)', async () => {
    const launchId = randomUUID();
    const bad = await t.api.post(`/api/google-ads/launches/${launchId}/budget`, ADMIN).send({ dailyBudget: 0.5 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Daily budget must be at least $1');
    const big = await t.api.post(`/api/google-ads/launches/${launchId}/budget`, ADMIN).send({ dailyBudget: 5000 });
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('Daily budget must be at most $1000');
    const badStatus = await t.api.post(`/api/google-ads/launches/${launchId}/status`, ADMIN).send({ status: 'removed' });
    expect(badStatus.status).toBe(400);

    const unknown = await t.api.post(`/api/google-ads/launches/${launchId}/status`, ADMIN).send({ status: 'paused' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`Campaign launch ${launchId} was not found.`);

    const repo = t.dataSource.getRepository(CampaignLaunchEntity);
    const failed = await repo.save(
      repo.create({
        id: randomUUID(),
        clientId: 999_001,
        serviceId: 999_001,
        templateId: 5,
        campaignName: `Failed ${uniq()}`,
        customerId: '1234567890',
        loginCustomerId: null,
        status: 'failed',
        totalAdGroups: 1,
        request: null,
        launchedBy: ADMIN.email!,
        launchedAt: new Date(),
        updatedAt: new Date(),
        finishedAt: new Date(),
      }),
    );
    for (const [method, path, body] of [
      ['post', 'status', { status: 'paused' }],
      ['post', 'budget', { dailyBudget: 40 }],
      ['get', 'campaign', undefined],
    ] as const) {
      const res = method === 'get' ? await t.api.get(`/api/google-ads/launches/${failed.id}/${path}`, ADMIN) : await t.api.post(`/api/google-ads/launches/${failed.id}/${path}`, ADMIN).send(body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This launch (failed) did not create a campaign in Google Ads, so there is nothing to read, pause or change.');
    }

    const anonymous = await t.api.post(`/api/google-ads/launches/${failed.id}/status`, ANONYMOUS).send({ status: 'paused' });
    expect(anonymous.status).toBe(401);

    const { launch } = await launched();
    await t.dataSource.getRepository(GoogleAdsConnectionEntity).delete({ label: 'agency' });
    const disconnected = await t.api.post(`/api/google-ads/launches/${launch.id}/status`, ADMIN).send({ status: 'enabled' });
    expect(disconnected.status).toBe(409);
    expect(disconnected.body.message).toContain('Google Ads is not connected');
    expect(mutates().filter((c) => c.updates)).toHaveLength(0);
  });
});
