import {
  ClientServiceUpdateSchema,
  EMPTY_PAGE_SECTIONS,
  listItemsOf,
  moveSection,
  toggleSection,
  type ClientServiceUpdate,
  type PageContent,
  type PageSectionKey,
  type PageSections,
} from '@hap/contracts';

import { LIST_ITEM_NOUN } from '../../forms/list-rules';

/*
 * The page editor's draft (docs/page-editor.md): what the clinic's page shows, as the editor
 * changes it, and the save it makes of it. Pure: the screen keeps it, the frame driver
 * (page-frame.ts) draws it on the page.
 */

/** The lists edited item by item on the page; each item keeps its id (docs/template-rollout.md#item-ids). */
export const EDITED_LISTS = ['benefits', 'symptoms', 'process', 'faqs'] as const;
export type EditedList = (typeof EDITED_LISTS)[number];

/** An item's texts by field (`question`, `answer`, `title`, `description`) and what it keeps untouched (a symptom's icon). */
export type DraftItem = { id: string } & Record<string, string>;

export interface PageDraft {
  headline: string;
  offer: string;
  heroImage: string | null;
  lists: Record<EditedList, DraftItem[]>;
  sections: PageSections;
}

/** Each list's texts, in the order a new item is shown with. */
export const LIST_FIELDS: Readonly<Record<EditedList, readonly string[]>> = {
  benefits: ['title', 'description'],
  symptoms: ['title', 'description'],
  process: ['title', 'description'],
  faqs: ['question', 'answer'],
};

/** An item's name in the editor ('FAQ 2'), as the forms name it. */
export const ITEM_NOUN: Readonly<Record<EditedList, string>> = LIST_ITEM_NOUN;

/** What a new item says until it is written over. */
const NEW_ITEM: Readonly<Record<EditedList, Record<string, string>>> = {
  benefits: { title: 'New benefit', description: '' },
  symptoms: { title: 'New symptom', description: '', icon: 'Activity' },
  process: { title: 'New step', description: '' },
  faqs: { question: 'New question?', answer: 'The answer.' },
};

type Landing = NonNullable<PageContent['landing']>;

/** A list as the page shows it, each item with its id (template-merge's listItemsOf; these lists hold only texts). */
const itemsOf = (list: EditedList, items: unknown): DraftItem[] => listItemsOf(list, items) as DraftItem[];

/** The draft of the page as the admin's preview answered it (its items with their ids). */
export function draftOfLanding({ content }: Landing): PageDraft {
  const { template, service } = content;
  return {
    headline: template.headline,
    offer: service.offer,
    heroImage: service.heroBackgroundPath || template.heroImage || null,
    lists: { benefits: itemsOf('benefits', template.benefits), symptoms: itemsOf('symptoms', template.symptoms), process: itemsOf('process', template.process), faqs: itemsOf('faqs', template.faqs) },
    sections: service.sections ?? EMPTY_PAGE_SECTIONS,
  };
}

/** A new item's id, in the form item ids take (ITEM_ID_PATTERN). */
export const newItemId = (random: () => number = Math.random): string =>
  `n${Array.from({ length: 11 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('')}`;

const withList = (draft: PageDraft, list: EditedList, items: DraftItem[]): PageDraft => ({ ...draft, lists: { ...draft.lists, [list]: items } });

export const setText = (draft: PageDraft, key: 'headline' | 'offer', value: string): PageDraft => ({ ...draft, [key]: value });

export const setItemField = (draft: PageDraft, list: EditedList, id: string, field: string, value: string): PageDraft =>
  withList(draft, list, draft.lists[list].map((item) => (item.id === id ? { ...item, [field]: value } : item)));

/** A new item after `afterId` (at the end without one). */
export function addItem(draft: PageDraft, list: EditedList, afterId: string | null, id = newItemId()): PageDraft {
  const items = [...draft.lists[list]];
  const at = afterId === null ? items.length : items.findIndex((item) => item.id === afterId) + 1;
  items.splice(at, 0, { id, ...NEW_ITEM[list] });
  return withList(draft, list, items);
}

/** The list without the item; a list keeps its last item (hiding the section shows none). */
export const removeItem = (draft: PageDraft, list: EditedList, id: string): PageDraft =>
  draft.lists[list].length <= 1 ? draft : withList(draft, list, draft.lists[list].filter((item) => item.id !== id));

export function moveItem(draft: PageDraft, list: EditedList, id: string, by: -1 | 1): PageDraft {
  const items = [...draft.lists[list]];
  const from = items.findIndex((item) => item.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= items.length) return draft;
  [items[from], items[to]] = [items[to]!, items[from]!];
  return withList(draft, list, items);
}

export const moveDraftSection = (draft: PageDraft, shown: readonly PageSectionKey[], key: PageSectionKey, by: -1 | 1): PageDraft => ({
  ...draft,
  sections: moveSection(draft.sections, shown, key, by),
});

export const hideDraftSection = (draft: PageDraft, key: PageSectionKey, hidden: boolean): PageDraft => ({ ...draft, sections: toggleSection(draft.sections, key, hidden) });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The client-service fields each part of the page is saved in (ClientServiceUpdateSchema). */
export const LIST_SAVE_FIELD: Readonly<Record<EditedList, 'customBenefits' | 'customSymptoms' | 'customProcess' | 'customFaqs'>> = {
  benefits: 'customBenefits',
  symptoms: 'customSymptoms',
  process: 'customProcess',
  faqs: 'customFaqs',
};

/**
 * The save of what changed, as the service's update takes it: a changed text as the clinic's own
 * (empty follows the template again), a changed list as the clinic's whole list with the ids its
 * items keep, the layout. Nothing changed: null.
 */
export function saveOf(initial: PageDraft, draft: PageDraft): Record<string, unknown> | null {
  const save: Record<string, unknown> = {};
  if (draft.headline !== initial.headline) save.customHeadline = draft.headline.trim();
  if (draft.offer !== initial.offer) save.customOffer = draft.offer.trim();
  if (draft.heroImage !== initial.heroImage) save.heroBackgroundPath = draft.heroImage;
  for (const list of EDITED_LISTS) {
    if (!same(draft.lists[list], initial.lists[list])) save[LIST_SAVE_FIELD[list]] = draft.lists[list];
  }
  if (!same(draft.sections, initial.sections)) save.pageSections = draft.sections;
  return Object.keys(save).length > 0 ? save : null;
}

/** Where a problem of the save is on the page: a text, the image, or one field of one item. */
export type ProblemPlace = { kind: 'text'; key: 'headline' | 'offer' } | { kind: 'image' } | { kind: 'item'; list: EditedList; id: string; field: string | null } | { kind: 'page' };

export interface SaveProblem {
  place: ProblemPlace;
  message: string;
}

/** A problem's field path (`customFaqs.1.question`) as a place on the draft's page. */
export function placeOf(path: readonly (string | number)[], draft: PageDraft): ProblemPlace {
  const [field, index, key] = path;
  if (field === 'customHeadline') return { kind: 'text', key: 'headline' };
  if (field === 'customOffer') return { kind: 'text', key: 'offer' };
  if (field === 'heroBackgroundPath') return { kind: 'image' };
  const list = EDITED_LISTS.find((l) => LIST_SAVE_FIELD[l] === field);
  const item = list && typeof index === 'number' ? draft.lists[list][index] : undefined;
  if (list && item) return { kind: 'item', list, id: item.id, field: typeof key === 'string' ? key : null };
  return { kind: 'page' };
}

/** The save checked with the form's own schema: the update, or each problem at its place. */
export function checkSave(save: Record<string, unknown>, draft: PageDraft): { update: ClientServiceUpdate } | { problems: SaveProblem[] } {
  const parsed = ClientServiceUpdateSchema.safeParse(save);
  if (parsed.success) return { update: parsed.data };
  return { problems: parsed.error.issues.map((issue) => ({ place: placeOf(issue.path as (string | number)[], draft), message: issue.message })) };
}

/** Undo and redo over the drafts (docs/page-editor.md#undo). */
export interface History {
  past: PageDraft[];
  present: PageDraft;
  future: PageDraft[];
}

export const historyOf = (draft: PageDraft): History => ({ past: [], present: draft, future: [] });

/** A new present; the same draft again is no step. */
export const commit = (history: History, next: PageDraft): History =>
  same(next, history.present) ? history : { past: [...history.past, history.present], present: next, future: [] };

export const undo = (history: History): History =>
  history.past.length === 0 ? history : { past: history.past.slice(0, -1), present: history.past.at(-1)!, future: [history.present, ...history.future] };

export const redo = (history: History): History =>
  history.future.length === 0 ? history : { past: [...history.past, history.present], present: history.future[0]!, future: history.future.slice(1) };

/** The page's own undo and redo keys (Ctrl or ⌘ with Z, Shift for redo, or Y); in a text being typed the browser's undo works on its letters. */
export function historyKeyOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
