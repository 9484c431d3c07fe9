import { arrangeSections, hidesSection, moveSection, toggleSection, type PageSectionKey } from '../src/templates/page-sections';

const styleB: [PageSectionKey, string][] = [
  ['symptoms', 'S'],
  ['provider', 'P'],
  ['benefits', 'B'],
  ['process', 'H'],
  ['reviews', 'R'],
  ['faqs', 'F'],
];

describe('arrangeSections', () => {
  it('keeps the style’s order without a layout', () => {
    expect(arrangeSections(styleB, null)).toEqual(['S', 'P', 'B', 'H', 'R', 'F']);
  });

  it('leaves out hidden sections', () => {
    expect(arrangeSections(styleB, { order: [], hidden: ['faqs', 'symptoms'] })).toEqual(['P', 'B', 'H', 'R']);
  });

  it('puts the ordered sections in the clinic’s order, in the places they have in the style', () => {
    // Saved on style A (about, process, reviews, network, faqs): B's symptoms, provider and benefits keep their places.
    const layout = { order: ['about', 'faqs', 'reviews', 'network', 'process'] as PageSectionKey[], hidden: [] };
    expect(arrangeSections(styleB, layout)).toEqual(['S', 'P', 'B', 'F', 'R', 'H']);
  });

  it('orders and hides together', () => {
    expect(arrangeSections(styleB, { order: ['faqs', 'symptoms'], hidden: ['symptoms'] })).toEqual(['F', 'P', 'B', 'H', 'R']);
  });
});

describe('moving and hiding', () => {
  const shown: PageSectionKey[] = ['about', 'process', 'reviews', 'faqs'];

  it('moves a section one place and records the whole order', () => {
    expect(moveSection({ order: [], hidden: [] }, shown, 'faqs', -1).order).toEqual(['about', 'process', 'faqs', 'reviews']);
    expect(moveSection({ order: [], hidden: [] }, shown, 'about', 1).order).toEqual(['process', 'about', 'reviews', 'faqs']);
  });

  it('does not move past either end', () => {
    const layout = { order: [], hidden: [] };
    expect(moveSection(layout, shown, 'about', -1)).toBe(layout);
    expect(moveSection(layout, shown, 'faqs', 1)).toBe(layout);
  });

  it('hides and shows a section once', () => {
    const hidden = toggleSection(toggleSection({ order: [], hidden: [] }, 'faqs', true), 'faqs', true);
    expect(hidden.hidden).toEqual(['faqs']);
    expect(hidesSection(hidden, 'faqs')).toBe(true);
    expect(hidesSection(hidden, 'contact')).toBe(false);
    expect(toggleSection(hidden, 'faqs', false).hidden).toEqual([]);
  });
});
