import type { ServiceTemplate } from '@hap/contracts';
import { bodyOf, draftOf, INVALID_JSON } from '../../src/templates/template-edit';
import { checkImageFile } from '../../src/images/upload-image';

const template = {
  id: 7,
  name: 'TRT',
  slug: 'trt',
  headline: null,
  description: 'Testosterone therapy.',
  heroImage: '/uploads/hero.webp',
  offer: 'Free Consultation',
  metaDescription: null,
  benefits: [{ title: 'Energy', description: 'More of it.' }],
  process: [],
  symptoms: [],
  faqs: [],
  testimonials: [],
  beforeAfterImages: [{ title: 'Jon', beforeImage: null, afterImage: '/a.webp', beforeDescription: '', afterDescription: 'Fit', timeframe: '12 weeks' }],
} as unknown as ServiceTemplate;

describe('template editor (admin spec §2.12, §5)', () => {
  it('round-trips a template: JSON lists as text, nulls as empty text', () => {
    const draft = draftOf(template);
    expect(draft.headline).toBe('');
    expect(JSON.parse(draft.json.benefits)).toEqual(template.benefits);
    const built = bodyOf(draft);
    expect(built.ok && built.body).toMatchObject({ name: 'TRT', benefits: template.benefits, process: [], beforeAfterImages: template.beforeAfterImages, heroImage: '/uploads/hero.webp' });
  });

  it('sends an empty JSON field as an empty list', () => {
    const draft = { ...draftOf(template), json: { ...draftOf(template).json, faqs: '   ' } };
    const built = bodyOf(draft);
    expect(built.ok && built.body.faqs).toEqual([]);
  });

  it('refuses a JSON field that does not parse, with the spec’s message', () => {
    const draft = { ...draftOf(template), json: { ...draftOf(template).json, symptoms: '[{"title": "Tired",]' } };
    expect(bodyOf(draft)).toEqual({ ok: false, error: INVALID_JSON });
    expect(INVALID_JSON).toBe('Invalid JSON format in one of the fields. Please check your formatting.');
  });
});

describe('image uploader checks (admin spec §5)', () => {
  it.each([
    [{ type: 'application/pdf', size: 10 }, 'standard', 'Please select an image file (JPEG, PNG, etc.)'],
    [{ type: 'text/plain', size: 10 }, 'template', 'Please select an image file (JPG, PNG, GIF, etc.)'],
    [{ type: 'image/png', size: 5 * 1024 * 1024 + 1 }, 'standard', 'Image file must be smaller than 5MB'],
    [{ type: 'image/jpeg', size: 6e6 }, 'template', 'Please select an image smaller than 5MB'],
  ] as const)('%p (%s) → %s', (file, wording, text) => expect(checkImageFile(file, wording)?.text).toBe(text));

  it('lets a 5 MB image through', () => expect(checkImageFile({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull());
});
