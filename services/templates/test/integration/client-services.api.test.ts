import { ClientServiceSchema, ClientServiceSummarySchema } from '@hap/contracts';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates } from '../helpers/app';
import { auditRows, createClientService, createClinic, createTemplate, uniqueClientId } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';

describe('client services API', () => {
  const t = sharedService(() => startTemplates(), START_TIMEOUT_MS);

  describe('POST /api/client-services', () => {
    it('adds a service from a template with custom JSON-text lists (templateId as text) and audits it', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      const res = await t.api.post('/api/client-services', ADMIN).send({
        clientId,
        templateId: String(template.id),
        customTitle: 'Our Therapy',
        customBenefits: '[{"title":"Fast","description":"Quick visits"}]',
        customSymptoms: null,
        customFaqs: '',
        formEmbedCode: 'null',
      });
      expect(res.status).toBe(201);
      const body = ClientServiceSchema.strict().parse(res.body.data);
      expect(body).toMatchObject({
        clientId,
        templateId: template.id,
        isActive: true,
        name: 'Our Therapy',
        path: template.slug,
        template_slug: template.slug,
        customBenefits: [{ title: 'Fast', description: 'Quick visits' }],
        customSymptoms: [],
        customFaqs: [],
        formEmbedCode: null,
      });
      const [audit] = await auditRows(t.dataSource, 'client_service', body.id);
      expect(audit).toMatchObject({ action: 'create', actor_user_id: ADMIN.userId });
    });

    it('answers 409 for a second service of the same template, 404 for an unknown template', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      await t.api.post('/api/client-services', ADMIN).send({ clientId, templateId: template.id }).expect(201);
      const again = await t.api.post('/api/client-services', ADMIN).send({ clientId, templateId: template.id });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This client already has a service for this template.');
      const missing = await t.api.post('/api/client-services', ADMIN).send({ clientId, templateId: 987654 });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Service template 987654 was not found.');
    });

    it('answers 409 when another service of the client already uses the custom path', async () => {
      const clientId = await createClinic(t);
      const [a, b] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
      await t.api.post('/api/client-services', ADMIN).send({ clientId, templateId: a.id, customPath: 'our-page' }).expect(201);
      const res = await t.api.post('/api/client-services', ADMIN).send({ clientId, templateId: b.id, customPath: '/Our-Page' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Another of this client\'s services already uses the path "Our-Page".');
    });

    it('answers 400 with the field’s sentence for bad input', async () => {
      const bad = async (body: object) => (await t.api.post('/api/client-services', ADMIN).send(body)).body;
      expect((await bad({ clientId: 1, templateId: 'abc' })).issues[0]).toMatchObject({ path: 'templateId', message: 'Template id must be a number' });
      expect((await bad({ clientId: 'x', templateId: 1 })).issues[0]).toMatchObject({ path: 'clientId', message: 'Client id must be a number' });
      expect((await bad({ clientId: 1, templateId: 1, customFaqs: '{"question":"q"}' })).issues[0]).toMatchObject({ path: 'customFaqs', message: 'FAQs must be a list' });
      expect((await bad({ clientId: 1, templateId: 1, customPath: 'a/b' })).issues[0].message).toBe('Path may contain only letters, digits and hyphens');
    });

    it("answers 404 'Client N was not found.' when tenant has no such clinic, writing nothing", async () => {
      const template = await createTemplate(t.dataSource);
      const res = await t.api.post('/api/client-services', ADMIN).send({ clientId: 1_999_999_998, templateId: template.id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Client 1999999998 was not found.' });
      expect((await t.api.get('/api/client-services/1999999998', ADMIN)).body.data).toEqual([]);
    });

    it('refuses anonymous callers with 401', async () => {
      expect((await t.api.post('/api/client-services', ANONYMOUS).send({ clientId: 1, templateId: 1 })).status).toBe(401);
    });
  });

  describe('PATCH /api/client-services/:id and POST /api/update-client-service', () => {
    it('change a service’s custom content and audit it', async () => {
      const service = await createClientService(t.dataSource, uniqueClientId(), (await createTemplate(t.dataSource)).id);
      const patched = await t.api.patch(`/api/client-services/${service.id}`, ADMIN).send({ customOffer: '$49 Intro', offerValue: '$199 value', isActive: false });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ customOffer: '$49 Intro', custom_offer: '$49 Intro', offerValue: '$199 value', isActive: false });

      const posted = await t.api.post('/api/update-client-service', ADMIN).send({ id: service.id, clientId: 999, templateId: 1, customTitle: 'Renamed', customTestimonials: '["Great"]' });
      expect(posted.status).toBe(200);
      expect(posted.body.data).toMatchObject({ clientId: service.clientId, templateId: service.templateId, name: 'Renamed', customOffer: '$49 Intro', customTestimonials: [{ text: 'Great', rating: 5, name: null }] });
      expect((await auditRows(t.dataSource, 'client_service', service.id)).map((a) => a.action)).toEqual(['update', 'update']);
    });

    it('answer 404 for an unknown service and 400 without an id', async () => {
      const missing = await t.api.patch('/api/client-services/987654', ADMIN).send({ customTitle: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Client service 987654 was not found.');
      const noId = await t.api.post('/api/update-client-service', ADMIN).send({ customTitle: 'x' });
      expect(noId.status).toBe(400);
    });
  });

  describe('GET /api/client-services/:clientId', () => {
    it('lists every service with all fields for admins, and filters by isActive', async () => {
      const clientId = uniqueClientId();
      const active = await createClientService(t.dataSource, clientId, (await createTemplate(t.dataSource)).id, { formEmbedCode: '<iframe></iframe>' });
      const inactive = await createClientService(t.dataSource, clientId, (await createTemplate(t.dataSource)).id, { isActive: false });
      const all = await t.api.get(`/api/client-services/${clientId}`, ADMIN);
      expect(all.body.data.map((s: { id: number }) => s.id)).toEqual([active.id, inactive.id]);
      expect(ClientServiceSchema.strict().parse(all.body.data[0]).formEmbedCode).toBe('<iframe></iframe>');
      expect((await t.api.get(`/api/client-services/${clientId}?isActive=false`, ADMIN)).body.data.map((s: { id: number }) => s.id)).toEqual([inactive.id]);
      expect((await t.api.get(`/api/client-services/${clientId}?isActive=maybe`, ADMIN)).body.message).toBe('isActive must be true or false');
    });

    it('lists only active services, with public fields only, for pages', async () => {
      const clientId = uniqueClientId();
      const active = await createClientService(t.dataSource, clientId, (await createTemplate(t.dataSource)).id, { googleAdsSettings: { dailyBudget: 50 } });
      await createClientService(t.dataSource, clientId, (await createTemplate(t.dataSource)).id, { isActive: false });
      const res = await t.api.get(`/api/client-services/${clientId}?isActive=false`, ANONYMOUS);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(ClientServiceSummarySchema.strict().parse(res.body.data[0])).toMatchObject({ id: active.id, isActive: true });
      expect(res.body.data[0].googleAdsSettings).toBeUndefined();
    });

    it('ignores a cache-busting query parameter (docs/public-site.md)', async () => {
      const res = await t.api.get(`/api/client-services/1?_=${Date.now()}`, ANONYMOUS);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
    });

    it('answers 400 for a client id that is not a number', async () => {
      const res = await t.api.get('/api/client-services/abc', ANONYMOUS);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Client id must be a number');
    });

    it('gives every demo clinic at least one active service, and clinics 1–3 several', async () => {
      for (let clientId = 1; clientId <= 11; clientId++) {
        const res = await t.api.get(`/api/client-services/${clientId}`, ANONYMOUS);
        expect(res.body.data.length).toBeGreaterThanOrEqual(clientId <= 3 ? 3 : 1);
      }
    });
  });

  describe('GET /api/services/client/:clientId', () => {
    it('lists id, name, path, isActive, templateId and clientId (active ones for pages)', async () => {
      const clientId = uniqueClientId();
      const template = await createTemplate(t.dataSource);
      const service = await createClientService(t.dataSource, clientId, template.id, { customTitle: 'Mine' });
      await createClientService(t.dataSource, clientId, (await createTemplate(t.dataSource)).id, { isActive: false });
      const res = await t.api.get(`/api/services/client/${clientId}`);
      expect(res.body.data).toEqual([{ id: service.id, name: 'Mine', path: template.slug, isActive: true, templateId: template.id, clientId }]);
      expect((await t.api.get(`/api/services/client/${clientId}`, ADMIN)).body.data).toHaveLength(2);
    });
  });
});
