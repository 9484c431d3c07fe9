import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { usePendingFocus } from './use-pending-focus';
import './forms.css';

/** What a row's fields need: the item, its place, a way to change it, and each field's id and message. */
export interface ListRow<T> {
  item: T;
  index: number;
  update: (patch: Partial<T>) => void;
  /** The id of one of the row's fields: `{id}-{index}-{field}`. */
  fieldId: (field: keyof T & string) => string;
  /** The message the schema gave this field, if any. */
  error: (field: keyof T & string) => string | undefined;
}

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

/**
 * One list of a content editor (service editor, template editor): each item a
 * labelled group of fields with Move up, Move down and Remove (visible
 * labels), and an Add button under the list. Every row can be removed, and
 * a row that is added or moved keeps the keyboard's place: the new row's
 * first field, the moved row's button, after a removal the next row (or Add).
 * `errors` are the schema's messages by `{index}.{field}` (see `issuesByPath`).
 */
export function ListEditor<T>({
  id,
  title,
  one,
  items,
  onChange,
  blank,
  firstField,
  renderRow,
  errors,
  canAdd = true,
  badge,
  hint,
  emptyText,
  className,
}: {
  /** The prefix of every id in the list. */
  id: string;
  /** The list's name (the group's legend), e.g. 'Symptoms'. */
  title: string;
  /** One item's name, e.g. 'Symptom': 'Add Symptom', 'Symptom 2', 'Remove symptom 2'. */
  one: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  blank: () => T;
  /** The field that gets the focus when a row is added. */
  firstField: keyof T & string;
  renderRow: (row: ListRow<T>) => ReactNode;
  errors?: Readonly<Record<string, string>>;
  canAdd?: boolean;
  /** Shown beside the legend (e.g. the count). */
  badge?: ReactNode;
  /** Shown under the legend (e.g. '2 more needed'). */
  hint?: ReactNode;
  emptyText?: string;
  className?: string;
}) {
  // Stable keys per row, so a moved row keeps its own inputs; a list replaced from outside gets new ones.
  const [keys, setKeys] = useState<string[]>(() => items.map(newKey));
  if (keys.length !== items.length) setKeys(items.map(newKey));
  const setFocus = usePendingFocus();

  const lower = one.toLowerCase();
  const addId = `${id}-add`;
  const fieldId = (index: number, field: string) => `${id}-${index}-${field}`;

  const add = () => {
    setKeys([...keys, newKey()]);
    onChange([...items, blank()]);
    setFocus(fieldId(items.length, firstField));
  };
  const remove = (index: number) => {
    setKeys(keys.filter((_, i) => i !== index));
    onChange(items.filter((_, i) => i !== index));
    const left = items.length - 1;
    setFocus(left === 0 ? addId : fieldId(Math.min(index, left - 1), firstField));
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= items.length) return;
    const swap = <X,>(list: readonly X[]) => list.map((x, i) => (i === index ? list[to]! : i === to ? list[index]! : x));
    setKeys(swap(keys));
    onChange(swap(items));
    // The moved row's same button, or the other one when it has reached an end.
    const atEnd = (by === -1 && to === 0) || (by === 1 && to === items.length - 1);
    setFocus(`${id}-${to}-${(by === -1) !== atEnd ? 'up' : 'down'}`);
  };

  return (
    <fieldset className={`frm-list ${className ?? ''}`}>
      <legend className="frm-list__title">
        {title} {badge}
      </legend>
      {hint}
      {items.length === 0 && emptyText && <p className="frm-muted">{emptyText}</p>}
      {items.map((item, index) => {
        const label = `${one} ${index + 1}`;
        return (
          <div key={keys[index] ?? index} className="frm-row" role="group" aria-labelledby={`${id}-${index}-label`}>
            <div className="frm-row__header">
              <strong id={`${id}-${index}-label`} className="frm-row__label">
                {label}
              </strong>
              <span className="frm-row__actions">
                <button type="button" id={`${id}-${index}-up`} className="frm-row__action" aria-label={`Move ${lower} ${index + 1} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  <ArrowUp size={14} aria-hidden />
                  Up
                </button>
                <button type="button" id={`${id}-${index}-down`} className="frm-row__action" aria-label={`Move ${lower} ${index + 1} down`} disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                  <ArrowDown size={14} aria-hidden />
                  Down
                </button>
                <button type="button" className="frm-row__action frm-row__action--remove" aria-label={`Remove ${lower} ${index + 1}`} onClick={() => remove(index)}>
                  <Trash2 size={14} aria-hidden />
                  Remove
                </button>
              </span>
            </div>
            {renderRow({
              item,
              index,
              update: (patch) => onChange(items.map((x, i) => (i === index ? { ...x, ...patch } : x))),
              fieldId: (field) => fieldId(index, field),
              error: (field) => errors?.[`${index}.${field}`],
            })}
          </div>
        );
      })}
      {canAdd && (
        <button type="button" id={addId} className="adm-button adm-button--secondary frm-list__add" onClick={add}>
          <Plus size={16} aria-hidden />
          Add {one}
        </button>
      )}
    </fieldset>
  );
}
