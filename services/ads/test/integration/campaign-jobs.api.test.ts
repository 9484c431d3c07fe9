import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { CampaignJobSchema, TemplateCampaignsSchema, type CampaignJob } from '@hap/contracts';
import { createQueue, createWorker, type QueueRedis } from '@hap/service-kit';
import { startFakeOpenAI, type FakeModelAnswer } from '@hap/test-kit/fakes/openai';
import { createCampaignWriter } from '../../src/ai/campaign-writer';
import { createTemplatesClient } from '../../src/clients/templates.client';
import { createGenerateHandler, createOptimizeHandler } from '../../src/modules/campaigns/campaign-jobs.job';
import { CampaignJobStore, type CampaignQueues } from '../../src/modules/campaigns/campaign-jobs.service';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';
import { writtenCampaign, writtenCampaigns } from '@hap/test-kit/fixtures/written-campaigns';

describe('AI-written campaigns: generate and optimize → ads.generate / ads.optimize → the model → stored campaigns', () => {
  let t: TestAds;
  const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}` };
  let queues: CampaignQueues;
  let model: Awaited<ReturnType<typeof startFakeOpenAI>> | null = null;
  const workers: Worker[] = [];

  beforeAll(async () => {
    queues = { generate: createQueue('ads.generate', redis), optimize: createQueue('ads.optimize', redis) };
    t = await startAds({ env: { OPENAI_API_KEY: 'sk-test-ads', OPENAI_MODEL: 'gpt-test' }, dependencies: { campaignQueues: queues } });
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
    await model?.close();
    model = null;
  });
  afterAll(async () => {
    await Promise.all([queues.generate.close(), queues.optimize.close()]);
    await t.close();
  });

  /** The fake model answering `answers`, and workers asking it through the real SDK. */
  async function modelAnswering(answers: FakeModelAnswer[]) {
    model = await startFakeOpenAI(answers);
    const writer = createCampaignWriter({ apiKey: 'sk-test-ads', baseURL: model.baseURL, model: 'gpt-test', timeoutMs: 5000, maxRetries: 0 });
    const store = new CampaignJobStore(t.dataSource);
    const templates = createTemplatesClient({ baseUrl: t.config.TEMPLATES_URL, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    workers.push(createWorker('ads.generate', createGenerateHandler(store, writer, templates), redis));
    workers.push(createWorker('ads.optimize', createOptimizeHandler(store, writer, templates), redis));
    return model;
  }
  const job = async (id: string): Promise<CampaignJob> => CampaignJobSchema.parse((await t.api.get(`/api/google-ads/jobs/${id}`, ADMIN)).body.data);
  async function settled(id: string) {
    const until = Date.now() + 20_000;
    for (;;) {
      const j = await job(id);
      if (j.status === 'succeeded' || j.status === 'failed') return j;
      if (Date.now() > until) throw new Error(`job ${id} still ${j.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('queues the request (202), the model writes campaigns within Google’s limits, and they are stored for the template', async () => {
    const fake = await modelAnswering([{ content: JSON.stringify(writtenCampaigns()) }]);
    const res = await t.api.post('/api/service-templates/1/google-ads/generate', ADMIN).send({ serviceDescription: '  Testosterone therapy for men over 30 with low energy.  ' });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ kind: 'generate', templateId: 1, status: 'queued', campaignIds: [] });

    const done = await settled(res.body.data.id);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.campaignIds).toHaveLength(2);
    const list = TemplateCampaignsSchema.parse((await t.api.get('/api/service-templates/1/google-ads', ADMIN)).body.data);
    const stored = list.campaigns.filter((c) => done.campaignIds.includes(c.id));
    expect(stored.map((c) => c.name).sort()).toEqual(['TRT - Free Consultation', 'TRT - Low Energy']);
    expect(stored[0]!.extensions.sitelinks[0]).toMatchObject({ finalUrl: '{{CLIENT_WEBSITE}}' });

    // What went over the wire: the brief, the template, and a strict JSON schema carrying Google's limits.
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe('Bearer sk-test-ads');
    expect(request!.body.messages.at(-1)!.content).toContain('Testosterone therapy for men over 30 with low energy.');
    expect(request!.body.messages.at(-1)!.content).toContain('Service: Testosterone Replacement Therapy (TRT)');
    expect(request!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'google_ads_campaigns', strict: true } });
    expect(JSON.stringify(request!.body.response_format!.json_schema!.schema)).toContain('"maxLength":30');

    // The list's count and Ready mark.
    const summaries = (await t.api.get('/api/google-ads/template-summaries', ADMIN)).body.data;
    expect(summaries.find((s: { templateId: number }) => s.templateId === 1)).toMatchObject({ ready: true, campaigns: expect.any(Number) });
  });

  it('asks again with the problems when the model breaks a limit, and fails with them when it does twice', async () => {
    const tooLong = writtenCampaigns();
    tooLong.campaigns[0]!.adGroups[0]!.ads[0]!.headlines[0] = 'A headline far longer than thirty characters';
    const repeated = writtenCampaigns();
    repeated.campaigns[0]!.adGroups[0]!.keywords.push('trt clinic');
    const fake = await modelAnswering([{ content: JSON.stringify(tooLong) }, { content: JSON.stringify(repeated) }]);
    const res = await t.api.post('/api/service-templates/1/google-ads/generate', ADMIN).send({});
    const failed = await settled(res.body.data.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The model's campaign broke the campaign rules twice: campaigns\.0 \(Low Testosterone\): Keyword "trt clinic" appears twice/);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.at(-1)!.content).toMatch(/headlines.*Too big|at most 30/s);
  });

  it('proposes a rewrite for a goal beside the campaign, which stays as it was until the proposal is kept', async () => {
    const rewrite = { campaign: { ...writtenCampaign('Another name'), keywordTheme: 'exact intent', callouts: ['Book Online Today', 'Licensed Providers'] } };
    const fake = await modelAnswering([{ content: JSON.stringify(writtenCampaigns()) }, { content: JSON.stringify(rewrite) }]);
    const generated = await settled((await t.api.post('/api/service-templates/4/google-ads/generate', ADMIN).send({})).body.data.id);
    const campaignId = generated.campaignIds[0]!;
    const list = async () => TemplateCampaignsSchema.parse((await t.api.get('/api/service-templates/4/google-ads', ADMIN)).body.data);
    const before = (await list()).campaigns.find((c) => c.id === campaignId)!;

    const res = await t.api.post(`/api/service-templates/4/google-ads/${campaignId}/optimize`, ADMIN).send({ optimizationGoal: 'reduce_cost' });
    expect(res.status).toBe(202);
    const done = await settled(res.body.data.id);
    expect(done).toMatchObject({ kind: 'optimize', goal: 'reduce_cost', status: 'succeeded', campaignIds: [campaignId], decision: null });
    expect(done.proposal).toMatchObject({ keywordTheme: 'exact intent', extensions: { callouts: ['Book Online Today', 'Licensed Providers'] } });
    expect(done.proposal!.extensions.sitelinks[0]).toMatchObject({ finalUrl: '{{CLIENT_WEBSITE}}' });
    expect(done.proposal).not.toHaveProperty('name');
    expect(fake.requests[1]!.body.messages.at(-1)!.content).toContain('Goal: Reduce cost');

    // Not applied: the campaign (what launches use) is as it was, and the proposal waits in the list.
    const waiting = await list();
    expect(waiting.campaigns.find((c) => c.id === campaignId)).toEqual(before);
    expect(waiting.proposals.map((p) => p.id)).toContain(done.id);

    const kept = await t.api.post(`/api/google-ads/jobs/${done.id}/keep`, ADMIN).send();
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ id: campaignId, name: before.name, keywordTheme: 'exact intent', extensions: { callouts: ['Book Online Today', 'Licensed Providers'] } });
    const after = await list();
    expect(after.campaigns.find((c) => c.id === campaignId)).toMatchObject({ keywordTheme: 'exact intent', name: before.name });
    expect(after.proposals.map((p) => p.id)).not.toContain(done.id);
    expect(await job(done.id)).toMatchObject({ decision: 'kept' });
    const audit = await t.dataSource.query(`SELECT "action", "changes" FROM "ads"."audit_log" WHERE "entity" = 'ad_campaign_template' AND "entity_id" = $1 ORDER BY "id" DESC LIMIT 1`, [String(campaignId)]);
    expect(audit[0]).toMatchObject({ action: 'update', changes: { before: { keywordTheme: before.keywordTheme }, after: { keywordTheme: 'exact intent', optimizeRequest: done.id } } });

    // Once decided, it cannot be kept or discarded again.
    const twice = await t.api.post(`/api/google-ads/jobs/${done.id}/keep`, ADMIN).send();
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('These changes were already kept.');
    expect((await t.api.post(`/api/google-ads/jobs/${done.id}/discard`, ADMIN).send()).status).toBe(409);
  }, 30_000);

  it('discards a proposal, leaving the campaign as it is; a proposal of an older version is not kept over a newer one', async () => {
    const first = { campaign: { ...writtenCampaign('One'), keywordTheme: 'first rewrite' } };
    const second = { campaign: { ...writtenCampaign('Two'), keywordTheme: 'second rewrite' } };
    const third = { campaign: { ...writtenCampaign('Three'), keywordTheme: 'third rewrite' } };
    await modelAnswering([{ content: JSON.stringify(writtenCampaigns()) }, { content: JSON.stringify(first) }, { content: JSON.stringify(second) }, { content: JSON.stringify(third) }]);
    const generated = await settled((await t.api.post('/api/service-templates/4/google-ads/generate', ADMIN).send({})).body.data.id);
    const campaignId = generated.campaignIds[0]!;
    const optimize = async (goal: string) => settled((await t.api.post(`/api/service-templates/4/google-ads/${campaignId}/optimize`, ADMIN).send({ optimizationGoal: goal })).body.data.id);
    const theme = async () => TemplateCampaignsSchema.parse((await t.api.get('/api/service-templates/4/google-ads', ADMIN)).body.data).campaigns.find((c) => c.id === campaignId)!.keywordTheme;
    const original = await theme();

    const dropped = await optimize('improve_ctr');
    const discarded = await t.api.post(`/api/google-ads/jobs/${dropped.id}/discard`, ADMIN).send();
    expect(discarded.status).toBe(200);
    expect(discarded.body.data).toMatchObject({ id: dropped.id, decision: 'discarded' });
    expect(await theme()).toBe(original);
    expect((await t.api.post(`/api/google-ads/jobs/${dropped.id}/keep`, ADMIN).send()).body.message).toBe('These changes were already discarded.');

    // Two proposals of the same version: keeping one makes the other stale.
    const a = await optimize('expand_reach');
    const b = await optimize('increase_conversions');
    expect((await t.api.post(`/api/google-ads/jobs/${b.id}/keep`, ADMIN).send()).status).toBe(200);
    expect(await theme()).toBe('third rewrite');
    const stale = await t.api.post(`/api/google-ads/jobs/${a.id}/keep`, ADMIN).send();
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The campaign changed after these changes were proposed. Discard them and optimize again.');
    expect(await theme()).toBe('third rewrite');
    expect((await t.api.post(`/api/google-ads/jobs/${a.id}/discard`, ADMIN).send()).status).toBe(200);

    // A generate request has nothing to keep; unknown requests are 404; anonymous callers 401.
    expect((await t.api.post(`/api/google-ads/jobs/${generated.id}/keep`, ADMIN).send()).body.message).toBe('Only an optimize request has changes to keep or discard.');
    expect((await t.api.post('/api/google-ads/jobs/00000000-0000-4000-8000-000000000000/keep', ADMIN).send()).status).toBe(404);
    expect((await t.api.post('/api/google-ads/jobs/not-a-uuid/discard', ADMIN).send()).status).toBe(400);
    expect((await t.api.post(`/api/google-ads/jobs/${a.id}/keep`, ANONYMOUS).send()).status).toBe(401);
  }, 40_000);

  it('refuses what cannot be done: an unknown template or campaign (404), a goal not offered (400), anonymous callers (401)', async () => {
    const missing = await t.api.post('/api/service-templates/987654/google-ads/generate', ADMIN).send({});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Service template 987654 was not found.');
    const noCampaign = await t.api.post('/api/service-templates/1/google-ads/987654/optimize', ADMIN).send({ optimizationGoal: 'reduce_cost' });
    expect(noCampaign.status).toBe(404);
    const badGoal = await t.api.post('/api/service-templates/1/google-ads/1/optimize', ADMIN).send({ optimizationGoal: 'win' });
    expect(badGoal.status).toBe(400);
    expect(badGoal.body.message).toBe('Choose an optimization goal');
    expect((await t.api.post('/api/service-templates/1/google-ads/generate', ANONYMOUS).send({})).status).toBe(401);
    expect((await t.api.get('/api/google-ads/jobs/00000000-0000-4000-8000-000000000000', ADMIN)).status).toBe(404);
  });

  it('says AI is not configured without a model', async () => {
    const bare = await startAds({ templatesUrl: t.config.TEMPLATES_URL, dependencies: { campaignQueues: null } });
    try {
      const res = await bare.api.post('/api/service-templates/1/google-ads/generate', ADMIN).send({});
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('AI campaign generation is not configured. Set OPENAI_API_KEY and OPENAI_MODEL for the ads service.');
    } finally {
      await bare.close();
    }
  });
});
