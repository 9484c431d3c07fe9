import { createServer } from 'node:net';
import { ClientServiceSchema, ClientServiceSummarySchema, ServiceSchema, UnifiedContentSchema } from '@hap/contracts';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { auditRows, createClientService, createClinic, createTemplate, uniqueClientId } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';

/** A loopback port nobody listens on: tenant unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const SCRIPT = '<script async src="https://www.googletagmanager.com/gtag/js?id=AW-123"></script>';
const PIXEL = '<script>!function(f,b,e,v){/* pixel */}(window, document);</script>';

describe('services API (Services Management form)', () => {
  const t = sharedService(() => startTemplates(), START_TIMEOUT_MS);

  const create = (body: object, identity = ADMIN) => t.api.post('/api/services', identity).send(body);
  const update = (id: number | string, body: object, identity = ADMIN) => t.api.patch(`/api/services/${id}`, identity).send(body);

  describe('POST /api/services', () => {
    it('stores the whole service form body on a client service, answers 201 with it and audits the write', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource, { offer: 'Template Offer' });

      const res = await create({
        name: 'Hormone Clinic',
        path: '/hormones',
        clientId,
        templateId: String(template.id),
        isActive: true,
        formEmbedCode: '<iframe src="https://forms.example.com/f/1"></iframe>',
        review1: 'Friendly and thorough.',
        review2: 'Quick lab results.',
        review3: '',
        heroBackgroundPath: '/uploads/images/hero.png',
        offerName: '$99 First Visit',
        offerValue: '$99',
        offerDescription: 'Labs included',
        googleAdsScript: SCRIPT,
        facebookPixelScript: PIXEL,
        customTestimonials: '[{"text":"Great","rating":4},"Plain"]',
        beforeAfterImages: [{ title: 'Energy', beforeImage: '/uploads/images/b.png', afterImage: '/uploads/images/a.png' }],
      });

      expect(res.status).toBe(201);
      const service = ServiceSchema.strict().parse(res.body.data);
      expect(service).toMatchObject({
        clientId,
        templateId: template.id,
        name: 'Hormone Clinic',
        customTitle: 'Hormone Clinic',
        path: 'hormones',
        isActive: true,
        review1: 'Friendly and thorough.',
        review2: 'Quick lab results.',
        review3: null,
        offerName: '$99 First Visit',
        offerValue: '$99',
        offerDescription: 'Labs included',
        offer: '$99 First Visit',
        googleAdsScript: SCRIPT,
        facebookPixelScript: PIXEL,
        customTestimonials: [
          { text: 'Great', rating: 4, name: null },
          { text: 'Plain', rating: 5, name: null },
        ],
      });
      expect(service.beforeAfterImages[0]).toMatchObject({ title: 'Energy', beforeImage: '/uploads/images/b.png' });
      const [audit] = await auditRows(t.dataSource, 'client_service', service.id);
      expect(audit).toMatchObject({ action: 'create', actor_user_id: ADMIN.userId });

      // The same row through the editor's list: admins see every form field there too.
      const [listed] = (await t.api.get(`/api/client-services/${clientId}`, ADMIN)).body.data;
      expect(ClientServiceSchema.strict().parse(listed)).toMatchObject({ id: service.id, customPath: 'hormones', customOffer: '$99 First Visit', offerValue: '$99', googleAdsScript: SCRIPT });
    });

    it('keeps the ad and pixel scripts away from every public answer (ARCHITECTURE.md)', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const res = await create({ name: 'Scripted', clientId, templateId: template.id, googleAdsScript: SCRIPT, facebookPixelScript: PIXEL, formEmbedCode: '<iframe></iframe>' });
      expect(res.status).toBe(201);

      const answers = [
        await t.api.get(`/api/client-services/${clientId}`, ANONYMOUS),
        await t.api.get(`/api/services/client/${clientId}`, ANONYMOUS),
        await t.api.get(`/api/unified-client-content/${template.slug}?client=${clientId}`, ANONYMOUS),
        await t.api.get(`/api/page-content/${clientId}?service=${template.slug}`, ANONYMOUS),
        await t.api.get(`/api/service-templates/client/${clientId}`, ANONYMOUS),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(JSON.stringify(answer.body)).not.toMatch(/googletagmanager|pixel|googleAdsScript|facebookPixelScript/);
      }
      ClientServiceSummarySchema.strict().parse(answers[0].body.data[0]);
      // The embed code does reach the page: it is rendered there only inside a sandboxed iframe.
      expect(UnifiedContentSchema.parse(answers[2].body.data).service.formEmbedCode).toBe('<iframe></iframe>');
    });

    it('answers 400 with a clear sentence for admin HTML over 20 000 characters, and writes nothing', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const long = 'x'.repeat(20_001);
      const cases: Array<[string, string]> = [
        ['formEmbedCode', 'Form embed code must be at most 20,000 characters'],
        ['googleAdsScript', 'Google Ads script must be at most 20,000 characters'],
        ['facebookPixelScript', 'Facebook Pixel script must be at most 20,000 characters'],
      ];
      for (const [field, message] of cases) {
        const res = await create({ name: 'Too long', clientId, templateId: template.id, [field]: long });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', issues: [{ path: field, message }] });
      }
      expect((await create({ name: 'Just fits', clientId, templateId: template.id, formEmbedCode: 'x'.repeat(20_000) })).status).toBe(201);
    });

    it('answers 400 with the field’s sentence for bad input', async () => {
      const issues = async (body: object) => (await create(body)).body.issues;
      expect(await issues({ name: 'A', clientId: 1, templateId: 1 })).toEqual([{ path: 'name', message: 'Name must be at least 2 characters' }]);
      expect(await issues({ name: 'Fine', clientId: 'x', templateId: 1 })).toEqual([{ path: 'clientId', message: 'Client id must be a number' }]);
      expect(await issues({ name: 'Fine', clientId: 1, templateId: 'abc' })).toEqual([{ path: 'templateId', message: 'Template id must be a number' }]);
      expect(await issues({ name: 'Fine', clientId: 1, templateId: 1, path: 'a/b' })).toEqual([{ path: 'path', message: 'Path may contain only letters, digits and hyphens' }]);
      expect(await issues({ name: 'Fine', clientId: 1, templateId: 1, customTestimonials: '{"text":"x"}' })).toEqual([
        { path: 'customTestimonials', message: 'Testimonials must be a list' },
      ]);
    });

    it("answers 404 'Client N was not found.' for a clinic tenant does not have, and for an unknown template", async () => {
      const template = await createTemplate(t.dataSource);
      const noClinic = await create({ name: 'Nowhere', clientId: 1_999_999_997, templateId: template.id });
      expect(noClinic.status).toBe(404);
      expect(noClinic.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Client 1999999997 was not found.' });
      const noTemplate = await create({ name: 'No template', clientId: await createClinic(t), templateId: 987654 });
      expect(noTemplate.status).toBe(404);
      expect(noTemplate.body.message).toBe('Service template 987654 was not found.');
    });

    it('answers 409 for a path another of the clinic’s services uses (any case) and for the same template twice', async () => {
      const clientId = await createClinic(t);
      const [a, b] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
      expect((await create({ name: 'First', clientId, templateId: a.id, path: 'our-page' })).status).toBe(201);

      const samePath = await create({ name: 'Second', clientId, templateId: b.id, path: 'Our-Page' });
      expect(samePath.status).toBe(409);
      expect(samePath.body).toMatchObject({ code: 'CONFLICT', message: 'Another of this client\'s services already uses the path "Our-Page".' });
      const sameTemplate = await create({ name: 'Again', clientId, templateId: a.id });
      expect(sameTemplate.status).toBe(409);
      expect(sameTemplate.body.message).toBe('This client already has a service for this template.');
      // Another clinic may use the same path.
      expect((await create({ name: 'Elsewhere', clientId: await createClinic(t), templateId: b.id, path: 'our-page' })).status).toBe(201);
    });

    it('refuses anonymous callers with 401 before anything else', async () => {
      const res = await create({ name: 'Anon', clientId: 1, templateId: 1 }, ANONYMOUS);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    });
  });

  describe('GET /api/services/:id', () => {
    it('answers the service with every field of the form, scripts included, to admins only', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const created = await create({ name: 'Vitality Clinic', path: 'vitality', clientId, templateId: template.id, googleAdsScript: SCRIPT, offerName: '$49 Labs' });
      expect(created.status).toBe(201);

      const res = await t.api.get(`/api/services/${created.body.data.id}`, ADMIN);
      expect(res.status).toBe(200);
      expect(ServiceSchema.strict().parse(res.body.data)).toEqual(created.body.data);
      expect(res.body.data).toMatchObject({ name: 'Vitality Clinic', path: 'vitality', googleAdsScript: SCRIPT, offerName: '$49 Labs', isActive: true });

      expect((await t.api.get(`/api/services/${created.body.data.id}`, ANONYMOUS)).status).toBe(401);
      const missing = await t.api.get('/api/services/987654321', ADMIN);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toMatch(/987654321/);
      expect((await t.api.get('/api/services/abc', ADMIN)).status).toBe(400);
    });
  });

  describe('PATCH /api/services/:id', () => {
    it('changes only the fields sent and audits the change with before and after', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const { id } = (await create({ name: 'Original', clientId, templateId: template.id, review1: 'Kept', offerName: 'Old offer' })).body.data as { id: number };

      const res = await update(id, { offerName: 'New offer', offerValue: '$49', googleAdsScript: SCRIPT, isActive: false });

      expect(res.status).toBe(200);
      expect(ServiceSchema.strict().parse(res.body.data)).toMatchObject({
        id,
        name: 'Original',
        review1: 'Kept',
        offerName: 'New offer',
        offerValue: '$49',
        offer: 'New offer',
        googleAdsScript: SCRIPT,
        isActive: false,
      });
      const audits = await auditRows(t.dataSource, 'client_service', id);
      expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
      expect(audits[1].changes).toMatchObject({ before: { offerName: 'Old offer', isActive: true }, after: { offerName: 'New offer', isActive: false } });
    });

    it('saves the service’s Google Ads settings (docs/admin.md), refuses ones out of range with the field’s sentence, and clears them with null', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const { id } = (await create({ name: 'With ads', clientId, templateId: template.id })).body.data as { id: number };
      const settings = { dailyBudget: 60, targetRadius: 15, primaryKeyword: 'trt austin', keywords: 'low t, trt clinic', headline: 'Austin TRT Clinic', description: 'Same-week visits.' };

      const saved = await update(id, { googleAdsSettings: settings });
      expect(saved.status).toBe(200);
      expect(saved.body.data.googleAdsSettings).toEqual(settings);

      const bad = await update(id, { googleAdsSettings: { ...settings, dailyBudget: 5000, headline: 'x'.repeat(31) } });
      expect(bad.status).toBe(400);
      expect(bad.body.issues.map((i: { message: string }) => i.message)).toEqual(['Daily budget must be at most $1000', 'Headline must be at most 30 characters']);
      expect((await t.api.get(`/api/services/${id}`, ADMIN)).body.data.googleAdsSettings).toEqual(settings);

      expect((await update(id, { googleAdsSettings: null })).body.data.googleAdsSettings).toBeNull();
    });

    it('takes the whole form again unchanged without asking tenant, and clears a field sent empty', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const created = (await create({ name: 'Whole', clientId, templateId: template.id, review2: 'Remove me', formEmbedCode: '<iframe></iframe>' })).body.data;

      const res = await update(created.id, { name: 'Whole', clientId, templateId: template.id, review2: '', formEmbedCode: ' ' });

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ review2: null, formEmbedCode: null, name: 'Whole' });
    });

    it('moves a service to another clinic or template, with the same checks as a new one', async () => {
      const [clientA, clientB] = [await createClinic(t), await createClinic(t)];
      const [x, y] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
      const first = (await create({ name: 'Mover', clientId: clientA, templateId: x.id, path: 'moving' })).body.data;
      await create({ name: 'Resident', clientId: clientB, templateId: y.id, path: 'moving' });

      // B already uses the path the service would take along.
      const pathTaken = await update(first.id, { clientId: clientB });
      expect(pathTaken.status).toBe(409);
      // A clinic tenant does not have.
      const noClinic = await update(first.id, { clientId: 1_999_999_996 });
      expect(noClinic.status).toBe(404);
      expect(noClinic.body.message).toBe('Client 1999999996 was not found.');
      // B already has a service of template y.
      const sameTemplate = await update(first.id, { clientId: clientB, templateId: y.id, path: 'elsewhere' });
      expect(sameTemplate.status).toBe(409);
      expect(sameTemplate.body.message).toBe('This client already has a service for this template.');

      const moved = await update(first.id, { clientId: clientB, path: 'moved-here' });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ clientId: clientB, templateId: x.id, path: 'moved-here' });
    });

    it('answers 409 for a path in use, 404 for an unknown service, 400 for bad input, 401 for anonymous callers', async () => {
      const clientId = await createClinic(t);
      const [a, b] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
      await create({ name: 'Taken', clientId, templateId: a.id, path: 'taken-path' });
      const other = (await create({ name: 'Other', clientId, templateId: b.id })).body.data;

      const taken = await update(other.id, { path: 'TAKEN-path' });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Another of this client\'s services already uses the path "TAKEN-path".');

      const missing = await update(987654321, { offerValue: '$1' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Client service 987654321 was not found.' });

      expect((await update(other.id, {})).body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Send at least one field to change' });
      expect((await update('abc', { offerValue: '$1' })).status).toBe(400);
      expect((await update(other.id, { googleAdsScript: 'x'.repeat(20_001) })).body.issues).toEqual([
        { path: 'googleAdsScript', message: 'Google Ads script must be at most 20,000 characters' },
      ]);
      expect((await update(other.id, { offerValue: '$1' }, ANONYMOUS)).status).toBe(401);
    });
  });

  describe('when tenant cannot answer', () => {
    let down: TestTemplates;

    beforeAll(async () => {
      down = await startTemplates({ tenantUrl: `http://127.0.0.1:${await closedPort()}` });
    }, START_TIMEOUT_MS);
    afterAll(() => down.close());

    it('answers 503 for every write that must check the clinic, and writes nothing', async () => {
      const clientId = uniqueClientId();
      const template = await createTemplate(down.dataSource);
      const unavailable = { success: false, code: 'SERVICE_UNAVAILABLE', message: 'The tenant service is temporarily unavailable. Please try again in a moment.' };

      for (const res of [
        await down.api.post('/api/services', ADMIN).send({ name: 'Down', clientId, templateId: template.id }),
        await down.api.post('/api/client-services', ADMIN).send({ clientId, templateId: template.id }),
        await down.api.post('/api/service-templates/activate', ADMIN).send({ clientId, templateId: template.id }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual(unavailable);
      }
      expect((await down.api.get(`/api/client-services/${clientId}`, ADMIN)).body.data).toEqual([]);
    });

    it('still saves a service whose clinic does not change', async () => {
      const service = await createClientService(down.dataSource, uniqueClientId(), (await createTemplate(down.dataSource)).id);
      const res = await down.api.patch(`/api/services/${service.id}`, ADMIN).send({ clientId: service.clientId, review1: 'Saved while tenant is down' });
      expect(res.status).toBe(200);
      expect(res.body.data.review1).toBe('Saved while tenant is down');
    });
  });
});
