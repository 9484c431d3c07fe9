import { PAGE_SECTION_LABELS, SECTION_LABELS, type PageSectionKey } from '@hap/contracts';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { ImageField } from '../../images/ImageField';
import { addItem, hideDraftSection, ITEM_NOUN, LIST_FIELDS, moveDraftSection, moveItem, newItemId, removeItem, type EditedList, type PageDraft, type SaveProblem } from './page-draft';
import type { Selection } from './page-frame';

const placeWords = (problem: SaveProblem, draft: PageDraft): string => {
  const { place } = problem;
  if (place.kind === 'text') return place.key === 'headline' ? 'Headline' : 'Offer';
  if (place.kind === 'image') return 'Hero image';
  if (place.kind === 'item') return `${ITEM_NOUN[place.list]} ${draft.lists[place.list].findIndex((i) => i.id === place.id) + 1}`;
  return 'Page';
};

/**
 * The page editor's side panel (docs/page-editor.md#panel): the sections (shown, order), the hero
 * image through the upload rules, the item the focus is on (move, add after, remove) and what a
 * save found wrong, each with a way to its place on the page. Every control is a button or a field.
 */
export function EditorPanel({
  draft,
  sections,
  lists,
  selection,
  problems,
  onChange,
  onFocus,
}: {
  draft: PageDraft;
  sections: readonly PageSectionKey[];
  lists: readonly EditedList[];
  selection: Selection | null;
  problems: readonly SaveProblem[];
  onChange: (next: (draft: PageDraft) => PageDraft) => void;
  onFocus: (at: Selection) => void;
}) {
  const item = selection?.kind === 'item' ? selection : null;
  const items = item ? draft.lists[item.list] : [];
  const at = item ? items.findIndex((i) => i.id === item.id) : -1;

  function add(list: EditedList, afterId: string | null) {
    const id = newItemId();
    onChange((d) => addItem(d, list, afterId, id));
    // The new item is on the page once drawn: its first text takes the focus.
    requestAnimationFrame(() => onFocus({ kind: 'item', list, id, field: LIST_FIELDS[list][0]! }));
  }

  return (
    <aside className="pe-panel" aria-label="Page editor panel">
      {problems.length > 0 && (
        <section className="pe-panel__group pe-problems" role="alert" aria-labelledby="pe-problems-title">
          <h2 id="pe-problems-title" className="pe-panel__title">
            {problems.length === 1 ? '1 problem to fix before saving' : `${problems.length} problems to fix before saving`}
          </h2>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>
                {problem.place.kind === 'item' || problem.place.kind === 'text' ? (
                  <button
                    type="button"
                    className="pe-link"
                    onClick={() =>
                      problem.place.kind === 'text'
                        ? onFocus({ kind: 'text', key: problem.place.key })
                        : problem.place.kind === 'item' && onFocus({ kind: 'item', list: problem.place.list, id: problem.place.id, field: problem.place.field ?? LIST_FIELDS[problem.place.list][0]! })
                    }
                  >
                    {placeWords(problem, draft)}
                  </button>
                ) : (
                  <strong>{placeWords(problem, draft)}</strong>
                )}
                : {problem.message}
              </li>
            ))}
          </ul>
        </section>
      )}

      {item && at >= 0 && (
        <section className="pe-panel__group" aria-labelledby="pe-item-title">
          <h2 id="pe-item-title" className="pe-panel__title">
            {ITEM_NOUN[item.list]} {at + 1} of {items.length}
          </h2>
          <div className="pe-actions">
            <button type="button" className="adm-button adm-button--secondary" disabled={at === 0} onClick={() => onChange((d) => moveItem(d, item.list, item.id, -1))}>
              <ArrowUp size={16} aria-hidden />
              Move up
            </button>
            <button type="button" className="adm-button adm-button--secondary" disabled={at === items.length - 1} onClick={() => onChange((d) => moveItem(d, item.list, item.id, 1))}>
              <ArrowDown size={16} aria-hidden />
              Move down
            </button>
            <button type="button" className="adm-button adm-button--secondary" onClick={() => add(item.list, item.id)}>
              <Plus size={16} aria-hidden />
              Add {ITEM_NOUN[item.list]} after
            </button>
            <button
              type="button"
              className="adm-button adm-button--secondary"
              disabled={items.length <= 1}
              title={items.length <= 1 ? 'A list keeps one item: hide its section to show none' : undefined}
              onClick={() => onChange((d) => removeItem(d, item.list, item.id))}
            >
              <Trash2 size={16} aria-hidden />
              Remove {ITEM_NOUN[item.list]}
            </button>
          </div>
        </section>
      )}

      <section className="pe-panel__group" aria-labelledby="pe-sections-title">
        <h2 id="pe-sections-title" className="pe-panel__title">
          Sections
        </h2>
        <ol className="pe-sections">
          {sections.map((key, index) => {
            const label = PAGE_SECTION_LABELS[key];
            const hidden = draft.sections.hidden.includes(key);
            return (
              <li key={key} className={hidden ? 'pe-section pe-section--hidden' : 'pe-section'}>
                <label className="pe-section__show">
                  <input type="checkbox" checked={!hidden} onChange={(e) => onChange((d) => hideDraftSection(d, key, !e.target.checked))} />
                  <span>{label}</span>
                  {hidden && <span className="adm-muted"> (hidden)</span>}
                </label>
                <button type="button" className="pe-icon" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onChange((d) => moveDraftSection(d, sections, key, -1))}>
                  <ArrowUp size={16} aria-hidden />
                </button>
                <button
                  type="button"
                  className="pe-icon"
                  aria-label={`Move ${label} down`}
                  disabled={index === sections.length - 1}
                  onClick={() => onChange((d) => moveDraftSection(d, sections, key, 1))}
                >
                  <ArrowDown size={16} aria-hidden />
                </button>
              </li>
            );
          })}
        </ol>
      </section>

      {lists.length > 0 && (
        <section className="pe-panel__group" aria-labelledby="pe-lists-title">
          <h2 id="pe-lists-title" className="pe-panel__title">
            Lists
          </h2>
          <ul className="pe-lists">
            {lists.map((list) => (
              <li key={list}>
                <span>
                  {SECTION_LABELS[list]} ({draft.lists[list].length})
                </span>
                <button type="button" className="adm-button adm-button--secondary" onClick={() => add(list, null)}>
                  <Plus size={16} aria-hidden />
                  Add {ITEM_NOUN[list]}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="pe-panel__group">
        <ImageField label="Hero image" value={draft.heroImage} onChange={(path) => onChange((d) => ({ ...d, heroImage: path }))} folder="services" />
      </section>
    </aside>
  );
}
