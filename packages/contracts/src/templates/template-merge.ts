/**
 * Template rollout's pure rules (docs/template-rollout.md): what a template version holds, what a
 * clinic changed of it, and the three-way merge that brings a clinic to a newer version while
 * keeping its own changes. No schema library: the templates service and the admin both use it.
 */
import { filled, ITEM_ID_PATTERN, LIST_MAX_ITEMS, parseList, toBeforeAfterStories, toFaqs, toSymptoms, toTestimonials, toTitledItems, type TemplateContentSource } from './content-rules';

/** The list sections a clinic can change item by item (its testimonials are its own, added after the template's). */
export const MERGED_LISTS = ['benefits', 'symptoms', 'process', 'faqs', 'beforeAfterImages'] as const;
export type MergedList = (typeof MERGED_LISTS)[number];

/** The texts a clinic can change, each stored on its service as an override of the template's. */
export const MERGED_TEXTS = ['headline', 'offer', 'heroImage'] as const;
export type MergedText = (typeof MERGED_TEXTS)[number];

/** One item of a list section, with the id it keeps across versions and edits. */
export type ListItem = { id: string } & Record<string, string | number | null>;

/** What a template version holds: its page texts and its lists, each item with its id. */
export interface VersionContent {
  headline: string | null;
  description: string;
  metaDescription: string | null;
  offer: string | null;
  heroImage: string | null;
  benefits: ListItem[];
  symptoms: ListItem[];
  process: ListItem[];
  faqs: ListItem[];
  testimonials: ListItem[];
  beforeAfterImages: ListItem[];
}

/**
 * A clinic's changes to its template as its service stores them: a text override (null follows the
 * template) and, per list, its own whole list (null or empty follows the template's).
 */
export type ClinicLayer = Record<MergedText, string | null> & Record<MergedList, ListItem[] | null>;

/** Section names as the admin's screens show them. */
export const SECTION_LABELS: Readonly<Record<MergedText | MergedList, string>> = {
  headline: 'Headline',
  offer: 'Offer',
  heroImage: 'Hero image',
  benefits: 'Benefits',
  symptoms: 'Symptoms',
  process: 'Process',
  faqs: 'FAQs',
  beforeAfterImages: 'Before and after stories',
};

/** Who changed a text or an item since the clinic's version: the clinic, the template, or both (a conflict unless both made the same change). */
export type ChangedBy = 'clinic' | 'template' | 'both';

/** One difference between a clinic's page and a template version, as the diff and a push list it. */
export interface ContentChange {
  /** `headline`, or a list item's `faqs:<id>`: the key a push's choices name. */
  key: string;
  section: MergedText | MergedList;
  itemId: string | null;
  /** The text, or the item's title or question. */
  label: string;
  by: ChangedBy;
  /** Both changed it differently: the clinic's is kept unless the push chooses the template's. */
  conflict: boolean;
  /** The clinic's value and the template version's (null: none, or removed). */
  clinic: string | ListItem | null;
  template: string | ListItem | null;
}

/** Which side a conflict takes; a conflict left out keeps the clinic's. */
export type ConflictChoice = 'clinic' | 'template';

export interface MergeOutcome {
  /** The clinic's layer on the new version. */
  layer: ClinicLayer;
  /** Every difference found, the clinic's own and the template's. */
  changes: ContentChange[];
  conflicts: ContentChange[];
}

const normalisers: Readonly<Record<MergedList | 'testimonials', (list: unknown[]) => object[]>> = {
  benefits: toTitledItems,
  process: toTitledItems,
  symptoms: toSymptoms,
  faqs: toFaqs,
  beforeAfterImages: toBeforeAfterStories,
  testimonials: toTestimonials,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored list as items with ids, each normalised by its section's page rule (content-rules.ts).
 * An item stored without an id (written before ids) gets `{section}-{index}`, stable while the list is.
 */
export function listItemsOf(section: MergedList | 'testimonials', value: unknown): ListItem[] {
  const out: ListItem[] = [];
  parseList(value).forEach((raw, index) => {
    const [item] = normalisers[section]([raw]);
    if (!item) return;
    const stored = isRecord(raw) && typeof raw.id === 'string' && ITEM_ID_PATTERN.test(raw.id) ? raw.id : null;
    out.push({ ...(item as Record<string, string | number | null>), id: stored ?? `${section}-${index}` });
  });
  return out;
}

/** A template's stored content as a version holds it. */
export function versionContentOf(template: TemplateContentSource): VersionContent {
  return {
    headline: filled(template.headline),
    description: template.description ?? '',
    metaDescription: filled(template.metaDescription),
    offer: filled(template.offer),
    heroImage: filled(template.heroImage),
    benefits: listItemsOf('benefits', template.benefits),
    symptoms: listItemsOf('symptoms', template.symptoms),
    process: listItemsOf('process', template.process),
    faqs: listItemsOf('faqs', template.faqs),
    testimonials: listItemsOf('testimonials', template.testimonials),
    beforeAfterImages: listItemsOf('beforeAfterImages', template.beforeAfterImages),
  };
}

/** Two items say the same (their ids aside). */
export function sameItem(a: ListItem, b: ListItem): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('id');
  // A missing value, null and '' say the same (an image not set, a description left empty).
  const said = (value: string | number | null | undefined) => value ?? '';
  for (const key of keys) if (said(a[key]) !== said(b[key])) return false;
  return true;
}

/** What an item is called on screen: its title, question or text. */
export const itemLabel = (item: ListItem): string => String(item.title ?? item.question ?? item.text ?? item.id);

const byId = (items: readonly ListItem[]) => new Map(items.map((item) => [item.id, item]));

/** A text override that says something: null follows the template. */
const overrideOf = (value: string | null): string | null => filled(value);

function mergeText(
  section: MergedText,
  base: string | null,
  theirs: string | null,
  ours: string | null,
  choices: Readonly<Record<string, ConflictChoice>>,
  changes: ContentChange[],
): string | null {
  const override = overrideOf(ours);
  const templateChanged = (base ?? null) !== (theirs ?? null);
  const clinicChanged = override !== null && override !== base;
  // The clinic's side is what its page shows: its override, else its version's text.
  const change = (by: ChangedBy, conflict: boolean): ContentChange => ({ key: section, section, itemId: null, label: SECTION_LABELS[section], by, conflict, clinic: override ?? base, template: theirs });
  if (!clinicChanged) {
    if (templateChanged) changes.push(change('template', false));
    // An override equal to the clinic's version says nothing of its own: the clinic follows the template again.
    return null;
  }
  if (!templateChanged) {
    changes.push(change('clinic', false));
    return override;
  }
  if (override === theirs) {
    changes.push(change('both', false));
    return override;
  }
  changes.push(change('both', true));
  return choices[section] === 'template' ? null : override;
}

function mergeList(
  section: MergedList,
  base: readonly ListItem[],
  theirs: readonly ListItem[],
  ours: readonly ListItem[] | null,
  choices: Readonly<Record<string, ConflictChoice>>,
  changes: ContentChange[],
): ListItem[] | null {
  const baseById = byId(base);
  const theirsById = byId(theirs);
  const push = (item: ListItem, by: ChangedBy, conflict: boolean, clinic: ListItem | null, template: ListItem | null) =>
    changes.push({ key: `${section}:${item.id}`, section, itemId: item.id, label: itemLabel(item), by, conflict, clinic, template });
  if (!ours || ours.length === 0) {
    // The clinic follows the template's list: every difference is the template's.
    for (const t of theirs) {
      const b = baseById.get(t.id);
      if (!b || !sameItem(b, t)) push(t, 'template', false, b ?? null, t);
    }
    for (const b of base) if (!theirsById.has(b.id)) push(b, 'template', false, b, null);
    return ours ? [...ours] : null;
  }
  const oursById = byId(ours);
  const result: ListItem[] = [];
  for (const o of ours) {
    const b = baseById.get(o.id);
    const t = theirsById.get(o.id);
    if (!b) {
      // The clinic's own item (a template item it already had is the same item).
      if (!t) push(o, 'clinic', false, o, null);
      result.push(o);
      continue;
    }
    const clinicChanged = !sameItem(o, b);
    if (!t) {
      if (!clinicChanged) {
        push(b, 'template', false, o, null);
        continue;
      }
      // The clinic edited an item the template removed.
      push(o, 'both', true, o, null);
      if (choices[`${section}:${o.id}`] !== 'template') result.push(o);
      continue;
    }
    const templateChanged = !sameItem(t, b);
    if (!clinicChanged) {
      if (templateChanged) push(t, 'template', false, o, t);
      result.push(t);
    } else if (!templateChanged) {
      push(o, 'clinic', false, o, t);
      result.push(o);
    } else if (sameItem(o, t)) {
      push(o, 'both', false, o, t);
      result.push(o);
    } else {
      push(o, 'both', true, o, t);
      result.push(choices[`${section}:${o.id}`] === 'template' ? t : o);
    }
  }
  // Items the clinic removed: kept out, unless the template changed one since (a conflict).
  for (const b of base) {
    if (oursById.has(b.id)) continue;
    const t = theirsById.get(b.id);
    if (t && !sameItem(t, b)) {
      push(t, 'both', true, null, t);
      if (choices[`${section}:${t.id}`] === 'template') insertAfterPredecessor(result, theirs, t);
    } else {
      push(b, 'clinic', false, null, t ?? null);
    }
  }
  // Items the template added: placed after the item that precedes them in the template.
  for (const t of theirs) {
    if (baseById.has(t.id) || oursById.has(t.id)) continue;
    push(t, 'template', false, null, t);
    insertAfterPredecessor(result, theirs, t);
  }
  return result;
}

/** Puts `item` after the nearest item before it in `order` that `list` has; first when there is none. */
function insertAfterPredecessor(list: ListItem[], order: readonly ListItem[], item: ListItem): void {
  const at = order.findIndex((o) => o.id === item.id);
  for (let i = at - 1; i >= 0; i--) {
    const found = list.findIndex((l) => l.id === order[i]!.id);
    if (found >= 0) {
      list.splice(found + 1, 0, item);
      return;
    }
  }
  list.unshift(item);
}

/**
 * The three-way merge (docs/template-rollout.md#merge-rules): `base` is the version the clinic is
 * on, `theirs` the version pushed, `ours` the clinic's layer. What only the template changed is
 * taken, what only the clinic changed is kept, and what both changed differently is a conflict
 * that keeps the clinic's unless `choices` names the template's for its key.
 */
export function mergeClinicLayer(
  base: VersionContent,
  theirs: VersionContent,
  ours: ClinicLayer,
  choices: Readonly<Record<string, ConflictChoice>> = {},
): MergeOutcome {
  const changes: ContentChange[] = [];
  const layer = {} as ClinicLayer;
  for (const section of MERGED_TEXTS) layer[section] = mergeText(section, base[section], theirs[section], ours[section], choices, changes);
  for (const section of MERGED_LISTS) layer[section] = mergeList(section, base[section], theirs[section], ours[section], choices, changes);
  return { layer, changes, conflicts: changes.filter((c) => c.conflict) };
}

/**
 * The lists a merge leaves longer than a list may be (LIST_MAX_ITEMS), each in words. A push
 * refuses such a clinic rather than write a page whose own forms could no longer save it: the
 * template's new items added to a clinic's own long list (docs/template-rollout.md#merge-rules).
 */
export function overfullLists(layer: ClinicLayer): string[] {
  return MERGED_LISTS.flatMap((section) => {
    const items = layer[section]?.length ?? 0;
    const label = SECTION_LABELS[section];
    return items > LIST_MAX_ITEMS ? [`${label} would have ${items} items after the push, more than ${LIST_MAX_ITEMS}: remove some of the clinic's own items of ${label} first.`] : [];
  });
}

/** A clinic's own changes to the version it is on: the merge of that version into itself lists only those. */
export const clinicChangesOf = (base: VersionContent, ours: ClinicLayer): ContentChange[] => mergeClinicLayer(base, base, ours).changes;

/** The sections a clinic changed (for the template's clinics list). */
export const changedSectionsOf = (base: VersionContent, ours: ClinicLayer): Array<MergedText | MergedList> => [
  ...new Set(clinicChangesOf(base, ours).map((c) => c.section)),
];
