import { DEMO_TEMPLATE_ART, PageContentSchema, responsiveImage } from '@hap/contracts';
import { ADMIN, ANONYMOUS, PUBLIC_SHELL, START_TIMEOUT_MS, startTemplates } from '../helpers/app';
import { createClientService, createTemplate, uniqueClientId } from '../helpers/factories';
import { sharedService } from '@hap/test-kit/shared-service';

describe('GET /api/page-content/:clientId', () => {
  const t = sharedService(() => startTemplates(), START_TIMEOUT_MS);

  const pageContent = async (path: string, identity = ANONYMOUS) => {
    const res = await t.api.get(path, identity);
    expect(res.status).toBe(200);
    return PageContentSchema.strict().parse(res.body.data);
  };

  it('answers the clinic’s active services only, as linked cards with offer and image; no landing without ?service=', async () => {
    const clientId = uniqueClientId();
    const [a, b, c] = [
      await createTemplate(t.dataSource, { heroImage: '/uploads/templates/a.1920x1080.jpg', offer: 'Template offer' }),
      await createTemplate(t.dataSource),
      await createTemplate(t.dataSource),
    ];
    const first = await createClientService(t.dataSource, clientId, a.id, { customTitle: 'Our A', customPath: 'our-a' });
    const second = await createClientService(t.dataSource, clientId, b.id, { customOffer: '$49 visit', heroBackgroundPath: '/uploads/images/bg.png', customDescription: 'Mine' });
    await createClientService(t.dataSource, clientId, c.id, { isActive: false });

    const data = await pageContent(`/api/page-content/${clientId}`);

    expect(data.landing).toBeNull();
    expect(data.services).toEqual([
      // The link is the template's slug (docs/public-site.md#states-and-fallbacks link rule), which the custom path also resolves to.
      { id: first.id, name: 'Our A', description: a.description, slug: a.slug, offer: 'Template offer', image: '/uploads/templates/a.1920x1080.jpg' },
      { id: second.id, name: b.name, description: 'Mine', slug: b.slug, offer: '$49 visit', image: '/uploads/images/bg.png' },
    ]);
  });

  it('de-duplicates the cards by slug: one card per linked page', async () => {
    const data = await pageContent('/api/page-content/1');
    expect(data.services.length).toBeGreaterThanOrEqual(3);
    expect(new Set(data.services.map((s) => s.slug)).size).toBe(data.services.length);
  });

  it('gives a demo clinic’s cards the demo templates’ hero art, sized for a srcset', async () => {
    const data = await pageContent('/api/page-content/1');
    const trt = data.services.find((s) => s.slug === 'trt')!;
    expect(trt.image).toBe(DEMO_TEMPLATE_ART.trt.hero);
    expect(responsiveImage(trt.image!, 640)).toMatchObject({ width: 1920, height: 1080, src: DEMO_TEMPLATE_ART.trt.hero.replace(/\.jpg$/, '-640w.webp') });
  });

  it('adds a service page’s content and meta with ?service=trt, with its before/after pictures', async () => {
    const data = await pageContent('/api/page-content/1?service=trt');
    expect(data.landing).not.toBeNull();
    const { content, meta } = data.landing!;
    expect(content.client).toEqual({ id: 1 });
    expect(content.service).toMatchObject({ clientId: 1, templateId: 1, path: 'trt', name: 'Low-T Therapy at Summit' });
    expect(content.template.headline).toBe('Get Your Energy and Drive Back on Track');
    expect(content.template.heroImage).toBe(DEMO_TEMPLATE_ART.trt.hero);
    expect(content.template.beforeAfterImages.map((s) => ({ before: s.beforeImage, after: s.afterImage }))).toEqual(DEMO_TEMPLATE_ART.trt.stories);
    expect(meta).toMatchObject({ title: 'Low-T Therapy at Summit', canonicalUrl: '/trt' });
    // The same answer, whatever the case of the path.
    expect((await pageContent('/api/page-content/1?service=TRT')).landing?.content.service.id).toBe(content.service.id);
  });

  it('answers landing null for a service the clinic does not offer (the cards stay)', async () => {
    const data = await pageContent('/api/page-content/1?service=nothing-here');
    expect(data.landing).toBeNull();
    expect(data.services.length).toBeGreaterThan(0);
    expect((await pageContent('/api/page-content/1?service=coolsculpting')).landing).toBeNull();
  });

  it('drops a deactivated service from the cards and its page, for admins’ previews of the page too', async () => {
    const clientId = uniqueClientId();
    const [kept, dropped] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
    await createClientService(t.dataSource, clientId, kept.id);
    await createClientService(t.dataSource, clientId, dropped.id);
    expect((await pageContent(`/api/page-content/${clientId}?service=${dropped.slug}`)).landing).not.toBeNull();

    const res = await t.api.delete(`/api/service-templates/deactivate?clientId=${clientId}&templateId=${dropped.id}`, ADMIN);
    expect(res.body.data.deactivated).toBe(true);

    for (const identity of [ANONYMOUS, ADMIN]) {
      const data = await pageContent(`/api/page-content/${clientId}?service=${dropped.slug}`, identity);
      expect(data.services.map((s) => s.slug)).toEqual([kept.slug]);
      expect(data.landing).toBeNull();
    }
  });

  describe('an admin’s preview (?preview=true, ARCHITECTURE.md)', () => {
    it('shows an admin an inactive service of the clinic, with its own content; the cards stay the public ones', async () => {
      const clientId = uniqueClientId();
      const [live, paused] = [await createTemplate(t.dataSource), await createTemplate(t.dataSource)];
      await createClientService(t.dataSource, clientId, live.id);
      const inactive = await createClientService(t.dataSource, clientId, paused.id, { isActive: false, customTitle: 'Paused for now', customPath: 'paused' });

      const data = await pageContent(`/api/page-content/${clientId}?service=paused&preview=true`, ADMIN);
      expect(data.services.map((s) => s.slug)).toEqual([live.slug]);
      expect(data.landing?.content.service).toMatchObject({ id: inactive.id, name: 'Paused for now', path: 'paused', isActive: false });
      expect(data.landing?.meta.title).toBe('Paused for now');
    });

    it('shows an admin a template the clinic has not activated, by slug in any case or by id, as the clinic would get it', async () => {
      const clientId = uniqueClientId();
      const template = await createTemplate(t.dataSource, { offer: 'Free first visit' });

      for (const path of [template.slug, template.slug.toUpperCase(), String(template.id)]) {
        const { landing } = await pageContent(`/api/page-content/${clientId}?service=${path}&preview=true`, ADMIN);
        expect(landing?.content.client).toEqual({ id: clientId });
        expect(landing?.content.service).toEqual({
          id: 0,
          clientId,
          templateId: template.id,
          name: template.name,
          path: template.slug,
          isActive: false,
          customTitle: null,
          formEmbedCode: null,
          heroBackgroundPath: null,
          offer: 'Free first visit',
          offerValue: null,
          offerDescription: null,
          sections: null,
        });
        expect(landing?.content.template.headline).toBe(template.headline);
        expect(landing?.meta.canonicalUrl).toBe(`/${template.slug}`);
      }
    });

    it('shows visitors, and the public shell without an admin, only active services, and never keeps the preview in the page cache', async () => {
      const clientId = uniqueClientId();
      const template = await createTemplate(t.dataSource);
      for (const identity of [ANONYMOUS, PUBLIC_SHELL]) {
        expect((await pageContent(`/api/page-content/${clientId}?service=${template.slug}&preview=true`, identity)).landing).toBeNull();
      }
      expect((await pageContent(`/api/page-content/${clientId}?service=${template.slug}&preview=true`, ADMIN)).landing).not.toBeNull();
      // The visitor's answer after the admin's is still the visitor's.
      expect((await pageContent(`/api/page-content/${clientId}?service=${template.slug}`)).landing).toBeNull();
    });

    it('answers landing null for an admin when no service and no template has that path', async () => {
      expect((await pageContent('/api/page-content/1?service=no-such-template-anywhere&preview=true', ADMIN)).landing).toBeNull();
    });

    it('answers 400 for a preview that is not true or false', async () => {
      const res = await t.api.get('/api/page-content/1?service=trt&preview=yes', ADMIN);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'preview must be true or false' });
    });
  });

  it('answers an empty page for a clinic with no services', async () => {
    expect(await pageContent(`/api/page-content/${uniqueClientId()}`)).toEqual({ services: [], landing: null });
  });

  it.each([
    ['/api/page-content/abc', 'Client id must be a number'],
    ['/api/page-content/0', 'Client id must be a positive number'],
    ['/api/page-content/1e3', 'Client id must be a number'],
    ['/api/page-content/3000000000', 'Client id is too large'],
    ['/api/page-content/1?service=tr%20t', 'Service path may contain only letters, digits and hyphens'],
  ])('answers 400 for %s', async (path, message) => {
    const res = await t.api.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
  });
});
