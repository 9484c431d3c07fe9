import type { ReactNode } from 'react';

/** A label, its control, and the control's validation message (id `{id}-error`, for aria-describedby). */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="adm-field">
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="adm-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
