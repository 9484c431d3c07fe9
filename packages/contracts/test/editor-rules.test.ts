import {
  canAddItem,
  clampSymptomDescription,
  hasStepPrefix,
  itemsNeeded,
  listForSave,
  neededHint,
  stripStepPrefix,
  SYMPTOM_DESCRIPTION_MAX,
} from '../src/templates/editor-rules';

describe('the service editor’s count rules (docs/admin.md)', () => {
  it('symptoms and benefits need exactly 6, process steps exactly 3', () => {
    expect([itemsNeeded('symptoms', 0), itemsNeeded('benefits', 4), itemsNeeded('process', 1)]).toEqual([6, 2, 2]);
    expect([itemsNeeded('symptoms', 6), itemsNeeded('process', 5)]).toEqual([0, 0]);
  });

  it("the hint says how many more are needed, and nothing once complete", () => {
    expect(neededHint('benefits', 5)).toBe('1 more needed');
    expect(neededHint('process', 0)).toBe('3 more needed');
    expect(neededHint('symptoms', 6)).toBeNull();
  });

  it('the add button vanishes at the required count', () => {
    expect([canAddItem('symptoms', 5), canAddItem('symptoms', 6), canAddItem('process', 3)]).toEqual([true, false, false]);
  });

  it("a step title may not start with a 'Step N:' prefix", () => {
    for (const title of ['Step 1: Consultation', 'step 2 - Labs', 'STEP 3. Plan', ' Step 10) Follow-up', 'Step 4 – Review']) expect(hasStepPrefix(title)).toBe(true);
    for (const title of ['Consultation', 'Stepping up your plan', 'Steps to recovery', '1 simple visit']) expect(hasStepPrefix(title)).toBe(false);
    expect(stripStepPrefix('Step 1: Consultation')).toBe('Consultation');
  });

  it('a symptom description stops at 150 characters', () => {
    expect(SYMPTOM_DESCRIPTION_MAX).toBe(150);
    expect(clampSymptomDescription('x'.repeat(151))).toHaveLength(150);
    expect(clampSymptomDescription('short')).toBe('short');
  });

  it('a list is sent as JSON text, or null when empty', () => {
    expect(listForSave([])).toBeNull();
    expect(listForSave([{ title: 'Energy', description: '' }])).toBe('[{"title":"Energy","description":""}]');
  });
});
