import type { PageRoute } from '../routes';
import type { LandingData } from '../state/page-state';

/*
 * The page editor's marks (docs/page-editor.md#marks): attributes the admin's editor finds the
 * page's editable parts by. Only an admin's `?preview=1&edit=1` answer carries them (the
 * templates service flags it `editable`); a visitor's HTML is the same as without this module.
 */

/** The page is the page editor's: an admin's preview asked with `edit=1`. */
export const isEditing = (state: { route?: PageRoute; landing: LandingData | null }): boolean =>
  state.route?.kind === 'service' && state.route.edit === true && state.landing?.editable === true;

/** The lists the editor edits item by item (patient stories are the template's followed by the clinic's: the form edits them). */
export type EditedList = 'benefits' | 'symptoms' | 'process' | 'faqs';

type Marks = Record<string, string>;
const NONE: Marks = {};

/** A text of the page the editor edits in place: `headline`, `offer`. */
export const textMark = (editing: boolean, key: 'headline' | 'offer'): Marks => (editing ? { 'data-edit': key } : NONE);

/** A list's element: its items are its children. */
export const listMark = (editing: boolean, list: EditedList): Marks => (editing ? { 'data-edit-list': list } : NONE);

/** One item of a list, by the id it keeps (docs/template-rollout.md#item-ids). */
export const itemMark = (editing: boolean, list: EditedList, id: string | undefined): Marks => (editing && id ? { 'data-edit-item': `${list}:${id}` } : NONE);

/** One of an item's texts (a FAQ's `question`, a benefit's `title`, …). */
export const fieldMark = (editing: boolean, field: string): Marks => (editing ? { 'data-edit-field': field } : NONE);
