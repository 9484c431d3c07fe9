import { randomBytes } from 'node:crypto';
import type { Job, Worker } from 'bullmq';
import { jobIdOf, TEMPLATE_CREATE_TEXTS, TemplateGenerationSchema } from '@hap/contracts';
import { createQueue, createWorker, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { startFakeOpenAI, type FakeModelAnswer } from '@hap/test-kit/fakes/openai';
import { createTemplateWriter } from '../../src/ai/template-writer';
import { createGenerationHandler } from '../../src/modules/generation/generation.job';
import { GenerationStore } from '../../src/modules/generation/generation.service';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { validContent } from '@hap/test-kit/fixtures/generated-content';

describe('AI-written templates: POST /api/templates/create → templates.generate → the model → a saved template', () => {
  let t: TestTemplates;
  const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_q_${randomBytes(4).toString('hex')}` };
  let queue: JobQueue<'templates.generate'>;
  let model: Awaited<ReturnType<typeof startFakeOpenAI>> | null = null;
  let worker: Worker | null = null;

  beforeAll(async () => {
    queue = createQueue('templates.generate', redis);
    t = await startTemplates({ env: { OPENAI_API_KEY: 'sk-test-123', OPENAI_MODEL: 'gpt-test' }, dependencies: { generationQueue: queue } });
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    await worker?.close();
    await model?.close();
    worker = null;
    model = null;
  });
  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  /** The fake model answering `answers`, and a worker asking it through the real SDK. */
  async function modelAnswering(answers: FakeModelAnswer[], writerOptions: { timeoutMs?: number; maxRetries?: number } = {}) {
    model = await startFakeOpenAI(answers);
    const writer = createTemplateWriter({ apiKey: 'sk-test-123', baseURL: model.baseURL, model: 'gpt-test', timeoutMs: writerOptions.timeoutMs ?? 5000, maxRetries: writerOptions.maxRetries ?? 2 });
    return { model, writer: writer!, handler: createGenerationHandler(new GenerationStore(t.dataSource), writer) };
  }
  const create = (body: Record<string, unknown>) => t.api.post('/api/templates/create', ADMIN).send(body);
  const generation = async (id: number) => TemplateGenerationSchema.parse((await t.api.get(`/api/templates/generations/${id}`, ADMIN)).body.data);
  async function settled(id: number) {
    const until = Date.now() + 20_000;
    for (;;) {
      const g = await generation(id);
      if (g.status === 'succeeded' || g.status === 'failed') return g;
      if (Date.now() > until) throw new Error(`generation ${id} still ${g.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const templateRow = async (id: number) =>
    ((await t.dataSource.query(`SELECT * FROM "templates"."service_templates" WHERE "id" = $1`, [id])) as Array<Record<string, unknown>>)[0];

  it('queues the request (202), the worker asks the model for structured output, and the template is saved with every part of its content', async () => {
    const { model: fake, handler } = await modelAnswering([{ content: JSON.stringify(validContent()) }]);
    worker = createWorker('templates.generate', handler, redis);

    const res = await create({ name: 'PRP Hair Restoration', description: 'Platelet-rich plasma injections for thinning hair in men and women.', subcategoryId: 1 });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ name: 'PRP Hair Restoration', status: 'queued', progress: 0, stage: 'Waiting for the AI writer…', templateId: null });

    const done = await settled(res.body.data.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, stage: 'Template created!', templateSlug: 'prp-hair-restoration', error: null });
    const row = await templateRow(done.templateId!);
    expect(row).toMatchObject({ name: 'PRP Hair Restoration', slug: 'prp-hair-restoration', subcategory_id: 1, headline: validContent().headline, offer: 'Free Hair Consultation' });
    expect(row.symptoms).toHaveLength(6);
    expect(row.benefits).toHaveLength(6);
    // Each stored item carries the id it keeps across versions (docs/template-rollout.md#item-ids).
    expect(row.process).toEqual(validContent().process.map((step) => ({ ...step, id: expect.stringMatching(/^[0-9a-f]{12}$/) })));
    expect(row.faqs).toHaveLength(5);

    // What went over the wire: the configured model, the brief, and a strict JSON schema carrying the counts.
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.headers.authorization).toBe('Bearer sk-test-123');
    expect(request.body.model).toBe('gpt-test');
    expect(request.body.messages.at(-1)!.content).toContain('Platelet-rich plasma injections for thinning hair');
    expect(request.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'service_template', strict: true } });
    expect(JSON.stringify(request.body.response_format!.json_schema!.schema)).toContain('"minItems":6');

    // The same name again gets its own slug.
    const again = await create({ name: 'PRP Hair Restoration', description: 'Platelet-rich plasma injections for thinning hair in men and women.', subcategoryId: 1 });
    expect((await settled(again.body.data.id)).templateSlug).toBe('prp-hair-restoration-2');
  }, 30_000);

  it('asks once more with the broken rules when the model breaks them, and saves the corrected answer', async () => {
    const broken = validContent({
      symptoms: validContent().symptoms.slice(0, 5),
      process: [{ title: 'Step 1: Consultation', description: 'We meet and plan your treatment together.' }, ...validContent().process.slice(1)],
    });
    const { model: fake, handler } = await modelAnswering([{ content: JSON.stringify(broken) }, { content: JSON.stringify(validContent()) }]);
    worker = createWorker('templates.generate', handler, redis);

    const res = await create({ name: 'Scalp Micropigmentation', description: 'Cosmetic tattooing that recreates the look of a closely shaved scalp.', subcategoryId: 1 });
    expect((await settled(res.body.data.id)).status).toBe('succeeded');
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1].body.messages;
    expect(retry.at(-2)).toMatchObject({ role: 'assistant', content: JSON.stringify(broken) });
    expect(retry.at(-1)!.content).toContain('symptoms: Too small: expected array to have exactly 6 items');
    expect(retry.at(-1)!.content).toContain('process.0.title: Step titles must not start with "Step N:"');
  }, 30_000);

  it('fails the generation, saving nothing, when the model breaks the rules twice; the job is not retried', async () => {
    const { model: fake, handler } = await modelAnswering([{ content: JSON.stringify(validContent({ benefits: [] })) }, { content: 'Sure! Here is your template.' }]);
    worker = createWorker('templates.generate', handler, redis);
    const before = ((await t.dataSource.query(`SELECT count(*)::int AS n FROM "templates"."service_templates"`)) as Array<{ n: number }>)[0].n;

    const res = await create({ name: 'Laser Tattoo Removal', description: 'Fading unwanted tattoos over several laser sessions.', subcategoryId: 1 });
    const failed = await settled(res.body.data.id);
    expect(failed).toMatchObject({ status: 'failed', stage: 'Failed to create template.', templateId: null });
    expect(failed.error).toBe("The model's content broke the template rules twice: the answer was not JSON");
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.requests).toHaveLength(2);
    expect(((await t.dataSource.query(`SELECT count(*)::int AS n FROM "templates"."service_templates"`)) as Array<{ n: number }>)[0].n).toBe(before);
  }, 30_000);

  it('rides out a 429 (the SDK waits and asks again)', async () => {
    const { model: fake, handler } = await modelAnswering([{ status: 429, message: 'Rate limit reached for gpt-test' }, { content: JSON.stringify(validContent()) }]);
    worker = createWorker('templates.generate', handler, redis);
    const res = await create({ name: 'Microneedling', description: 'Collagen induction therapy for scars and fine lines.', subcategoryId: 1 });
    expect((await settled(res.body.data.id)).status).toBe('succeeded');
    expect(fake.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  }, 30_000);

  it('records a model that does not answer in time, and fails the generation on the last attempt', async () => {
    const { handler } = await modelAnswering(['hang'], { timeoutMs: 300, maxRetries: 0 });
    const res = await create({ name: 'Cryotherapy', description: 'Whole-body cold therapy sessions for recovery and inflammation.', subcategoryId: 1 });
    const id: number = res.body.data.id;
    const attempt = (made: number) => handler({ generationId: id }, { attemptsMade: made, opts: { attempts: 2 } } as Job<{ generationId: number }>);

    await expect(attempt(0)).rejects.toThrow('The AI model did not answer within 300 ms.');
    expect(await generation(id)).toMatchObject({ status: 'running', stage: 'Retrying after an error…', error: 'The AI model did not answer within 300 ms.' });
    await expect(attempt(1)).rejects.toThrow('The AI model did not answer within 300 ms.');
    expect(await generation(id)).toMatchObject({ status: 'failed', error: 'The AI model did not answer within 300 ms.', templateId: null });
  }, 30_000);

  it('refuses bad input with the form’s messages, an unknown category with 404, and anyone but an admin', async () => {
    const noName = await create({ name: ' ', description: 'Something long enough.', subcategoryId: 1 });
    expect(noName.status).toBe(400);
    expect(noName.body.issues).toContainEqual({ path: 'name', message: 'Template name must be at least 2 characters' });
    const noCategory = await create({ name: 'Botox', description: 'Something long enough.' });
    expect(noCategory.body.issues).toContainEqual({ path: 'subcategoryId', message: 'Choose a category' });
    const unknown = await create({ name: 'Botox', description: 'Something long enough.', subcategoryId: 987654 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Category 987654 was not found. Please pick one from the list.');
    expect((await t.api.post('/api/templates/create', ANONYMOUS).send({ name: 'Botox', description: 'Something long enough.', subcategoryId: 1 })).status).toBe(401);
    expect((await t.api.get('/api/templates/generations/987654', ADMIN)).status).toBe(404);
    expect((await t.api.get('/api/templates/ai-status', ADMIN)).body.data).toEqual({ configured: true, model: 'gpt-test' });
  });

  it('makes a template with empty content at once when asked to, even with a model, and queues nothing', async () => {
    const res = await create({ name: 'Hand Written Therapy', description: 'The clinic writes this page itself.', subcategoryId: 1, content: 'empty' });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'succeeded', stage: TEMPLATE_CREATE_TEXTS.emptyCreated, templateId: expect.any(Number) });
    expect(await queue.queue.getJob(jobIdOf('templates.generate', { generationId: res.body.data.id }))).toBeUndefined();
  });
});

describe('AI-written templates without a model', () => {
  let t: TestTemplates;
  beforeAll(async () => {
    t = await startTemplates({ env: { OPENAI_API_KEY: '' } });
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  const generations = async () => ((await t.dataSource.query(`SELECT count(*)::int AS n FROM "templates"."generation_jobs"`)) as Array<{ n: number }>)[0].n;

  it('makes the template at once with empty content to fill in by hand, and says so', async () => {
    expect((await t.api.get('/api/templates/ai-status', ADMIN)).body.data).toEqual({ configured: false, model: null });
    const res = await t.api.post('/api/templates/create', ADMIN).send({ name: 'Botox Refresh', description: 'Wrinkle relaxer injections.', subcategoryId: 1 });
    expect(res.status).toBe(202);
    const created = TemplateGenerationSchema.parse(res.body.data);
    expect(created).toMatchObject({ name: 'Botox Refresh', status: 'succeeded', progress: 100, error: null, templateSlug: expect.stringMatching(/^botox-refresh(-\d+)?$/) });
    expect(created.stage).toBe(TEMPLATE_CREATE_TEXTS.emptyCreated);
    expect(TEMPLATE_CREATE_TEXTS.emptyCreated).toBe('Template created with empty content: fill it in by hand with Edit in Browse Templates.');
    // The screen follows it like any generation.
    expect((await t.api.get(`/api/templates/generations/${created.id}`, ADMIN)).body.data).toEqual(res.body.data);

    const [row] = (await t.dataSource.query(`SELECT * FROM "templates"."service_templates" WHERE "id" = $1`, [created.templateId])) as Array<Record<string, unknown>>;
    expect(row).toMatchObject({
      name: 'Botox Refresh',
      slug: created.templateSlug,
      subcategory_id: 1,
      description: 'Wrinkle relaxer injections.',
      headline: null,
      meta_description: null,
      offer: null,
      symptoms: [],
      benefits: [],
      process: [],
      faqs: [],
      testimonials: [],
    });
    // Browse lists it, ready for Edit.
    const list = (await t.api.get('/api/service-templates', ADMIN)).body.data as Array<{ id: number }>;
    expect(list.map((x) => x.id)).toContain(created.templateId);
  });

  it('refuses AI asked for by name (503), an unknown category (404) and bad input (400), storing nothing', async () => {
    const before = await generations();
    const ai = await t.api.post('/api/templates/create', ADMIN).send({ name: 'Botox', description: 'Wrinkle relaxer injections.', subcategoryId: 1, content: 'ai' });
    expect(ai.status).toBe(503);
    expect(ai.body).toMatchObject({ success: false, code: 'NOT_CONFIGURED', message: 'AI generation is not configured. Set OPENAI_API_KEY and OPENAI_MODEL for the templates service.' });
    const category = await t.api.post('/api/templates/create', ADMIN).send({ name: 'Botox', description: 'Wrinkle relaxer injections.', subcategoryId: 987654 });
    expect(category.status).toBe(404);
    const bad = await t.api.post('/api/templates/create', ADMIN).send({ name: 'Botox', description: 'Wrinkle relaxer injections.', subcategoryId: 1, content: 'both' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'content', message: 'Content must be ai or empty' }]);
    expect(await generations()).toBe(before);
    expect((await t.api.post('/api/templates/create', ANONYMOUS).send({ name: 'Botox', description: 'Wrinkle relaxer injections.', subcategoryId: 1 })).status).toBe(401);
  });
});
