import { ServiceTemplateSchema } from '@hap/contracts';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates, type TestTemplates } from '../helpers/app';
import { auditRows, createTemplate, uniq } from '../helpers/factories';

describe('catalogue API', () => {
  let t: TestTemplates;

  beforeAll(async () => {
    t = await startTemplates();
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('GET /api/service-templates', () => {
    it('lists every template with its content and category for admins', async () => {
      const res = await t.api.get('/api/service-templates', ADMIN);
      expect(res.status).toBe(200);
      const trt = res.body.data.find((x: { slug: string }) => x.slug === 'trt');
      expect(ServiceTemplateSchema.strict().parse(trt)).toMatchObject({ id: 1, category: "Men's Health", subcategory: "Men's Health" });
    });

    it('refuses anonymous callers with 401', async () => {
      const res = await t.api.get('/api/service-templates', ANONYMOUS);
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/service-templates/all', () => {
    it('lists the catalogue for anonymous pages (onboarding), seven seeded templates among them', async () => {
      const res = await t.api.get('/api/service-templates/all', ANONYMOUS);
      expect(res.status).toBe(200);
      const slugs = res.body.data.map((x: { slug: string }) => x.slug);
      expect(slugs).toEqual(expect.arrayContaining(['trt', 'plong', 'weight-management', 'weight-loss', 'ed', 'coolsculpting', 'semaglutide']));
      const sema = res.body.data.find((x: { slug: string }) => x.slug === 'semaglutide');
      expect(sema).toMatchObject({ category: 'Wellness Clinic', subcategory: 'Weight Management', offer: expect.any(String) });
      // What a business owner picks from, not the admin's content or the CRM snapshot ids.
      expect(Object.keys(sema).sort()).toEqual(['category', 'description', 'id', 'name', 'offer', 'slug', 'subcategory']);
    });
  });

  describe('GET /api/template-subcategories', () => {
    it('lists subcategories sorted by name', async () => {
      const res = await t.api.get('/api/template-subcategories', ADMIN);
      expect(res.status).toBe(200);
      const names: string[] = res.body.data.map((x: { name: string }) => x.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(names).toEqual(expect.arrayContaining(['Weight Management', 'Skin & Aesthetics', "Men's Health", 'Body Contouring', 'Hair Restoration']));
    });
  });

  describe('PATCH /api/service-templates/:id', () => {
    it('changes content (arrays or JSON text, bare strings become titles) and audits it', async () => {
      const template = await createTemplate(t.dataSource);
      const res = await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({
        headline: 'A new headline',
        benefits: '["More energy", {"title": "Better sleep", "description": "Rest"}]',
        symptoms: [{ title: 'Fog', icon: 'Brain' }, { title: 'Odd', description: 'x' }],
        testimonials: ['Wonderful'],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        headline: 'A new headline',
        benefits: [
          { title: 'More energy', description: '' },
          { title: 'Better sleep', description: 'Rest' },
        ],
        symptoms: [
          { title: 'Fog', description: '', icon: 'Brain' },
          { title: 'Odd', description: 'x', icon: 'HelpCircle' },
        ],
        testimonials: [{ text: 'Wonderful', rating: 5, name: null }],
      });
      const [audit] = await auditRows(t.dataSource, 'service_template', template.id);
      expect(audit).toMatchObject({ action: 'update', actor_user_id: ADMIN.userId });
    });

    it('answers 400 with a sentence for a list that is not a list, an unknown icon or a bad slug', async () => {
      const template = await createTemplate(t.dataSource);
      const bad = async (body: object) => (await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send(body)).body;
      expect(await bad({ faqs: 'not json' })).toMatchObject({ success: false, issues: [{ path: 'faqs', message: 'FAQs must be a list' }] });
      expect((await bad({ symptoms: [{ title: 'x', icon: 'Rocket' }] })).issues[0].message).toMatch(/^Icon must be one of Battery/);
      expect((await bad({ slug: 'Not A Slug' })).issues[0].message).toBe('Slug may contain only lower-case letters, digits and hyphens');
      expect((await bad({})).issues[0].message).toBe('Send at least one field to change');
    });

    it('answers 409 for a slug another template uses and 404 for an unknown template', async () => {
      const template = await createTemplate(t.dataSource);
      const taken = await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ slug: 'trt' });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Another template already uses the slug "trt".');
      const missing = await t.api.patch('/api/service-templates/987654', ADMIN).send({ name: 'Whatever' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Service template 987654 was not found.');
    });

    it('updates the template mappings with a new slug', async () => {
      const template = await createTemplate(t.dataSource);
      const slug = `renamed-${uniq()}`;
      await t.api.patch(`/api/service-templates/${template.id}`, ADMIN).send({ slug }).expect(200);
      const res = await t.api.get('/api/template-mappings');
      expect(res.body.data[String(template.id)]).toBe(slug);
    });

    it('refuses anonymous callers with 401', async () => {
      expect((await t.api.patch('/api/service-templates/1', ANONYMOUS).send({ name: 'Hacked' })).status).toBe(401);
    });
  });
});
