import type { PageContent } from '@hap/contracts';
import {
  addItem,
  checkSave,
  commit,
  draftOfLanding,
  hideDraftSection,
  historyKeyOf,
  historyOf,
  moveDraftSection,
  moveItem,
  newItemId,
  redo,
  removeItem,
  saveOf,
  setItemField,
  setText,
  undo,
} from '../../src/services/page-editor/page-draft';

const landing = {
  content: {
    client: { id: 7 },
    service: { id: 3, clientId: 7, templateId: 2, name: 'TRT', path: 'trt', isActive: true, customTitle: null, formEmbedCode: null, heroBackgroundPath: null, offer: 'Free Consultation', offerValue: null, offerDescription: null, sections: null },
    template: {
      headline: 'Feel like yourself again',
      description: 'd',
      metaDescription: null,
      offer: 'Free Consultation',
      heroImage: '/uploads/templates/hero.jpg',
      benefits: [{ id: 'b1', title: 'Energy', description: '' }],
      symptoms: [],
      process: [],
      faqs: [
        { id: 'f1', question: 'Is it safe?', answer: 'Yes.' },
        { id: 'f2', question: 'How long?', answer: 'Weeks.' },
      ],
      testimonials: [],
      beforeAfterImages: [],
    },
  },
  meta: { title: 'TRT', description: '', keywords: '', canonicalUrl: '/trt' },
  defaultStyle: 'A',
  experiment: null,
  editable: true,
} as NonNullable<PageContent['landing']>;

describe('the page editor’s draft (docs/page-editor.md)', () => {
  const initial = draftOfLanding(landing);

  it('reads the page as shown: texts, the hero image, items with ids, the style’s own layout', () => {
    expect(initial).toMatchObject({ headline: 'Feel like yourself again', offer: 'Free Consultation', heroImage: '/uploads/templates/hero.jpg', sections: { order: [], hidden: [] } });
    expect(initial.lists.faqs.map((f) => f.id)).toEqual(['f1', 'f2']);
  });

  it('saves only what changed: a text as the clinic’s own, a list whole with its ids, the layout', () => {
    expect(saveOf(initial, initial)).toBeNull();
    let draft = setText(initial, 'headline', ' Energy that lasts ');
    draft = setItemField(draft, 'faqs', 'f2', 'answer', 'About six weeks.');
    draft = hideDraftSection(draft, 'reviews', true);
    expect(saveOf(initial, draft)).toEqual({
      customHeadline: 'Energy that lasts',
      customFaqs: [
        { id: 'f1', question: 'Is it safe?', answer: 'Yes.' },
        { id: 'f2', question: 'How long?', answer: 'About six weeks.' },
      ],
      pageSections: { order: [], hidden: ['reviews'] },
    });
  });

  it('adds an item after another with an id of the items’ form, moves it, and keeps a list’s last item', () => {
    const id = newItemId(() => 0.5);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    const added = addItem(initial, 'faqs', 'f1', id);
    expect(added.lists.faqs.map((f) => f.id)).toEqual(['f1', id, 'f2']);
    expect(moveItem(added, 'faqs', id, -1).lists.faqs.map((f) => f.id)).toEqual([id, 'f1', 'f2']);
    expect(moveItem(added, 'faqs', 'f2', 1)).toBe(added);
    expect(removeItem(initial, 'benefits', 'b1')).toBe(initial);
    expect(removeItem(initial, 'faqs', 'f1').lists.faqs.map((f) => f.id)).toEqual(['f2']);
  });

  it('checks a save with the form’s schema and places each problem on the page', () => {
    const draft = setItemField(setText(initial, 'offer', 'x'.repeat(501)), 'faqs', 'f2', 'question', '');
    const checked = checkSave(saveOf(initial, draft)!, draft);
    expect('problems' in checked && checked.problems).toEqual([
      { place: { kind: 'text', key: 'offer' }, message: 'Must be at most 500 characters' },
      { place: { kind: 'item', list: 'faqs', id: 'f2', field: 'question' }, message: 'Question is required' },
    ]);
    expect(checkSave(saveOf(initial, setText(initial, 'headline', 'New'))!, initial)).toEqual({ update: { customHeadline: 'New' } });
  });

  it('undoes and redoes whole steps; the same draft again is no step', () => {
    const shown = ['about', 'process', 'reviews', 'faqs'] as const;
    let history = commit(historyOf(initial), setText(initial, 'headline', 'A'));
    history = commit(history, moveDraftSection(history.present, shown, 'faqs', -1));
    expect(commit(history, history.present)).toBe(history);
    history = undo(history);
    expect(history.present.headline).toBe('A');
    expect(history.present.sections.order).toEqual([]);
    history = redo(history);
    expect(history.present.sections.order).toEqual(['about', 'process', 'faqs', 'reviews']);
    expect(redo(history)).toBe(history);
    expect(undo(undo(undo(history))).present).toBe(initial);
  });
});

describe('the page’s undo and redo keys', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

  it('reads Ctrl or ⌘ with Z as undo, with Shift or Y as redo, and nothing else', () => {
    expect(historyKeyOf(key('z', { ctrlKey: true }))).toBe('undo');
    expect(historyKeyOf(key('z', { metaKey: true }))).toBe('undo');
    expect(historyKeyOf(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyKeyOf(key('y', { ctrlKey: true }))).toBe('redo');
    expect(historyKeyOf(key('z'))).toBeNull();
    expect(historyKeyOf(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(historyKeyOf(key('s', { ctrlKey: true }))).toBeNull();
  });
});
