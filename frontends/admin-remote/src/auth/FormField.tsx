import type { ComponentPropsWithRef, ReactNode } from 'react';

/**
 * A label, its control, and the control's validation message (id
 * `{id}-error`, for aria-describedby); optionally a counter beside the label
 * (id `{id}-counter`), such as the service editor's 'N/150'. A required
 * field's label carries a visible '*' that assistive technology reads as
 * 'required' (the control itself should also say aria-required).
 */
export function FormField({
  id,
  label,
  error,
  counter,
  required = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  counter?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const labelTag = (
    <label htmlFor={id} className="adm-label">
      {label}
      {required && (
        <>
          <span className="adm-field__required" aria-hidden>
            {' *'}
          </span>
          <span className="adm-sr-only"> (required)</span>
        </>
      )}
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

/**
 * What a control of a `FormField` says about its message: `aria-invalid` while refused, described by the
 * message (`{id}-error`) then, else by `hint` (the id of a hint that stands below it), if any.
 */
export const errorAria = (id: string, error: unknown, hint?: string) =>
  ({ 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : hint }) as const;

/**
 * A `FormField` around one `adm-input` text box that says its message (`errorAria`), the shape of the
 * sign-in and invitation forms; `hint` is the id of a hint below it. What else the box takes
 * (type, autoComplete, the form's `register`) goes through as it is.
 */
export function InputField({
  id,
  label,
  error,
  hint,
  required,
  className = 'adm-input',
  ...input
}: Omit<ComponentPropsWithRef<'input'>, 'id' | 'required'> & { id: string; label: string; error?: { message?: string }; hint?: string; required?: boolean }) {
  return (
    <FormField id={id} label={label} error={error?.message} required={required}>
      <input id={id} className={className} {...errorAria(id, error, hint)} {...input} />
    </FormField>
  );
}
