import { randomBytes } from 'node:crypto';
import { ARMS_MESSAGE, experimentCellField, experimentCountsKey, LEAD_FORM_PATH, ExperimentSchema, Messages, pageViewKeys, PageContentSchema, WEIGHT_MESSAGE, WEIGHTS_MESSAGE, type Experiment } from '@hap/contracts';
import { queueRedis, signExperimentArm } from '@hap/service-kit';
import { ADMIN, ANONYMOUS, PUBLIC_SHELL } from '@hap/service-kit/testing';
import { createClientService, createTemplate, templatesAuditRows } from '@hap/test-kit/factories/templates';
import { createClinic } from '@hap/test-kit/factories/tenant';
import { startServiceProcess, UNREACHABLE_URL, type SignedUrlClient } from '@hap/test-kit/service-process';
import type { SiblingTemplates } from '@hap/test-kit/siblings';
import { Redis } from 'ioredis';
import { createExperimentCountsPublisher, type ExperimentCountsPublisher } from '../../src/modules/results/experiment-counts';
import { fixedCampaigns, PageViewFolder } from '../../src/modules/results/page-view-fold';
import { START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';

/**
 * Experiments through the real templates service (a process, which keeps them),
 * the real leads app (which counts their arms' views, leads and bookings,
 * and keeps the counts in Redis, where templates reads them) and
 * the real tenant (a process), on PostgreSQL and Redis: start, count, change weights,
 * pause, resume and stop with a winner, and what the page content tells the
 * shell meanwhile.
 */
describe('experiments: /api/experiments (templates) with counts from leads', () => {
  let templates: SiblingTemplates;
  let leads: TestLeads;
  /** What the leads worker's fold hands on: the counts of the experiment views it folds. */
  let foldCounts: ExperimentCountsPublisher & { close(): void };
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  let prefix: string;
  let clientId: number;
  let templateId: number;
  let serviceId: number;
  let servicePath: string;

  beforeAll(async () => {
    // Leads asks templates and the tenant it asks: both processes, on leads' Redis prefix (where templates reads the counts).
    leads = await startLeads();
    templates = leads.templates!;
    foldCounts = createExperimentCountsPublisher(leads.dataSource, queueRedis(leads.config), (err) => {
      throw err;
    });
    clientId = await createClinic(templates.tenant, 'Test Clinic');
    const template = await createTemplate(templates.dataSource);
    templateId = template.id;
    servicePath = `trt-${randomBytes(3).toString('hex')}`;
    serviceId = (await createClientService(templates.dataSource, clientId, template.id, { isActive: true, customPath: servicePath })).id;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    foldCounts?.close();
    await leads?.close();
    redis.disconnect();
  });
  beforeEach(() => {
    prefix = `${process.env.REDIS_PREFIX}_xp_${randomBytes(4).toString('hex')}`;
  });
  afterEach(async () => {
    const left = await redis.keys(`${prefix}:*`);
    if (left.length) await redis.del(...left);
  });

  const start = (body: Record<string, unknown>) => templates.api.post('/api/experiments', ADMIN).send(body);
  const get = async (id: number, via: SignedUrlClient = templates.api): Promise<Experiment> => {
    const res = await via.get(`/api/experiments/${id}`, ADMIN);
    expect(res.status).toBe(200);
    return ExperimentSchema.parse(res.body.data);
  };
  const pageContent = async () => {
    const res = await templates.api.get(`/api/page-content/${clientId}?service=${servicePath}`, PUBLIC_SHELL);
    expect(res.status).toBe(200);
    return PageContentSchema.parse(res.body.data).landing!;
  };
  /** What the shell counts for views of an arm by these visitors, folded as the leads worker does. */
  async function viewed(experimentId: number, variant: 'A' | 'B' | 'C', views: number, visitors: string[]) {
    const keys = pageViewKeys(prefix);
    const field = experimentCellField({ day: new Date().toISOString().slice(0, 10), experimentId, variant });
    await redis.multi().hincrby(keys.live, field, views).pfadd(keys.visitors(field), ...visitors).sadd(keys.touched, field).exec();
    await new PageViewFolder(redis, leads.dataSource, prefix, fixedCampaigns([]), foldCounts).fold();
  }
  /** The token the page server signs for an arm it shows (public shell), with the platform's internal secret. */
  const tokenOf = (experimentId: number, variant: 'A' | 'B' | 'C', forClient = clientId, now = Date.now(), secret = leads.config.INTERNAL_SECRET) =>
    signExperimentArm(secret, { experimentId, variant, clientId: forClient }, now);
  /** A lead sent from a page that showed this arm (its attribution and the page's token), as the landing page's script sends it. */
  async function leadFrom(experimentId: number, variant: 'A' | 'B' | 'C', at = { clientId, serviceId }, token: string | null = tokenOf(experimentId, variant, at.clientId)): Promise<string> {
    const res = await leads.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Mozilla/5.0 (Test)' })
      .send({
        name: 'Jane Smith',
        email: `jane-${randomBytes(4).toString('hex')}@example.com`,
        phone: '(303) 555-0142',
        clientId: at.clientId,
        serviceId: at.serviceId,
        attribution: { styleVariant: variant.toLowerCase(), experiment: { id: experimentId, variant, token } },
      });
    expect(res.status).toBe(201);
    const [row] = (await leads.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as { id: string }[];
    return row!.id;
  }

  it('refuses bad starts with the words of the form, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }] }, 400, ARMS_MESSAGE],
      [{ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'A', weight: 50 }] }, 400, ARMS_MESSAGE],
      [{ clientId, serviceId, arms: [{ variant: 'A', weight: 0 }, { variant: 'B', weight: 0 }] }, 400, WEIGHTS_MESSAGE],
      // A style weighted 0 would show the prior's figures alone: refused, naming it.
      [{ clientId, serviceId, arms: [{ variant: 'A', weight: 100 }, { variant: 'B', weight: 0 }] }, 400, 'Each style needs a weight above 0: remove style B instead'],
      [{ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'D', weight: 50 }] }, 400, 'The style must be A, B or C'],
      [{ clientId, serviceId, arms: [{ variant: 'A', weight: 50.5 }, { variant: 'B', weight: 50 }] }, 400, WEIGHT_MESSAGE],
      [{ clientId, serviceId, goal: 'clicks', arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] }, 400, 'The goal must be leads or bookings'],
      [{ clientId: clientId + 1_000_000, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] }, 404, Messages.experimentServiceNotClinics(serviceId, clientId + 1_000_000)],
    ];
    for (const [body, status, message] of cases) {
      const res = await start(body);
      expect({ status: res.status, message: JSON.stringify(res.body) }).toEqual({ status, message: expect.stringContaining(message) });
    }
    const inactive = await createClientService(templates.dataSource, clientId, (await createTemplate(templates.dataSource)).id, { isActive: false });
    const live = await start({ clientId, serviceId: inactive.id, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] });
    expect(live.status).toBe(409);
    expect(live.body.message).toBe(Messages.experimentServiceInactive);
    const [{ count }] = (await templates.dataSource.query(`SELECT count(*)::int AS "count" FROM "templates"."experiments" WHERE "client_id" = $1`, [clientId])) as { count: number }[];
    expect(count).toBe(0);
  });

  it('is for admins: nobody gets 401, a clinic user 403', async () => {
    const body = { clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] };
    expect((await templates.api.post('/api/experiments', ANONYMOUS).send(body)).status).toBe(401);
    const owner = { kind: 'clinic' as const, userId: 1, email: 'o@clinic.test', name: 'O', clientId, role: 'owner' as const };
    expect((await templates.api.post('/api/experiments', owner).send(body)).status).toBe(403);
    expect((await templates.api.get(`/api/experiments?clientId=${clientId}`, owner)).status).toBe(403);
  });

  it('runs an experiment from start to a winner: assignment data for the shell, counted arms, weights, pause, resume and stop', async () => {
    const created = await start({ clientId, serviceId, goal: 'leads', arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] });
    expect(created.status).toBe(201);
    const experiment = ExperimentSchema.parse(created.body.data);
    expect(experiment).toMatchObject({ clientId, serviceId, servicePath, status: 'running', goal: 'leads', pooling: false, winner: null, defaultStyle: 'A', countsUnavailable: false });
    expect(experiment.arms.map((a) => [a.variant, a.weight, a.views, a.leads])).toEqual([
      ['A', 50, 0, 0],
      ['B', 50, 0, 0],
    ]);
    expect(experiment.recommendation.kind).toBe('keep-running');
    // The shell reads the running experiment with the page: one per service.
    expect(await pageContent()).toMatchObject({ defaultStyle: 'A', experiment: { id: experiment.id, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] } });
    const twice = await start({ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'C', weight: 50 }] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(Messages.experimentAlreadyOpen);
    // A preview is what the admin asks for: no experiment assigns its style.
    const preview = await templates.api.get(`/api/page-content/${clientId}?service=${servicePath}&preview=true`, ADMIN);
    expect(preview.body.data.landing.experiment).toBeNull();

    // Views and visitors by arm (folded from the shell's counts), leads and bookings from the leads stored with the arm.
    await viewed(experiment.id, 'A', 120, Array.from({ length: 100 }, (_, i) => `a${i}`));
    await viewed(experiment.id, 'B', 110, Array.from({ length: 95 }, (_, i) => `b${i}`));
    await leadFrom(experiment.id, 'A');
    const booked = await leadFrom(experiment.id, 'B');
    await leadFrom(experiment.id, 'B');
    // A lead of another clinic naming this experiment (a forged attribution, even with its own clinic's token) counts for none.
    const elsewhere = await createClinic(templates.tenant, 'Test Clinic');
    const elsewhereService = await createClientService(templates.dataSource, elsewhere, templateId, { isActive: true, customPath: `trt-elsewhere` });
    await leadFrom(experiment.id, 'A', { clientId: elsewhere, serviceId: elsewhereService.id });
    await leadFrom(experiment.id, 'A', { clientId: elsewhere, serviceId: elsewhereService.id }, tokenOf(experiment.id, 'A'));
    const status = await leads.api.patch(`/api/leads/${booked}/status`, ADMIN).send({ status: 'booked' });
    expect(status.status).toBe(200);
    const counted = await get(experiment.id);
    expect(counted.arms.map((a) => ({ variant: a.variant, views: a.views, leads: a.leads, bookings: a.bookings }))).toEqual([
      { variant: 'A', views: 120, leads: 1, bookings: 0 },
      { variant: 'B', views: 110, leads: 2, bookings: 1 },
    ]);
    // Visitors are Redis's HyperLogLog estimates of the hashes (within 2 % here).
    expect(Math.abs(counted.arms[0]!.visitors - 100)).toBeLessThanOrEqual(2);
    expect(Math.abs(counted.arms[1]!.visitors - 95)).toBeLessThanOrEqual(2);
    for (const arm of counted.arms) {
      expect(arm.rate.low).toBeLessThanOrEqual(arm.rate.mean);
      expect(arm.rate.high).toBeGreaterThanOrEqual(arm.rate.mean);
      expect(arm.expectedLoss).toBeGreaterThanOrEqual(0);
    }
    expect(counted.arms[0]!.probabilityBest + counted.arms[1]!.probabilityBest).toBeCloseTo(1, 3);
    // Two leads are far from the rule's minimum: no winner is recommended.
    expect(counted.recommendation).toMatchObject({ kind: 'keep-running', variant: null });
    expect(counted.curves.series.map((s) => s.variant)).toEqual(['A', 'B']);

    // New weights for the same styles; other styles are refused.
    const weights = await templates.api.patch(`/api/experiments/${experiment.id}`, ADMIN).send({ arms: [{ variant: 'A', weight: 20 }, { variant: 'B', weight: 80 }] });
    expect(weights.status).toBe(200);
    expect((await pageContent()).experiment?.arms).toEqual([{ variant: 'A', weight: 20 }, { variant: 'B', weight: 80 }]);
    const otherArms = await templates.api.patch(`/api/experiments/${experiment.id}`, ADMIN).send({ arms: [{ variant: 'A', weight: 20 }, { variant: 'C', weight: 80 }] });
    expect(otherArms.status).toBe(422);
    expect(otherArms.body.message).toBe(Messages.experimentArmsFixed);
    const zero = await templates.api.patch(`/api/experiments/${experiment.id}`, ADMIN).send({ arms: [{ variant: 'A', weight: 100 }, { variant: 'B', weight: 0 }] });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('Each style needs a weight above 0: to drop style B, stop this experiment and start one without it');
    expect((await pageContent()).experiment?.arms).toEqual([{ variant: 'A', weight: 20 }, { variant: 'B', weight: 80 }]);

    // Paused: no experiment for the shell; twice is a conflict; resumed: back.
    expect((await templates.api.post(`/api/experiments/${experiment.id}/pause`, ADMIN)).status).toBe(200);
    expect((await pageContent()).experiment).toBeNull();
    const again = await templates.api.post(`/api/experiments/${experiment.id}/pause`, ADMIN);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(Messages.experimentNotRunning);
    expect((await templates.api.post(`/api/experiments/${experiment.id}/resume`, ADMIN)).status).toBe(200);
    expect((await pageContent()).experiment?.id).toBe(experiment.id);

    // Stopped with a winner: the service's plain URL shows it to everyone, and the change is audited.
    const notArm = await templates.api.post(`/api/experiments/${experiment.id}/stop`, ADMIN).send({ winner: 'C' });
    expect(notArm.status).toBe(422);
    expect(notArm.body.message).toBe(Messages.experimentWinnerNotArm('C'));
    const stopped = await templates.api.post(`/api/experiments/${experiment.id}/stop`, ADMIN).send({ winner: 'B' });
    expect(stopped.status).toBe(200);
    expect(ExperimentSchema.parse(stopped.body.data)).toMatchObject({ status: 'stopped', winner: 'B', defaultStyle: 'B' });
    expect(await pageContent()).toMatchObject({ defaultStyle: 'B', experiment: null });
    expect((await templates.api.post(`/api/experiments/${experiment.id}/stop`, ADMIN).send({ winner: 'A' })).status).toBe(409);
    expect((await templates.api.post(`/api/experiments/${experiment.id}/resume`, ADMIN)).status).toBe(409);
    const audit = await templatesAuditRows(templates.dataSource, 'experiment', experiment.id);
    expect(audit.map((r) => r.action)).toEqual(['create', 'update', 'update', 'update', 'update']);
    expect(audit.at(-1)!.changes).toMatchObject({ before: { status: 'running', winner: null }, after: { status: 'stopped', winner: 'B' } });

    // The list of the clinic's experiments; a new experiment may start once the last one stopped.
    const list = await templates.api.get(`/api/experiments?clientId=${clientId}`, ADMIN);
    expect(list.body.data.map((e: Experiment) => e.id)).toContain(experiment.id);
    const next = await start({ clientId, serviceId, arms: [{ variant: 'B', weight: 50 }, { variant: 'C', weight: 50 }] });
    expect(next.status).toBe(201);
    await templates.api.post(`/api/experiments/${next.body.data.id}/stop`, ADMIN).send({ winner: 'B' });
  });

  it('counts a lead for an arm only with the page’s signed token: a forged arm or token keeps the lead (201, form 303) without an arm', async () => {
    const created = await start({ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'C', weight: 50 }] });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const counted = await leadFrom(id, 'C');
    const forged = [
      // No token (what pages sent before), an arm the experiment does not have, a C token sent as A,
      await leadFrom(id, 'C', undefined, null),
      await leadFrom(id, 'B', undefined, null),
      await leadFrom(id, 'A', undefined, tokenOf(id, 'C')),
      // a token with its signature altered, signed with another key, another clinic's, one past its 30 days.
      await leadFrom(id, 'C', undefined, `${tokenOf(id, 'C').slice(0, -4)}AAAA`),
      await leadFrom(id, 'C', undefined, tokenOf(id, 'C', clientId, Date.now(), 'not the platform secret')),
      await leadFrom(id, 'C', undefined, tokenOf(id, 'C', clientId + 1)),
      await leadFrom(id, 'C', undefined, tokenOf(id, 'C', clientId, Date.now() - 31 * 24 * 3600 * 1000)),
    ];
    // The form posted without script carries the token in its hidden field; the old `12:B` counts for nothing.
    const form = (experiment: string, email: string) =>
      leads.api
        .post(LEAD_FORM_PATH, ANONYMOUS)
        .set({ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://clinic.example', 'x-forwarded-for': '203.0.113.9' })
        .send(new URLSearchParams({ name: 'Jane Smith', phone: '(303) 555-0142', email, clientId: String(clientId), serviceId: String(serviceId), experiment }).toString());
    const posted = `xp-form-${randomBytes(4).toString('hex')}@example.com`;
    const postedForged = `xp-forged-${randomBytes(4).toString('hex')}@example.com`;
    expect((await form(tokenOf(id, 'A'), posted)).status).toBe(303);
    expect((await form(`${id}:C`, postedForged)).status).toBe(303);

    const arms = async (where: string, values: unknown[]) =>
      (await leads.dataSource.query(`SELECT "experiment_id" AS "id", "experiment_variant" AS "variant" FROM "leads"."leads" WHERE ${where}`, values)) as Array<{ id: number | null; variant: string | null }>;
    expect(await arms(`"id" = $1`, [counted])).toEqual([{ id, variant: 'C' }]);
    expect(await arms(`"id" = ANY($1::bigint[])`, [forged])).toEqual(forged.map(() => ({ id: null, variant: null })));
    expect(await arms(`"email" = $1`, [posted])).toEqual([{ id, variant: 'A' }]);
    expect(await arms(`"email" = $1`, [postedForged])).toEqual([{ id: null, variant: null }]);
    const shown = await get(id);
    expect(shown.arms.map((a) => ({ variant: a.variant, leads: a.leads }))).toEqual([
      { variant: 'A', leads: 1 },
      { variant: 'C', leads: 1 },
    ]);
    await templates.api.post(`/api/experiments/${id}/stop`, ADMIN).send({ winner: 'A' });
  });

  it('learns from other clinics running the same template’s styles when pooling is asked for, once enough of them have conversions', async () => {
    const started: Array<{ id: number; clientId: number; serviceId: number }> = [];
    // A template of its own: the clinics of the other tests are not in this network.
    const shared = await createTemplate(templates.dataSource);
    for (let i = 0; i < 5; i += 1) {
      const other = await createClinic(templates.tenant, 'Test Clinic');
      const service = await createClientService(templates.dataSource, other, shared.id, { isActive: true, customPath: `trt-${i}` });
      const res = await start({ clientId: other, serviceId: service.id, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] });
      expect(res.status).toBe(201);
      started.push({ id: res.body.data.id as number, clientId: other, serviceId: service.id });
    }
    const [own, quiet, ...network] = started;
    // Three clinics of the network with 12 conversions each (B converting twice as often); one with views but no leads.
    for (const clinic of network) {
      await viewed(clinic.id, 'A', 400, Array.from({ length: 300 }, (_, i) => `n${clinic.id}a${i}`));
      await viewed(clinic.id, 'B', 400, Array.from({ length: 300 }, (_, i) => `n${clinic.id}b${i}`));
      for (let i = 0; i < 4; i += 1) await leadFrom(clinic.id, 'A', clinic);
      for (let i = 0; i < 8; i += 1) await leadFrom(clinic.id, 'B', clinic);
    }
    await viewed(quiet!.id, 'A', 400, Array.from({ length: 300 }, (_, i) => `q${i}`));
    await viewed(own!.id, 'A', 300, Array.from({ length: 300 }, (_, i) => `o-a${i}`));
    await viewed(own!.id, 'B', 300, Array.from({ length: 300 }, (_, i) => `o-b${i}`));
    for (let i = 0; i < 3; i += 1) {
      await leadFrom(own!.id, 'A', own!);
      await leadFrom(own!.id, 'B', own!);
    }
    const unpooled = await get(own!.id);
    const pooled = await templates.api.patch(`/api/experiments/${own!.id}`, ADMIN).send({ pooling: true });
    expect(pooled.status).toBe(200);
    const after = ExperimentSchema.parse(pooled.body.data);
    // The three with conversions count; the one without does not.
    expect(after.network).toEqual({ clinics: 3, used: true });
    // The network's B is better: this clinic's own data are equal (a coin toss unpooled), pooled its B leads.
    expect(unpooled.arms[1]!.probabilityBest).toBeCloseTo(0.5, 1);
    expect(after.arms[1]!.rate.mean).toBeGreaterThan(after.arms[0]!.rate.mean);
    expect(after.arms[1]!.probabilityBest).toBeGreaterThan(0.6);
    const alone = await templates.api.patch(`/api/experiments/${network[0]!.id}`, ADMIN).send({ goal: 'bookings' });
    expect(alone.body.data).toMatchObject({ network: null, goal: 'bookings' });
    expect(templateId).not.toBe(shared.id);
  });

  it('shows an experiment without its numbers, and says so, when its counts cannot be read', async () => {
    const created = await start({ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'C', weight: 50 }] });
    expect(created.status).toBe(201);
    // A templates process whose Redis nobody answers at (a closed port): the counts leads keeps cannot be read.
    const blind = await startServiceProcess('templates', {
      env: { TENANT_URL: templates.tenant.url, TENANT_TIMEOUT_MS: '2000', REDIS_URL: `redis://127.0.0.1:${new URL(UNREACHABLE_URL).port}`, EXPERIMENT_COUNTS_TIMEOUT_MS: '500' },
    });
    try {
      const shown = await get(created.body.data.id, blind.api);
      expect(shown).toMatchObject({ countsUnavailable: true, status: 'running' });
      expect(shown.arms.every((a) => a.views === 0 && a.leads === 0)).toBe(true);
    } finally {
      await blind.close();
      await templates.api.post(`/api/experiments/${created.body.data.id}/stop`, ADMIN).send({ winner: 'A' });
    }
  }, START_TIMEOUT_MS);

  it('has counts lost from Redis whole again once the leads worker starts (it hands every experiment’s counts on)', async () => {
    const created = await start({ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await viewed(id, 'B', 40, ['v1', 'v2', 'v3']);
    await leadFrom(id, 'B');
    const counted = (await get(id)).arms.map((a) => ({ variant: a.variant, views: a.views, leads: a.leads }));
    expect(counted).toEqual([
      { variant: 'A', views: 0, leads: 0 },
      { variant: 'B', views: 40, leads: 1 },
    ]);
    await redis.del(experimentCountsKey(leads.config.REDIS_PREFIX, id));
    expect((await get(id)).arms.map((a) => a.leads)).toEqual([0, 0]);
    expect(await foldCounts.publishAll()).toBeGreaterThan(0);
    expect((await get(id)).arms.map((a) => ({ variant: a.variant, views: a.views, leads: a.leads }))).toEqual(counted);
    await templates.api.post(`/api/experiments/${id}/stop`, ADMIN).send({ winner: 'B' });
  });

  it('never lets an older reading of the counts overwrite a newer one (two writes racing)', async () => {
    const created = await start({ clientId, serviceId, arms: [{ variant: 'A', weight: 50 }, { variant: 'B', weight: 50 }] });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const key = experimentCountsKey(leads.config.REDIS_PREFIX, id);
    // A reading from later than any this test makes (by the database's clock) is there already.
    await redis.hset(key, { '@': String(Number.MAX_SAFE_INTEGER), [`l|${clientId}|A`]: '7' });
    await leadFrom(id, 'B');
    expect((await get(id)).arms.map((a) => a.leads)).toEqual([7, 0]);
    await redis.hset(key, '@', '0');
    await foldCounts.publish([id]);
    expect((await get(id)).arms.map((a) => a.leads)).toEqual([0, 1]);
    await templates.api.post(`/api/experiments/${id}/stop`, ADMIN).send({ winner: 'B' });
  });

  it('keeps the arm of a lead form posted without script (hidden field: the signed token), and a lead whose arm field is unsigned or garbage, without an arm', async () => {
    const post = (experiment: string) =>
      leads.api
        .post('/api/leads/form', ANONYMOUS)
        .type('form')
        .send({ name: 'Jo Smith', email: `jo-${randomBytes(4).toString('hex')}@example.com`, phone: '(303) 555-0199', clientId: String(clientId), serviceId: String(serviceId), styleVariant: 'b', experiment });
    for (const [field, stored] of [
      [tokenOf(4242, 'B'), { experiment_id: 4242, experiment_variant: 'B' }],
      ['4242:B', { experiment_id: null, experiment_variant: null }],
      ['4242:Z; drop', { experiment_id: null, experiment_variant: null }],
    ] as Array<[string, Record<string, unknown>]>) {
      const res = await post(field);
      expect(res.status).toBe(303);
      const [row] = (await leads.dataSource.query(`SELECT "experiment_id", "experiment_variant" FROM "leads"."leads" ORDER BY "created_at" DESC, "id" DESC LIMIT 1`)) as Array<Record<string, unknown>>;
      expect(row).toEqual(stored);
    }
  });
});
