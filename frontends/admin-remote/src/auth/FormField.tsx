import type { ReactNode } from 'react';

/**
 * A label, its control, and the control's validation message (id
 * `{id}-error`, for aria-describedby); optionally a counter beside the label
 * (id `{id}-counter`), such as the service editor's 'N/150'.
 */
export function FormField({ id, label, error, counter, children }: { id: string; label: string; error?: string; counter?: string; children: ReactNode }) {
  const labelTag = (
    <label htmlFor={id} className="adm-label">
      {label}
    </label>
  );
  return (
    <div className="adm-field">
      {counter === undefined ? (
        labelTag
      ) : (
        <span className="adm-field__label-row">
          {labelTag}
          <span id={`${id}-counter`} className="adm-field__counter">
            {counter}
          </span>
        </span>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="adm-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
