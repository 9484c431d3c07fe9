import type { ServiceTemplate } from '@hap/contracts';
import { bodyOf, draftOf, emptyStory, templateIssues, withoutBlankRowsOf } from '../../src/templates/template-edit';
import { draftIssues, emptyDraft, fieldsOfDraft } from '../../src/services/editor/editor-draft';
import { fixFieldsMessage, isBlankRow, withoutBlankRows } from '../../src/forms/list-rules';
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

describe('template editor (docs/admin.md; forms, not JSON)', () => {
  it('round-trips a template: its lists as rows, nulls as empty text', () => {
    const draft = draftOf(template);
    expect(draft.headline).toBe('');
    expect(draft.benefits).toEqual(template.benefits);
    expect(bodyOf(draft)).toMatchObject({ name: 'TRT', benefits: template.benefits, process: [], beforeAfterImages: template.beforeAfterImages, heroImage: '/uploads/hero.webp' });
    expect(templateIssues(draft)).toEqual({});
  });

  it('drops rows added and left empty, and never marks them', () => {
    const draft = { ...draftOf(template), benefits: [{ title: '', description: ' ' }, ...template.benefits], faqs: [{ question: '', answer: '' }], stories: [...draftOf(template).stories, emptyStory()] };
    expect(templateIssues(draft)).toEqual({});
    expect(bodyOf(draft)).toMatchObject({ benefits: template.benefits, faqs: [], beforeAfterImages: template.beforeAfterImages });
    expect(withoutBlankRowsOf(draft).stories).toHaveLength(1);
  });

  it('marks a refused field by its row as shown, with the schema’s message', () => {
    // Row 0 is blank (dropped), row 1 has an answer and no question.
    const draft = { ...draftOf(template), faqs: [{ question: '', answer: '' }, { question: '', answer: 'Soon.' }], slug: 'Not A Slug!' };
    const issues = templateIssues(draft);
    expect(issues['faqs.1.question']).toBe('Question is required');
    expect(issues.slug).toBeDefined();
    expect(Object.keys(issues)).toHaveLength(2);
  });
});

describe('service editor draft', () => {
  it('drops blank rows on save and checks the rest with the API’s schema', () => {
    const draft = { ...emptyDraft(), templateId: 3, symptoms: [{ title: '', description: '', icon: 'HelpCircle' }, { title: 'Low energy', description: '' }], faqs: [{ question: '', answer: 'Weeks.' }] };
    expect(draftIssues(draft, 1, 9)).toEqual({ 'faqs.0.question': 'Question is required' });
    expect(draftIssues({ ...draft, faqs: [] }, 1, 9)).toEqual({});
    expect(fieldsOfDraft({ ...draft, symptoms: [], faqs: [] }).customSymptoms).toBeNull();
  });

  it('knows a blank row and says how many fields to fix', () => {
    expect(isBlankRow({ text: ' ', rating: 5, name: null }, ['text', 'name'])).toBe(true);
    expect(withoutBlankRows([{ title: '', description: 'x' }], ['title', 'description'])).toHaveLength(1);
    expect(fixFieldsMessage(1)).toBe('Fix 1 field before saving');
    expect(fixFieldsMessage(3)).toBe('Fix 3 fields before saving');
  });
});

describe('image uploader checks (docs/admin.md)', () => {
  it.each([
    [{ type: 'application/pdf', size: 10 }, 'standard', 'Please select an image file (JPEG, PNG, etc.)'],
    [{ type: 'text/plain', size: 10 }, 'template', 'Please select an image file (JPG, PNG, GIF, etc.)'],
    [{ type: 'image/png', size: 5 * 1024 * 1024 + 1 }, 'standard', 'Image file must be smaller than 5MB'],
    [{ type: 'image/jpeg', size: 6e6 }, 'template', 'Please select an image smaller than 5MB'],
  ] as const)('%p (%s) → %s', (file, wording, text) => expect(checkImageFile(file, wording)?.text).toBe(text));

  it('lets a 5 MB image through', () => expect(checkImageFile({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull());
});
