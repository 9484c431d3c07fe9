import {
  changedSectionsOf,
  clinicChangesOf,
  listItemsOf,
  mergeClinicLayer,
  overfullLists,
  versionContentOf,
  type ClinicLayer,
  type ListItem,
  type VersionContent,
} from '../src/templates/template-merge';

const faq = (id: string, question: string, answer = 'Yes.'): ListItem => ({ id, question, answer });

const version = (over: Partial<VersionContent> = {}): VersionContent => ({
  headline: 'Feel like yourself again',
  description: 'Testosterone therapy, supervised by a physician.',
  metaDescription: null,
  offer: 'Free Consultation',
  heroImage: '/img/trt.jpg',
  benefits: [],
  symptoms: [],
  process: [],
  faqs: [faq('a', 'Is it safe?'), faq('b', 'How long does it take?')],
  testimonials: [],
  beforeAfterImages: [],
  ...over,
});

const following = (over: Partial<ClinicLayer> = {}): ClinicLayer => ({
  headline: null,
  offer: null,
  heroImage: null,
  benefits: null,
  symptoms: null,
  process: null,
  faqs: null,
  beforeAfterImages: null,
  ...over,
});

describe('the three-way merge of a clinic onto a newer template version', () => {
  const base = version();
  const theirs = version({ headline: 'Get your energy back', faqs: [...base.faqs, faq('c', 'Is it covered by insurance?')] });

  it('takes what only the template changed: a clinic that follows keeps following and lists the changes as the template’s', () => {
    const { layer, changes, conflicts } = mergeClinicLayer(base, theirs, following());
    expect(layer).toEqual(following());
    expect(conflicts).toEqual([]);
    expect(changes.map((c) => [c.key, c.by])).toEqual([
      ['headline', 'template'],
      ['faqs:c', 'template'],
    ]);
    // The clinic's side is what its page shows now.
    expect(changes[0]).toMatchObject({ clinic: 'Feel like yourself again', template: 'Get your energy back' });
  });

  it('keeps a headline the clinic changed and lists it as a conflict when the template changed it too', () => {
    const { layer, conflicts } = mergeClinicLayer(base, theirs, following({ headline: 'Low T? We can help' }));
    expect(layer.headline).toBe('Low T? We can help');
    expect(conflicts).toEqual([
      expect.objectContaining({ key: 'headline', by: 'both', clinic: 'Low T? We can help', template: 'Get your energy back' }),
    ]);
  });

  it('takes the template’s side of a conflict when the push chooses it', () => {
    const { layer } = mergeClinicLayer(base, theirs, following({ headline: 'Low T? We can help' }), { headline: 'template' });
    expect(layer.headline).toBeNull();
  });

  it('keeps a change only the clinic made, with no conflict', () => {
    const { layer, changes, conflicts } = mergeClinicLayer(base, version(), following({ offer: '$50 off your first month' }));
    expect(layer.offer).toBe('$50 off your first month');
    expect(conflicts).toEqual([]);
    expect(changes).toEqual([expect.objectContaining({ key: 'offer', by: 'clinic' })]);
  });

  it('drops an override equal to the clinic’s version: the clinic follows the template again', () => {
    const { layer, conflicts } = mergeClinicLayer(base, theirs, following({ headline: base.headline }));
    expect(layer.headline).toBeNull();
    expect(conflicts).toEqual([]);
  });

  it('adds the template’s new FAQ to a clinic with FAQs of its own, after the item it follows, keeping the clinic’s edit and order', () => {
    const ours = following({ faqs: [faq('b', 'How long does it take?'), faq('a', 'Is it safe?', 'Yes, with monitoring.'), faq('own', 'Do you take walk-ins?')] });
    const { layer, changes, conflicts } = mergeClinicLayer(base, theirs, ours);
    expect(layer.faqs?.map((f) => f.id)).toEqual(['b', 'c', 'a', 'own']);
    expect(layer.faqs?.find((f) => f.id === 'a')?.answer).toBe('Yes, with monitoring.');
    expect(conflicts).toEqual([]);
    expect(changes.filter((c) => c.section === 'faqs').map((c) => [c.key, c.by])).toEqual([
      ['faqs:a', 'clinic'],
      ['faqs:own', 'clinic'],
      ['faqs:c', 'template'],
    ]);
  });

  it('puts a new first item of the template first', () => {
    const first = version({ faqs: [faq('z', 'Who is it for?'), ...base.faqs] });
    const { layer } = mergeClinicLayer(base, first, following({ faqs: [faq('own', 'Parking?')] }));
    expect(layer.faqs?.map((f) => f.id)).toEqual(['z', 'own']);
  });

  it('takes the template’s edit of an item the clinic left alone, and drops an item the template removed', () => {
    const edited = version({ faqs: [faq('a', 'Is it safe for me?')] });
    const { layer } = mergeClinicLayer(base, edited, following({ faqs: [faq('a', 'Is it safe?'), faq('b', 'How long does it take?'), faq('own', 'Parking?')] }));
    expect(layer.faqs).toEqual([faq('a', 'Is it safe for me?'), faq('own', 'Parking?')]);
  });

  it('lists an item both edited as a conflict that keeps the clinic’s, or the template’s when chosen', () => {
    const edited = version({ faqs: [faq('a', 'Is it safe for everyone?'), base.faqs[1]!] });
    const ours = following({ faqs: [faq('a', 'Is TRT safe?'), base.faqs[1]!] });
    const kept = mergeClinicLayer(base, edited, ours);
    expect(kept.conflicts.map((c) => c.key)).toEqual(['faqs:a']);
    expect(kept.layer.faqs?.[0]?.question).toBe('Is TRT safe?');
    expect(mergeClinicLayer(base, edited, ours, { 'faqs:a': 'template' }).layer.faqs?.[0]?.question).toBe('Is it safe for everyone?');
  });

  it('keeps an item the clinic removed out, unless the template changed it since (a conflict)', () => {
    const ours = following({ faqs: [base.faqs[1]!] });
    expect(mergeClinicLayer(base, base, ours).layer.faqs?.map((f) => f.id)).toEqual(['b']);
    const edited = version({ faqs: [faq('a', 'Is it safe for everyone?'), base.faqs[1]!] });
    const outcome = mergeClinicLayer(base, edited, ours);
    expect(outcome.conflicts).toEqual([expect.objectContaining({ key: 'faqs:a', clinic: null })]);
    expect(outcome.layer.faqs?.map((f) => f.id)).toEqual(['b']);
    expect(mergeClinicLayer(base, edited, ours, { 'faqs:a': 'template' }).layer.faqs?.map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('keeps an item the clinic edited and the template removed (a conflict), or drops it when the template’s side is chosen', () => {
    const removed = version({ faqs: [base.faqs[1]!] });
    const ours = following({ faqs: [faq('a', 'Is TRT safe?'), base.faqs[1]!] });
    expect(mergeClinicLayer(base, removed, ours).layer.faqs?.map((f) => f.id)).toEqual(['a', 'b']);
    expect(mergeClinicLayer(base, removed, ours, { 'faqs:a': 'template' }).layer.faqs?.map((f) => f.id)).toEqual(['b']);
  });
});

describe('a clinic’s own changes', () => {
  it('names the sections and items a clinic changed of the version it is on, and nothing for one that follows', () => {
    const base = version();
    expect(clinicChangesOf(base, following())).toEqual([]);
    const ours = following({ headline: 'Low T? We can help', faqs: [base.faqs[0]!, faq('own', 'Parking?')] });
    expect(clinicChangesOf(base, ours).map((c) => [c.key, c.by])).toEqual([
      ['headline', 'clinic'],
      ['faqs:own', 'clinic'],
      ['faqs:b', 'clinic'],
    ]);
    expect(changedSectionsOf(base, ours)).toEqual(['headline', 'faqs']);
  });
});

describe('items with ids', () => {
  it('keeps a stored id, gives an item without one its place, and normalises items by the page’s rules', () => {
    expect(listItemsOf('faqs', [{ id: 'x1', question: 'Q?', answer: 'A.' }, { question: 'R?' }, { answer: 'no question' }])).toEqual([
      { id: 'x1', question: 'Q?', answer: 'A.' },
      { id: 'faqs-1', question: 'R?', answer: '' },
    ]);
    expect(listItemsOf('benefits', '["More energy"]')).toEqual([{ id: 'benefits-0', title: 'More energy', description: '' }]);
    expect(listItemsOf('faqs', [{ id: 'bad id!', question: 'Q?', answer: '' }])[0]?.id).toBe('faqs-0');
  });

  it('reads a stored template as a version', () => {
    const content = versionContentOf({ headline: ' ', description: 'D', offer: 'Free', faqs: [{ question: 'Q?', answer: 'A' }], testimonials: [{ text: 'Great', rating: 5, name: 'Sam' }] });
    expect(content.headline).toBeNull();
    expect(content.faqs).toEqual([{ id: 'faqs-0', question: 'Q?', answer: 'A' }]);
    expect(content.testimonials).toEqual([{ id: 'testimonials-0', text: 'Great', rating: 5, name: 'Sam' }]);
  });
});

describe('lists a merge makes too long', () => {
  it('names a clinic’s own list that the template’s new items take past 50, and nothing when it stays within', () => {
    const own = Array.from({ length: 50 }, (_, i) => faq(`own-${i}`, `Question ${i}?`));
    const base = version();
    const theirs = version({ faqs: [...base.faqs, faq('c', 'Is it covered by insurance?')] });
    const merged = mergeClinicLayer(base, theirs, following({ faqs: own })).layer;
    expect(merged.faqs).toHaveLength(51);
    expect(overfullLists(merged)).toEqual(["FAQs would have 51 items after the push, more than 50: remove some of the clinic's own items of FAQs first."]);
    expect(overfullLists(mergeClinicLayer(base, theirs, following({ faqs: own.slice(1) })).layer)).toEqual([]);
    expect(overfullLists(following())).toEqual([]);
  });
});
