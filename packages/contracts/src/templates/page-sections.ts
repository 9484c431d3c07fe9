/*
 * A clinic's section layout of its service page (docs/page-editor.md#sections): which body
 * sections it hides and the order it gave them. Zod-free: the public pages arrange their sections
 * with it, the admin's page editor moves them with it.
 */

/** The body sections a clinic may hide or move; the hero (with the form) and the closing call stay. */
export const PAGE_SECTION_KEYS = ['symptoms', 'about', 'provider', 'benefits', 'process', 'reviews', 'network', 'faqs'] as const;
export type PageSectionKey = (typeof PAGE_SECTION_KEYS)[number];

/** Section names as the page editor shows them. */
export const PAGE_SECTION_LABELS: Readonly<Record<PageSectionKey, string>> = {
  symptoms: 'Symptoms',
  about: 'About the treatment',
  provider: 'Your provider',
  benefits: 'Benefits',
  process: 'How it works',
  reviews: 'Patient stories',
  network: 'Provider network',
  faqs: 'Questions',
};

/** A clinic's layout: the order of the sections it moved, and the sections it hides. */
export interface PageSections {
  order: PageSectionKey[];
  hidden: PageSectionKey[];
}

export const isPageSectionKey = (value: string): value is PageSectionKey => (PAGE_SECTION_KEYS as readonly string[]).includes(value);

/**
 * A style's sections as the clinic laid them out: the hidden ones left out, and the ones the
 * clinic ordered taking, in its order, the places they have in the style. A section the clinic
 * never ordered (another style's) keeps its place, so a layout saved on one style reads sensibly
 * on the others.
 */
export function arrangeSections<T>(entries: readonly (readonly [PageSectionKey, T])[], layout: PageSections | null | undefined): T[] {
  if (!layout) return entries.map(([, value]) => value);
  const rank = new Map(layout.order.map((key, index) => [key, index]));
  const ordered = entries.filter(([key]) => rank.has(key)).sort(([a], [b]) => rank.get(a)! - rank.get(b)!);
  let next = 0;
  const placed = entries.map((entry) => (rank.has(entry[0]) ? ordered[next++]! : entry));
  const hidden = new Set(layout.hidden);
  return placed.filter(([key]) => !hidden.has(key)).map(([, value]) => value);
}

/** True when the clinic hides the section `#id` (a page link to it is then left out). */
export const hidesSection = (layout: PageSections | null | undefined, id: string): boolean =>
  Boolean(layout) && isPageSectionKey(id) && layout!.hidden.includes(id);

/** The layout with `key` moved one place up (-1) or down (+1) among `shown`, the sections the page has in their current order. */
export function moveSection(layout: PageSections, shown: readonly PageSectionKey[], key: PageSectionKey, by: -1 | 1): PageSections {
  const order = [...shown];
  const from = order.indexOf(key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return layout;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...layout, order };
}

/** The layout with `key` hidden or shown. */
export function toggleSection(layout: PageSections, key: PageSectionKey, hidden: boolean): PageSections {
  const rest = layout.hidden.filter((k) => k !== key);
  return { ...layout, hidden: hidden ? [...rest, key] : rest };
}

export const EMPTY_PAGE_SECTIONS: PageSections = { order: [], hidden: [] };
