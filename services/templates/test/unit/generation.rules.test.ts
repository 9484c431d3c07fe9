import { GeneratedTemplateContentSchema, STEP_PREFIX } from '@hap/contracts';
import { slugFor } from '../../src/modules/generation/generation.rules';
import { validContent } from '@hap/test-kit/fixtures/generated-content';

describe('a generated template’s slug', () => {
  it.each([
    ['PRP Hair Restoration', 'prp-hair-restoration'],
    ['  Botox & Fillers  ', 'botox-and-fillers'],
    ['Crème Brûlée Facial', 'creme-brulee-facial'],
    ['2024', 'template-2024'],
    ['!!!', 'template'],
  ])('%s → %s', (name, slug) => expect(slugFor(name)).toBe(slug));

  it('takes the next free number when the slug is taken', () => {
    expect(slugFor('Botox', new Set(['botox']))).toBe('botox-2');
    expect(slugFor('Botox', new Set(['botox', 'botox-2']))).toBe('botox-3');
  });

  it('stays within 80 characters without a trailing hyphen', () => {
    const slug = slugFor('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('the content rules a model must keep', () => {
  it('accepts content within every rule', () => expect(GeneratedTemplateContentSchema.safeParse(validContent()).success).toBe(true));

  it.each(['Step 1: Consultation', 'step 2 - Treatment', 'STEP THREE. Follow-up', 'Step 3) Results'])('refuses a "%s" step title', (title) => {
    expect(STEP_PREFIX.test(title)).toBe(true);
  });
  it('keeps titles that only mention a step', () => expect(STEP_PREFIX.test('Next steps together')).toBe(false));

  it('refuses a symptom description over 150 characters, and five symptoms', () => {
    const long = validContent({ symptoms: validContent().symptoms.map((s, i) => (i === 0 ? { ...s, description: 'x'.repeat(151) } : s)) });
    expect(GeneratedTemplateContentSchema.safeParse(long).error?.issues[0].path).toEqual(['symptoms', 0, 'description']);
    expect(GeneratedTemplateContentSchema.safeParse(validContent({ symptoms: validContent().symptoms.slice(1) })).success).toBe(false);
  });
});
