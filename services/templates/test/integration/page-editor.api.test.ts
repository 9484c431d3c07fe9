import { ClientServiceSchema, PageContentSchema } from '@hap/contracts';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startTemplates } from '../helpers/app';
import { createClientService, createTemplate, uniqueClientId } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';
import { ClientServiceEntity } from '../../src/modules/client-service/client-service.entity';

/** What the page editor saves and reads (docs/page-editor.md). */
describe('the page editor’s API', () => {
  const t = sharedService(() => startTemplates(), START_TIMEOUT_MS);

  const landingOf = async (clientId: number, slug: string, identity = ANONYMOUS, preview = false) => {
    const res = await t.api.get(`/api/page-content/${clientId}?service=${slug}${preview ? '&preview=true' : ''}`, identity);
    expect(res.status).toBe(200);
    return PageContentSchema.strict().parse(res.body.data).landing!;
  };

  async function clinicPage() {
    const clientId = uniqueClientId();
    const template = await createTemplate(t.dataSource, {
      faqs: [
        { question: 'Is it safe?', answer: 'Yes.' },
        { question: 'How long?', answer: 'Weeks.' },
      ],
    });
    const service = await createClientService(t.dataSource, clientId, template.id);
    return { clientId, template, service };
  }

  it('saves a section layout; visitors’ content carries it, and null gives the style’s own back', async () => {
    const { clientId, template, service } = await clinicPage();
    const saved = await t.api.patch(`/api/client-services/${service.id}`, ADMIN).send({ pageSections: { order: ['faqs', 'process'], hidden: ['reviews'] } });
    expect(saved.status).toBe(200);
    expect(ClientServiceSchema.parse(saved.body.data).pageSections).toEqual({ order: ['faqs', 'process'], hidden: ['reviews'] });
    expect((await landingOf(clientId, template.slug)).content.service.sections).toEqual({ order: ['faqs', 'process'], hidden: ['reviews'] });

    const cleared = await t.api.patch(`/api/client-services/${service.id}`, ADMIN).send({ pageSections: null });
    expect(cleared.body.data.pageSections).toBeNull();
    expect((await landingOf(clientId, template.slug)).content.service.sections).toBeNull();
  });

  it.each([
    [{ order: ['faqs', 'hero'], hidden: [] }, 'Section must be one of symptoms, about, provider, benefits, process, reviews, network, faqs'],
    [{ order: ['faqs', 'faqs'], hidden: [] }, 'Section order names a section twice'],
    [{ order: [] }, 'Hidden sections must be a list of sections'],
    ['faqs', 'Page sections must be an object with order and hidden'],
  ])('refuses the layout %j with 400 and writes nothing', async (pageSections, message) => {
    const { service } = await clinicPage();
    const res = await t.api.patch(`/api/client-services/${service.id}`, ADMIN).send({ pageSections, customHeadline: 'Not saved either' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    const after = await t.dataSource.getRepository(ClientServiceEntity).findOneByOrFail({ id: service.id });
    expect(after).toMatchObject({ customHeadline: null, pageSections: null });
  });

  it('gives an admin’s preview the items’ ids and the editor’s flag; visitors get neither', async () => {
    const { clientId, template } = await clinicPage();
    const visitor = await landingOf(clientId, template.slug);
    expect(visitor.editable).toBeUndefined();
    expect(visitor.content.template.faqs).toEqual([
      { question: 'Is it safe?', answer: 'Yes.' },
      { question: 'How long?', answer: 'Weeks.' },
    ]);

    const admin = await landingOf(clientId, template.slug, ADMIN, true);
    expect(admin.editable).toBe(true);
    const ids = admin.content.template.faqs.map((f) => f.id);
    expect(ids).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]+$/), expect.stringMatching(/^[A-Za-z0-9_-]+$/)]);
    expect(new Set(ids).size).toBe(2);
  });

  it('keeps a template item’s id when the clinic saves its own copy of the list, so a later push knows it', async () => {
    const { clientId, template, service } = await clinicPage();
    const [first, second] = (await landingOf(clientId, template.slug, ADMIN, true)).content.template.faqs;
    const res = await t.api.patch(`/api/client-services/${service.id}`, ADMIN).send({
      customFaqs: [{ ...second, answer: 'About six weeks.' }, { question: 'Our own question?', answer: 'Ours.' }, first],
    });
    expect(res.status).toBe(200);
    const faqs = (await landingOf(clientId, template.slug, ADMIN, true)).content.template.faqs;
    expect(faqs.map((f) => [f.id, f.question, f.answer])).toEqual([
      [second!.id, 'How long?', 'About six weeks.'],
      [expect.any(String), 'Our own question?', 'Ours.'],
      [first!.id, 'Is it safe?', 'Yes.'],
    ]);
    expect(faqs[1]!.id).not.toBe(first!.id);
  });
});
