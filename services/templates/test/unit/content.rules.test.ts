import {
  BUILT_IN_TEMPLATE_MAPPINGS,
  buildTemplateContent,
  chooseClientServices,
  dedupeServicesBySlug,
  DEFAULT_SERVICE_DESCRIPTION,
  defaultTemplateContent,
  descriptionOf,
  FALLBACK_SERVICES,
  headlineOf,
  isTemplateActive,
  mergeTemplateMappings,
  mergeTestimonials,
  parseList,
  serviceLink,
  servicesFromActivatedTemplates,
  toSymptoms,
  toTestimonials,
  toTitledItems,
  type ClientServiceSummary,
} from '@hap/contracts';

const service = (fields: Partial<ClientServiceSummary>): ClientServiceSummary => ({ id: 1, clientId: 1, isActive: true, ...fields });

describe('content rules (docs/public-site.md)', () => {
  describe('headlineOf', () => {
    it('uses the template headline, then the custom title, then the name, then the default', () => {
      expect(headlineOf({ headline: 'Feel like yourself', customTitle: 'TRT', name: 'Testosterone' })).toBe('Feel like yourself');
      expect(headlineOf({ headline: ' ', customTitle: 'Our TRT', name: 'Testosterone' })).toBe('Our TRT');
      expect(headlineOf({ headline: null, customTitle: null, name: 'Testosterone' })).toBe('Testosterone');
      expect(headlineOf({})).toBe('Professional Treatment');
    });
  });

  describe('descriptionOf', () => {
    it('uses the template description, then the service description, then the default', () => {
      expect(descriptionOf({ description: 'From the template', serviceDescription: 'Custom' })).toBe('From the template');
      expect(descriptionOf({ description: '', serviceDescription: 'Custom' })).toBe('Custom');
      expect(descriptionOf({})).toBe('Advanced treatment with proven results');
    });
  });

  describe('parseList', () => {
    it('takes arrays and JSON text of arrays; invalid or missing is an empty list', () => {
      expect(parseList([1, 2])).toEqual([1, 2]);
      expect(parseList('[{"title":"a"}]')).toEqual([{ title: 'a' }]);
      expect(parseList('{not json')).toEqual([]);
      expect(parseList('{"a":1}')).toEqual([]);
      expect(parseList(null)).toEqual([]);
      expect(parseList(undefined)).toEqual([]);
      expect(parseList(42)).toEqual([]);
    });

    it('turns bare strings into titled items and unknown icons into HelpCircle', () => {
      expect(toTitledItems('["More energy"]')).toEqual([{ title: 'More energy', description: '' }]);
      expect(toSymptoms([{ title: 'Fatigue', description: 'Tired', icon: 'Battery' }, { title: 'Fog', icon: 'Nope' }, 'Low mood'])).toEqual([
        { title: 'Fatigue', description: 'Tired', icon: 'Battery' },
        { title: 'Fog', description: '', icon: 'HelpCircle' },
        { title: 'Low mood', description: '', icon: 'HelpCircle' },
      ]);
    });
  });

  describe('defaultTemplateContent', () => {
    it('is "Advanced {name} Treatment" with empty lists, and is used when there is no template', () => {
      const content = defaultTemplateContent('Botox');
      expect(content.headline).toBe('Advanced Botox Treatment');
      expect(content.description).toBe('Advanced treatment with proven results');
      expect([content.benefits, content.symptoms, content.process, content.faqs, content.testimonials, content.beforeAfterImages]).toEqual([[], [], [], [], [], []]);
      expect(buildTemplateContent(null, { name: 'Botox' }).headline).toBe('Advanced Botox Treatment');
    });
  });

  describe('buildTemplateContent', () => {
    it('lets a client’s non-empty custom lists replace the template’s and keeps the rest', () => {
      const content = buildTemplateContent(
        { name: 'TRT', headline: 'H', description: 'D', benefits: [{ title: 'T', description: 'd' }], faqs: 'bad json', offer: null },
        { customBenefits: '[{"title":"Mine","description":"x"}]', customFaqs: [] },
      );
      expect(content.benefits).toEqual([{ title: 'Mine', description: 'x' }]);
      expect(content.faqs).toEqual([]);
      expect(content.offer).toBe('Free Consultation');
    });
  });

  describe('testimonials', () => {
    it('default to rating 5 and are merged after the template’s', () => {
      expect(toTestimonials(['Great care', { text: 'Good', rating: 4, name: 'Sam' }, { text: 'Ok', rating: 'x' }])).toEqual([
        { text: 'Great care', rating: 5, name: null },
        { text: 'Good', rating: 4, name: 'Sam' },
        { text: 'Ok', rating: 5, name: null },
      ]);
      expect(mergeTestimonials([{ text: 'A', rating: 5, name: 'T' }], '[{"text":"B"}]').map((t) => [t.text, t.rating])).toEqual([
        ['A', 5],
        ['B', 5],
      ]);
    });
  });

  describe('servicesFromActivatedTemplates', () => {
    it('names from custom title, template name, else "Service N"; paths from slug or id; default description', () => {
      const built = servicesFromActivatedTemplates(
        [
          { id: 10, templateId: 1, name: 'TRT', slug: 'trt', customTitle: 'Low T Care' },
          { id: 11, templateId: 4, name: 'PLong', slug: null, description: 'Longer' },
          { id: 12, templateId: 7 },
        ],
        3,
      );
      expect(built.map((s) => [s.name, s.path, s.description])).toEqual([
        ['Low T Care', 'trt', DEFAULT_SERVICE_DESCRIPTION],
        ['PLong', '4', 'Longer'],
        ['Service 3', '7', DEFAULT_SERVICE_DESCRIPTION],
      ]);
      expect(built.every((s) => s.clientId === 3 && s.isActive)).toBe(true);
    });
  });

  describe('dedupeServicesBySlug', () => {
    it('keeps one service per slug; a later duplicate wins only when more complete', () => {
      const bare = service({ id: 1, template_slug: 'trt', name: 'TRT' });
      const complete = service({ id: 2, template_slug: 'trt', name: 'TRT', description: 'Full', custom_offer: '$99' });
      const lessComplete = service({ id: 3, template_slug: 'trt', name: 'TRT', description: 'Only text' });
      const other = service({ id: 4, template_slug: 'ed', name: 'ED' });
      expect(dedupeServicesBySlug([bare, complete, lessComplete, other]).map((s) => s.id)).toEqual([2, 4]);
      expect(dedupeServicesBySlug([complete, bare]).map((s) => s.id)).toEqual([2]);
    });
  });

  describe('serviceLink', () => {
    const mappings = { ...BUILT_IN_TEMPLATE_MAPPINGS, '7': 'ed' };
    it('follows the order: template_slug, non-numeric path, mapped template id, mapped numeric path, raw path, service id', () => {
      expect(serviceLink(service({ template_slug: 'trt', path: 'x', templateId: 4 }), mappings)).toBe('trt');
      expect(serviceLink(service({ path: '/low-t', templateId: 4 }), mappings)).toBe('low-t');
      expect(serviceLink(service({ path: '99', templateId: '4' }), mappings)).toBe('plong');
      expect(serviceLink(service({ path: '7', templateId: 99 }), mappings)).toBe('ed');
      expect(serviceLink(service({ path: '55', templateId: 99 }), mappings)).toBe('55');
      expect(serviceLink(service({ id: 12 }), mappings)).toBe('service-12');
    });
  });

  describe('FALLBACK_SERVICES and chooseClientServices', () => {
    it('are TRT, Weight Loss, CoolSculpting, ED, PLong, Semaglutide with ids 999–994', () => {
      expect(FALLBACK_SERVICES.map((s) => [s.id, s.name])).toEqual([
        [999, 'TRT'],
        [998, 'Weight Loss'],
        [997, 'CoolSculpting'],
        [996, 'ED'],
        [995, 'PLong'],
        [994, 'Semaglutide'],
      ]);
    });

    it('uses the client’s own services, else its activated templates, else the fallback services', () => {
      expect(chooseClientServices([service({ id: 5, template_slug: 'trt' })], [{ templateId: 4, slug: 'plong' }], 2).map((s) => s.id)).toEqual([5]);
      expect(chooseClientServices([], [{ id: 8, templateId: 4, slug: 'plong', name: 'PLong' }], 2).map((s) => s.path)).toEqual(['plong']);
      expect(chooseClientServices(null, null, 2).map((s) => s.id)).toEqual([999, 998, 997, 996, 995, 994]);
    });
  });

  describe('isTemplateActive and mergeTemplateMappings', () => {
    it('matches an active template by id or by slug', () => {
      expect(isTemplateActive({ id: 1, slug: 'trt' }, [{ templateId: '1' }])).toBe(true);
      expect(isTemplateActive({ id: 1, slug: 'trt' }, [{ templateId: 9, slug: 'trt' }])).toBe(true);
      expect(isTemplateActive({ id: 1, slug: 'trt' }, [{ templateId: 9, slug: 'ed' }])).toBe(false);
    });

    it('keeps the hard-coded 1 → trt, 4 → plong, 11 → weight-management over the table', () => {
      expect(mergeTemplateMappings({ '1': 'other', '20': 'ed' })).toEqual({ '1': 'trt', '4': 'plong', '11': 'weight-management', '20': 'ed' });
    });
  });
});
