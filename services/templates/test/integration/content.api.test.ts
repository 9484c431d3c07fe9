import { createServer } from 'node:net';
import { ClientPublicSchema, ClientSchema, UnifiedClientContentSchema } from '@hap/contracts';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates } from '../helpers/app';
import { createClientService, createClinic, createTemplate, uniqueClientId } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';

describe('content API', () => {
  const t = sharedService(() => startTemplates(), START_TIMEOUT_MS);

  describe('GET /api/template-mappings', () => {
    it('maps every template id to its slug, with the built-in 1 → trt, 4 → plong, 11 → weight-management', async () => {
      const template = await createTemplate(t.dataSource);
      const res = await t.api.get('/api/template-mappings', ANONYMOUS);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ '1': 'trt', '4': 'plong', '11': 'weight-management', '5': 'coolsculpting' });
      // Cached 5 minutes per process: a template created before the first call is there.
      expect(res.body.data[String(template.id)]).toBe(template.slug);
    });
  });

  describe('GET /api/unified-client-content/:servicePath', () => {
    it('answers a clinic’s service with its custom content over the seeded template', async () => {
      const clientId = await createClinic(t);
      await createClientService(t.dataSource, clientId, 1, {
        customTitle: 'Low-T Therapy at Summit',
        customOffer: '$99 First Visit with Labs',
        customTestimonials: [{ text: 'Back to myself within weeks.', rating: 5, name: 'Ryan P.' }],
      });
      const res = await t.api.get(`/api/unified-client-content/trt?client=${clientId}`, ANONYMOUS);
      expect(res.status).toBe(200);
      const data = UnifiedClientContentSchema.parse(res.body.data);
      expect(data.service).toMatchObject({ clientId, templateId: 1, name: 'Low-T Therapy at Summit', path: 'trt', offer: '$99 First Visit with Labs' });
      expect(data.template.headline).toBe('Get Your Energy and Drive Back on Track');
      expect(data.template.symptoms).toHaveLength(6);
      expect(data.template.benefits).toHaveLength(6);
      expect(data.template.process).toHaveLength(3);
      expect(data.template.faqs.length).toBeGreaterThanOrEqual(5);
      // The template's three testimonials, then the clinic's own.
      expect(data.template.testimonials.map((x) => x.name)).toEqual(['Mark T.', 'Daniel R.', 'Chris L.', 'Ryan P.']);
    });

    it('answers data.client with the clinic’s fields as GET /api/clients/{id} names them for pages, never its ad account or CRM ids', async () => {
      const tenant = t.tenant!;
      const made = await tenant.api.post('/api/clients', ADMIN).send({
        name: 'Harbor Vitality',
        address: '9 Harbor Way, Portland, OR 97201',
        phone: '(503) 555-0190',
        email: 'desk@harbor.example',
        brandColor: '#0f766e',
        brandBgColor: '#134e4a',
        logoPath: '/uploads/harbor-logo.png',
        googleAdsTagId: 'AW-123456789',
        googleAdsAccountId: '123-456-7890',
        googleAdsManagerId: '987-654-3210',
        bookingLink: 'https://book.harbor.example/',
      });
      expect(made.status).toBe(201);
      const clientId = made.body.data.id as number;
      // What tenant knows, as an admin reads it: the ad account and CRM fields are there.
      const admin = ClientSchema.parse(made.body.data);
      expect(admin.googleAdsAccountId).toBe('1234567890');
      const template = await createTemplate(t.dataSource);
      await createClientService(t.dataSource, clientId, template.id);

      for (const caller of [ANONYMOUS, ADMIN]) {
        const res = await t.api.get(`/api/unified-client-content/${template.slug}?client=${clientId}`, caller);
        expect(res.status).toBe(200);
        const anonymousView = (await tenant.api.get(`/api/clients/${clientId}`, ANONYMOUS)).body.data;
        // Exactly the fields (and values) the anonymous GET /api/clients/{id} answers.
        expect(res.body.data.client).toEqual(anonymousView);
        expect(res.body.data.client).toMatchObject({
          id: clientId,
          name: 'Harbor Vitality',
          brandColor: '#0f766e',
          brandBgColor: '#134e4a',
          logoPath: '/uploads/harbor-logo.png',
          phone: '(503) 555-0190',
          email: 'desk@harbor.example',
          googleAdsTagId: 'AW-123456789',
          bookingLink: 'https://book.harbor.example/',
        });
        expect(Object.keys(res.body.data.client).sort()).toEqual(Object.keys(ClientPublicSchema.shape).sort());
        expect(JSON.stringify(res.body.data.client)).not.toMatch(/googleAdsAccountId|googleAdsManagerId|1234567890|ghl|crm|webhook/i);
      }
    });

    it('answers 404 for a clinic tenant does not know, and 503 when tenant does not answer', async () => {
      const unknown = await t.api.get('/api/unified-client-content/trt?client=1999999999', ANONYMOUS);
      expect(unknown.status).toBe(404);

      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      await createClientService(t.dataSource, clientId, template.id);
      const port = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = server.address() as { port: number };
          server.close(() => resolve(free));
        });
      });
      const down = await startTemplates({ tenantUrl: `http://127.0.0.1:${port}` });
      try {
        const res = await down.api.get(`/api/unified-client-content/${template.slug}?client=${clientId}`, ANONYMOUS);
        expect(res.status).toBe(503);
        expect(res.body.message).toBe('The tenant service is temporarily unavailable. Please try again in a moment.');
        // A path the clinic does not offer is still the spec's 404, whatever tenant says.
        expect((await down.api.get(`/api/unified-client-content/nothing-here?client=${clientId}`, ANONYMOUS)).body.message).toBe(
          'Unified content not found for path: nothing-here',
        );
      } finally {
        await down.close();
      }
    });

    it('finds a service by custom path or template id, case-insensitively', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      await createClientService(t.dataSource, clientId, template.id, { customPath: 'my-page' });
      expect((await t.api.get(`/api/unified-client-content/MY-PAGE?client=${clientId}`)).body.data.service.path).toBe('my-page');
      expect((await t.api.get(`/api/unified-client-content/${template.id}?client=${clientId}`)).status).toBe(200);
      expect((await t.api.get(`/api/unified-client-content/${template.slug}?client=${clientId}`)).status).toBe(200);
    });

    it('applies the fallbacks: custom title, default description, invalid lists empty, default rating 5', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource, { headline: null, description: ' ', offer: null, faqs: 'not json', benefits: '[{"title":"From text"}]', testimonials: ['Plain'] });
      await createClientService(t.dataSource, clientId, template.id, { customTitle: 'Our Therapy', customTestimonials: [{ text: 'Mine' }] });

      const res = await t.api.get(`/api/unified-client-content/${template.slug}?client=${clientId}`);

      expect(res.status).toBe(200);
      expect(res.body.data.template).toMatchObject({
        headline: 'Our Therapy',
        description: 'Advanced treatment with proven results',
        offer: 'Free Consultation',
        faqs: [],
        benefits: [{ title: 'From text', description: '' }],
        testimonials: [
          { text: 'Plain', rating: 5, name: null },
          { text: 'Mine', rating: 5, name: null },
        ],
      });
    });

    it('shows an inactive service to admins only', async () => {
      const clientId = await createClinic(t);
      const template = await createTemplate(t.dataSource);
      await createClientService(t.dataSource, clientId, template.id, { isActive: false });
      expect((await t.api.get(`/api/unified-client-content/${template.slug}?client=${clientId}`, ANONYMOUS)).status).toBe(404);
      expect((await t.api.get(`/api/unified-client-content/${template.slug}?client=${clientId}`, ADMIN)).body.data.service.isActive).toBe(false);
    });

    it('answers 404 with the spec’s sentence for a path the client does not offer', async () => {
      const res = await t.api.get('/api/unified-client-content/coolsculpting?client=1');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Unified content not found for path: coolsculpting');
    });

    it('answers 400 for a bad path or client', async () => {
      expect((await t.api.get('/api/unified-client-content/trt?client=abc')).body.message).toBe('Client id must be a number');
      expect((await t.api.get('/api/unified-client-content/tr%20t?client=1')).status).toBe(400);
    });
  });

  describe('GET /api/service-meta/:path', () => {
    it('answers the service’s title, description, keywords and canonical path', async () => {
      const res = await t.api.get('/api/service-meta/coolsculpting?client=3');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ title: 'CoolSculpting at Lumière', canonicalUrl: '/coolsculpting' });
      expect(res.body.data.description).toMatch(/CoolSculpting/);
      expect(res.body.data.keywords).toContain('coolsculpting');
    });

    it('answers the defaults for an unknown path', async () => {
      const res = await t.api.get('/api/service-meta/nothing-here?client=1');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        title: 'Professional Medical Services',
        description: 'Advanced treatment with proven results',
        keywords: '',
        canonicalUrl: '/nothing-here',
      });
    });
  });

  describe('GET /api/direct-template-content/:templateId', () => {
    it('answers a template’s content with its offer', async () => {
      const res = await t.api.get('/api/direct-template-content/4');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: 4, slug: 'plong', offer: 'Free Private Consultation' });
    });

    it('answers 404 for an unknown template and 400 for a non-number', async () => {
      expect((await t.api.get('/api/direct-template-content/987654')).body.message).toBe('Service template 987654 was not found.');
      expect((await t.api.get('/api/direct-template-content/trt')).status).toBe(400);
    });
  });

  describe('GET /api/testimonials/client/:clientId/template/:templateId', () => {
    it('answers the client’s own testimonials with rating 5 by default, or none', async () => {
      const clientId = uniqueClientId();
      const template = await createTemplate(t.dataSource);
      await createClientService(t.dataSource, clientId, template.id, { customTestimonials: '["Lovely staff", {"text":"Good","rating":3}]' });
      const res = await t.api.get(`/api/testimonials/client/${clientId}/template/${template.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { text: 'Lovely staff', rating: 5, name: null },
        { text: 'Good', rating: 3, name: null },
      ]);
      expect((await t.api.get(`/api/testimonials/client/${clientId}/template/1`)).body.data).toEqual([]);
    });
  });
});
