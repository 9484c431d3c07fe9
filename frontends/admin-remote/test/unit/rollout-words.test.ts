import { changedWords, changeKind, diffSummary, pushLabel, standingOf, valueLines } from '../../src/templates/rollout/rollout-words';

describe('the rollout screen’s words (docs/template-rollout.md)', () => {
  it('says where a clinic stands: its version, behind or up to date, pinned', () => {
    expect(standingOf({ version: 1, behind: true, pinned: false }, 3)).toBe('Version 1 of 3 · behind');
    expect(standingOf({ version: 3, behind: false, pinned: false }, 3)).toBe('Version 3 · up to date');
    expect(standingOf({ version: 2, behind: true, pinned: true }, 3)).toBe('Version 2 of 3 · behind · pinned');
  });

  it('names the sections a clinic changed, or None', () => {
    expect(changedWords(['headline', 'faqs'])).toBe('Headline, FAQs');
    expect(changedWords([])).toBe('None');
  });

  it('names whose change it is, a conflict first', () => {
    expect(changeKind({ by: 'both', conflict: true })).toEqual({ label: 'Conflict', tone: 'danger' });
    expect(changeKind({ by: 'clinic', conflict: false }).label).toBe("Clinic's own change");
    expect(changeKind({ by: 'template', conflict: false }).label).toBe('Template change not received');
    expect(changeKind({ by: 'both', conflict: false }).label).toBe('Same change on both');
  });

  it('shows a value as the page says it', () => {
    expect(valueLines(null)).toEqual({ title: 'Not on the page', detail: null });
    expect(valueLines('Get your energy back')).toEqual({ title: 'Get your energy back', detail: null });
    expect(valueLines({ id: 'a', question: 'Is it safe?', answer: 'Yes.' })).toEqual({ title: 'Is it safe?', detail: 'Yes.' });
    expect(valueLines({ id: 'b', title: 'More energy', description: '' })).toEqual({ title: 'More energy', detail: null });
  });

  it('sums a diff up, and words the push button', () => {
    expect(diffSummary([])).toBe('No differences');
    expect(diffSummary([{ by: 'template', conflict: false }, { by: 'both', conflict: true }])).toBe('1 template change to receive · 1 conflict');
    expect(diffSummary([{ by: 'template', conflict: false }, { by: 'template', conflict: false }, { by: 'clinic', conflict: false }])).toBe("2 template changes to receive · 1 of the clinic's own");
    expect(pushLabel(3, 1)).toBe('Push version 3 to 1 clinic');
    expect(pushLabel(3, 0)).toBe('Push version 3');
  });
});
