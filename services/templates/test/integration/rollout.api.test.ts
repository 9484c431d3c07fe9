import { randomBytes } from 'node:crypto';
import type { Worker } from 'bullmq';
import { ClientServiceDiffSchema, PageContentSchema, TemplateClinicsSchema, TemplatePushSchema, TemplateVersionsSchema } from '@hap/contracts';
import { createQueue, createWorker, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { ServiceTemplateRepository } from '../../src/modules/catalogue/catalogue.repository';
import { ClientServiceRepository } from '../../src/modules/client-service/client-service.repository';
import { createPushHandler } from '../../src/modules/rollout/rollout.job';
import { RolloutRepository } from '../../src/modules/rollout/rollout.repository';
import { RolloutService } from '../../src/modules/rollout/rollout.service';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { auditRows, createClientService, createClinic, createTemplate } from '../helpers/factories';

/**
 * Template rollout through the real app and worker (docs/template-rollout.md): versions, the
 * clinics behind, a clinic's diff, a push that keeps each clinic's own changes, and a rollback.
 */
describe('template rollout: versions, diff, push and rollback', () => {
  let t: TestTemplates;
  const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}` };
  let queue: JobQueue<'templates.push'>;
  let worker: Worker;

  beforeAll(async () => {
    queue = createQueue('templates.push', redis);
    t = await startTemplates({ dependencies: { pushQueue: queue } });
    const { dataSource } = t;
    const templates = new ServiceTemplateRepository(dataSource);
    const rollout = new RolloutService(dataSource, new RolloutRepository(dataSource), templates, new ClientServiceRepository(dataSource), { publicClient: async () => { throw new Error('not asked'); } }, null);
    worker = createWorker('templates.push', createPushHandler(rollout), redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await worker.close();
    await queue.close();
    await t.close();
  });

  const page = async (clientId: number, slug: string) => {
    const res = await t.api.get(`/api/page-content/${clientId}?service=${slug}`, ANONYMOUS);
    expect(res.status).toBe(200);
    return PageContentSchema.parse(res.body.data).landing!.content.template;
  };
  async function settled(pushId: number) {
    const until = Date.now() + 20_000;
    for (;;) {
      const push = TemplatePushSchema.parse((await t.api.get(`/api/templates/pushes/${pushId}`, ADMIN)).body.data);
      if (push.status === 'succeeded' || push.status === 'failed') return push;
      if (Date.now() > until) throw new Error(`push ${pushId} still ${push.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** A staged template with two FAQs and three clinics on its first version, the second of which changed its headline. */
  async function threeClinics() {
    const template = await createTemplate(t.dataSource, {
      headline: 'Feel like yourself again',
      faqs: [{ question: 'Is it safe?', answer: 'Yes.' }, { question: 'How long does it take?', answer: 'Weeks.' }],
    });
    expect((await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ rollout: 'staged' })).body.data).toMatchObject({ rollout: 'staged', version: 1 });
    // One after the other: the clinics list answers in the order the services were added.
    const clinics: number[] = [];
    const services = [];
    for (let i = 0; i < 3; i++) {
      clinics.push(await createClinic(t));
      services.push(await createClientService(t.dataSource, clinics[i]!, template.id));
    }
    const own = await t.api.patch(`/api/client-services/${services[1]!.id}`, ADMIN).send({ customHeadline: 'Low T? We can help' });
    expect(own.status).toBe(200);
    return { template, clinics, services };
  }

  it('versions a save, shows three clinics behind, keeps a clinic’s headline through a push that adds the FAQ to all three, and rolls one back', async () => {
    const { template, clinics, services } = await threeClinics();
    const [a, b, c] = clinics as [number, number, number];
    const current = (await t.api.get('/api/service-templates', ADMIN)).body.data.find((x: { id: number }) => x.id === template.id);
    const save = await t.api
      .patch(`/api/service-templates/${template.id}`, ADMIN)
      .send({ headline: 'Get your energy back', faqs: [...current.faqs, { question: 'Is it covered by insurance?', answer: 'Often.' }], versionNote: 'New headline, insurance FAQ' });
    expect(save.status).toBe(200);
    expect(save.body.data.version).toBe(2);

    const versions = TemplateVersionsSchema.parse((await t.api.get(`/api/service-templates/${template.id}/versions`, ADMIN)).body.data);
    expect(versions).toMatchObject({ rollout: 'staged', latest: 2 });
    expect(versions.versions.map((v) => [v.number, v.note, v.clinics, v.isLatest])).toEqual([
      [2, 'New headline, insurance FAQ', 0, true],
      [1, 'Created', 3, false],
    ]);

    const listed = TemplateClinicsSchema.parse((await t.api.get(`/api/service-templates/${template.id}/clinics`, ADMIN)).body.data);
    expect(listed.clinics.map((x) => [x.clientId, x.version, x.behind, x.changed])).toEqual([
      [a, 1, true, []],
      [b, 1, true, ['headline']],
      [c, 1, true, []],
    ]);
    expect(listed.clinics[0]!.clinicName).toMatch(/^Test Clinic /);

    // Staged: the save reached no clinic yet.
    expect((await page(a, template.slug)).headline).toBe('Feel like yourself again');
    expect((await page(a, template.slug)).faqs).toHaveLength(2);

    const diff = ClientServiceDiffSchema.parse((await t.api.get(`/api/client-services/${services[1]!.id}/diff?version=2`, ADMIN)).body.data);
    expect(diff).toMatchObject({ fromVersion: 1, toVersion: 2 });
    expect(diff.changes.map((x) => [x.section, x.by, x.conflict])).toEqual([
      ['headline', 'both', true],
      ['faqs', 'template', false],
    ]);
    expect(diff.current.headline).toBe('Low T? We can help');
    expect(diff.template.headline).toBe('Get your energy back');
    expect(diff.merged.headline).toBe('Low T? We can help');
    expect(diff.merged.faqs.map((f) => f.question)).toEqual(['Is it safe?', 'How long does it take?', 'Is it covered by insurance?']);

    const asked = await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 2, clientIds: clinics });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ status: 'queued', total: 3, pushed: 0 });
    const push = await settled(asked.body.data.id);
    expect(push).toMatchObject({ status: 'succeeded', total: 3, pushed: 3, failed: 0, error: null });
    expect(push.clinics.find((x) => x.clientId === b)!.conflicts.map((x) => x.key)).toEqual(['headline']);

    expect((await page(a, template.slug)).headline).toBe('Get your energy back');
    expect((await page(b, template.slug)).headline).toBe('Low T? We can help');
    expect((await page(c, template.slug)).headline).toBe('Get your energy back');
    for (const clinic of clinics) expect((await page(clinic, template.slug)).faqs.map((f) => f.question)).toContain('Is it covered by insurance?');
    expect((await auditRows(t.dataSource, 'client_service', services[1]!.id)).at(-1)!.changes).toMatchObject({ before: { version: 1 }, after: { version: 2, pushId: push.id, conflicts: ['headline'] } });

    const rolled = await t.api.post(`/api/client-services/${services[0]!.id}/rollback`, ADMIN).send({ pushId: push.id });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data).toEqual({ clientServiceId: services[0]!.id, version: 1, pinned: false });
    expect((await page(a, template.slug)).headline).toBe('Feel like yourself again');
    expect((await page(a, template.slug)).faqs).toHaveLength(2);
    expect((await page(c, template.slug)).faqs).toHaveLength(3);

    const pushes = (await t.api.get(`/api/service-templates/${template.id}/pushes`, ADMIN)).body.data as Array<{ id: number; clinics: Array<{ clientId: number; status: string }> }>;
    expect(pushes.map((p) => p.id)).toEqual([push.id]);
    expect(pushes[0]!.clinics.map((x) => [x.clientId, x.status])).toEqual([
      [a, 'rolled-back'],
      [b, 'pushed'],
      [c, 'pushed'],
    ]);

    const again = await t.api.post(`/api/client-services/${services[0]!.id}/rollback`, ADMIN).send({ pushId: push.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This push was already rolled back for this clinic.');
  });

  it('keeps a clinic’s own FAQs and adds the template’s new one after the FAQ it follows', async () => {
    const { template, clinics, services } = await threeClinics();
    const current = (await t.api.get('/api/service-templates', ADMIN)).body.data.find((x: { id: number }) => x.id === template.id);
    const [safe, long] = current.faqs;
    // The clinic answers the first FAQ its own way and adds one.
    const own = await t.api.patch(`/api/client-services/${services[2]!.id}`, ADMIN).send({ customFaqs: [{ ...safe, answer: 'Yes, with monitoring.' }, long, { question: 'Do you take walk-ins?', answer: 'Yes.' }] });
    expect(own.status).toBe(200);
    await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ faqs: [safe, { question: 'Who is it for?', answer: 'Adults.' }, long] });
    const push = await settled((await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 2, clientIds: [clinics[2]] })).body.data.id);
    expect(push.status).toBe('succeeded');
    expect((await page(clinics[2]!, template.slug)).faqs.map((f) => [f.question, f.answer])).toEqual([
      ['Is it safe?', 'Yes, with monitoring.'],
      ['Who is it for?', 'Adults.'],
      ['How long does it take?', 'Weeks.'],
      ['Do you take walk-ins?', 'Yes.'],
    ]);
  });

  it('leaves a clinic whose own 50 FAQs the template’s new one would take past the limit as it is, saying why in the diff and the push', async () => {
    const { template, clinics, services } = await threeClinics();
    const ownFaqs = Array.from({ length: 50 }, (_, i) => ({ question: `Question ${i + 1}?`, answer: 'Yes.' }));
    expect((await t.api.patch(`/api/client-services/${services[0]!.id}`, ADMIN).send({ customFaqs: ownFaqs })).status).toBe(200);
    // The template's FAQs with their ids, and one more.
    const current = (await t.api.get('/api/service-templates', ADMIN)).body.data.find((x: { id: number }) => x.id === template.id);
    await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ faqs: [...current.faqs, { question: 'Who is it for?', answer: 'Adults.' }] });
    const why = "FAQs would have 51 items after the push, more than 50: remove some of the clinic's own items of FAQs first.";
    const diff = await t.api.get(`/api/client-services/${services[0]!.id}/diff?version=2`, ADMIN);
    expect(diff.body.data.problems).toEqual([why]);
    expect((await t.api.get(`/api/client-services/${services[1]!.id}/diff?version=2`, ADMIN)).body.data.problems).toEqual([]);

    const push = await settled((await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 2, clientIds: [clinics[0], clinics[1]] })).body.data.id);
    expect(push).toMatchObject({ status: 'succeeded', pushed: 1, failed: 1 });
    expect(push.clinics.find((c) => c.clientId === clinics[0])).toMatchObject({ status: 'failed', error: why });
    // Nothing written for it: its version and its own FAQs as they were.
    const listed = TemplateClinicsSchema.parse((await t.api.get(`/api/service-templates/${template.id}/clinics`, ADMIN)).body.data);
    expect(listed.clinics.find((c) => c.clientServiceId === services[0]!.id)).toMatchObject({ version: 1, behind: true });
    expect((await page(clinics[0]!, template.slug)).faqs.map((f) => f.question)).toEqual(ownFaqs.map((f) => f.question));
  });

  it('rolls a save out at once to clinics following the latest, and passes a pinned clinic by', async () => {
    const template = await createTemplate(t.dataSource, { headline: 'Old headline' });
    const [a, b] = await Promise.all([createClinic(t), createClinic(t)]);
    const [sa, sb] = await Promise.all([createClientService(t.dataSource, a, template.id), createClientService(t.dataSource, b, template.id)]);
    expect((await t.api.patch(`/api/client-services/${sb.id}/version`, ADMIN).send({ pinned: true })).body.data).toEqual({ clientServiceId: sb.id, version: 1, pinned: true });
    await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ headline: 'New headline' });
    expect((await page(a, template.slug)).headline).toBe('New headline');
    expect((await page(b, template.slug)).headline).toBe('Old headline');
    const until = Date.now() + 20_000;
    while ((await t.dataSource.query(`SELECT "template_version" FROM "templates"."client_services" WHERE "id" = $1`, [sa.id]))[0].template_version !== 2) {
      if (Date.now() > until) throw new Error('the clinic following the latest was not brought to version 2');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('never moves a clinic back to an older version: the clinic is marked with the reason and the push fails when no clinic moved', async () => {
    const { template, clinics } = await threeClinics();
    await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ offer: 'First month $99' });
    const first = await settled((await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 2, clientIds: [clinics[0]] })).body.data.id);
    expect(first.pushed).toBe(1);
    const back = await settled((await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 1, clientIds: [clinics[0]] })).body.data.id);
    expect(back).toMatchObject({ status: 'failed', pushed: 0, failed: 1, error: '1 of 1 clinics could not be pushed.' });
    expect(back.clinics[0]).toMatchObject({ status: 'failed', error: 'Already on version 2, newer than version 1.' });
    expect((await page(clinics[0]!, template.slug)).offer).toBe('First month $99');
  });

  it('lists a template’s pushes newest first, ten at a time, and the ten before a push with `before`', async () => {
    const { template, clinics } = await threeClinics();
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push((await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 1, clientIds: [clinics[0]] })).body.data.id);
    const list = async (query = '') => {
      const res = await t.api.get(`/api/service-templates/${template.id}/pushes${query}`, ADMIN);
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ id: number }>).map((p) => p.id);
    };
    const newest = made.slice().reverse();
    expect(await list()).toEqual(newest.slice(0, 10));
    expect(await list(`?before=${newest[9]}`)).toEqual(newest.slice(10));
    expect(await list(`?before=${newest[11]}`)).toEqual([]);
    for (const [before, words] of [
      ['latest', 'Before (a push id) must be a number'],
      ['99999999999999999999', 'Before (a push id) is too large'],
    ]) {
      const bad = await t.api.get(`/api/service-templates/${template.id}/pushes?before=${before}`, ADMIN);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(words);
    }
  });

  it('refuses a push of a version that does not exist, to no clinic, or to a clinic without the template, in words', async () => {
    const { template } = await threeClinics();
    const stranger = await createClinic(t);
    const missing = await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 9, clientIds: [stranger] });
    expect([missing.status, missing.body.message]).toEqual([404, `Version 9 of template ${template.id} was not found.`]);
    const none = await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 1, clientIds: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Choose at least one clinic');
    const without = await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 1, clientIds: [stranger] });
    expect([without.status, without.body.message]).toEqual([404, `Clinic ${stranger} does not have a service of this template.`]);
    expect((await t.api.get(`/api/service-templates/${template.id}/versions`, ANONYMOUS)).status).toBe(401);
    const clinicUser = { kind: 'clinic' as const, userId: 77, clientId: stranger, role: 'owner' as const };
    expect((await t.api.post(`/api/service-templates/${template.id}/push`, clinicUser).send({ version: 1, clientIds: [stranger] })).status).toBe(403);
    const zero = await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 0, clientIds: [stranger] });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain('Version must be 1 or more');
    const words = await t.api.get(`/api/client-services/1/diff?version=latest`, ADMIN);
    expect(words.status).toBe(400);
    expect(JSON.stringify(words.body)).toContain('Version must be a number');
    const notAVersion = await t.api.get(`/api/client-services/${(await createClientService(t.dataSource, stranger, template.id)).id}/diff?version=7`, ADMIN);
    expect([notAVersion.status, notAVersion.body.message]).toEqual([404, `Version 7 of template ${template.id} was not found.`]);
    expect((await t.api.get('/api/templates/pushes/999999', ADMIN)).body.message).toBe('Push 999999 was not found.');
  });

  it('refuses a rollback that would undo a later edit of the page, or of a push that did not change the service, and stores nothing', async () => {
    const { template, clinics, services } = await threeClinics();
    await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ offer: 'First month $99' });
    const push = await settled((await t.api.post(`/api/service-templates/${template.id}/push`, ADMIN).send({ version: 2, clientIds: [clinics[0]] })).body.data.id);
    expect(push.pushed).toBe(1);
    // The clinic's page was edited after the push.
    expect((await t.api.patch(`/api/client-services/${services[0]!.id}`, ADMIN).send({ customHeadline: 'Our own words' })).status).toBe(200);
    const later = await t.api.post(`/api/client-services/${services[0]!.id}/rollback`, ADMIN).send({ pushId: push.id });
    expect([later.status, later.body.message]).toEqual([409, "This clinic's page changed after the push; a rollback would undo those changes too. Edit the page instead."]);
    const other = await t.api.post(`/api/client-services/${services[1]!.id}/rollback`, ADMIN).send({ pushId: push.id });
    expect([other.status, other.body.message]).toEqual([404, `Push ${push.id} did not change this clinic's service.`]);
    expect((await page(clinics[0]!, template.slug)).headline).toBe('Our own words');
    expect((await page(clinics[0]!, template.slug)).offer).toBe('First month $99');
  });
});
