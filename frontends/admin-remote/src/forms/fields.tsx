import type { ReactNode } from 'react';
import { FormField } from '../auth/FormField';

/** The ids a control is described by: its message (when refused), its counter and its hint. */
const describedBy = (id: string, error?: string, counter?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : '', counter !== undefined ? `${id}-counter` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

/**
 * A labelled one-line or multi-line text field with its message beside it
 * (`aria-invalid` while refused) and an optional counter and hint. `maxLength`
 * stops typing at the limit.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  rows,
  mono,
  maxLength,
  counter,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string | null;
  /** Multi-line with this many rows. */
  rows?: number;
  mono?: boolean;
  maxLength?: number;
  counter?: string;
  hint?: ReactNode;
}) {
  const common = {
    id,
    value,
    maxLength,
    placeholder: placeholder ?? undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, counter, hint),
  } as const;
  const change = (text: string) => onChange(maxLength ? text.slice(0, maxLength) : text);
  return (
    <FormField id={id} label={label} error={error} counter={counter}>
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          spellCheck={mono ? false : undefined}
          className={mono ? 'adm-input adm-textarea adm-textarea--mono' : 'adm-input adm-textarea'}
          onChange={(e) => change(e.target.value)}
        />
      ) : (
        <input {...common} className="adm-input" onChange={(e) => change(e.target.value)} />
      )}
      {hint && (
        <span id={`${id}-hint`} className="frm-hint">
          {hint}
        </span>
      )}
    </FormField>
  );
}

/** A labelled select with its message beside it. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <select id={id} className="adm-input" value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error)} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
