import { ServiceCreateSchema, ServiceFormMessages, ServiceUpdateSchema } from '../src/templates/service-form';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the service form body (POST /api/services)', () => {
  it('accepts the form as the screen sends it, template id as text, blanks as null', () => {
    const parsed = ServiceCreateSchema.parse({
      name: ' TRT Clinic ',
      path: '/trt-now',
      clientId: 3,
      templateId: '1',
      formEmbedCode: '   ',
      review1: 'Great team',
      review2: '',
      googleAdsScript: '<script>gtag()</script>',
      customTestimonials: '[{"text":"Kind staff"}]',
    });
    expect(parsed).toMatchObject({
      name: 'TRT Clinic',
      path: 'trt-now',
      clientId: 3,
      templateId: 1,
      isActive: true,
      formEmbedCode: null,
      review1: 'Great team',
      review2: null,
      googleAdsScript: '<script>gtag()</script>',
      customTestimonials: [{ text: 'Kind staff', rating: 5 }],
    });
  });

  it('needs a name, a client and a template', () => {
    expect(messages(ServiceCreateSchema.safeParse({ name: 'x', clientId: 0, templateId: 'abc' }))).toEqual([
      `name: ${ServiceFormMessages.nameTooShort}`,
      'clientId: Client id must be a positive number',
      'templateId: Template id must be a number',
    ]);
  });

  it("says 'Template selection is required' (docs/admin.md) when no template is chosen", () => {
    for (const templateId of [undefined, null, '', '  ']) {
      expect(messages(ServiceCreateSchema.safeParse({ name: 'TRT', clientId: 1, templateId }))).toEqual(['templateId: Template selection is required']);
    }
  });

  it('bounds admin-supplied HTML at 20 000 characters with a sentence per field', () => {
    const long = 'x'.repeat(20_001);
    const result = ServiceCreateSchema.safeParse({ name: 'TRT', clientId: 1, templateId: 1, formEmbedCode: long, googleAdsScript: long, facebookPixelScript: long });
    expect(messages(result)).toEqual([
      'formEmbedCode: Form embed code must be at most 20,000 characters',
      'googleAdsScript: Google Ads script must be at most 20,000 characters',
      'facebookPixelScript: Facebook Pixel script must be at most 20,000 characters',
    ]);
    expect(ServiceCreateSchema.safeParse({ name: 'TRT', clientId: 1, templateId: 1, formEmbedCode: 'x'.repeat(20_000) }).success).toBe(true);
  });

  it('refuses a path with slashes inside, and NUL characters', () => {
    expect(messages(ServiceCreateSchema.safeParse({ name: 'TRT', clientId: 1, templateId: 1, path: 'a/b' }))).toEqual([
      'path: Path may contain only letters, digits and hyphens',
    ]);
    expect(messages(ServiceCreateSchema.safeParse({ name: 'TRT', clientId: 1, templateId: 1, review1: 'a\u0000b' }))).toEqual([
      'review1: Text must not contain NUL characters',
    ]);
  });
});

describe('the service form body (PATCH /api/services/{id})', () => {
  it('takes any of the fields, and at least one', () => {
    expect(ServiceUpdateSchema.parse({ offerValue: '$99' })).toEqual({ offerValue: '$99' });
    expect(messages(ServiceUpdateSchema.safeParse({}))).toEqual([`: ${ServiceFormMessages.nothingToChange}`]);
  });
});
