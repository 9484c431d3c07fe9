import { ONBOARDING_LENGTHS } from '@hap/contracts';
import { ArrowRight } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { DETAIL_FIELDS, detailErrors, type DetailErrors, type DetailField, type DetailValues } from './onboard-rules';

interface FieldSpec {
  field: DetailField;
  label: string;
  type: 'text' | 'email' | 'tel' | 'url';
  autoComplete: string;
  placeholder: string;
  optional?: boolean;
  hint?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { field: 'name', label: 'Business Name', type: 'text', autoComplete: 'organization', placeholder: 'Summit Wellness Clinic' },
  { field: 'address', label: 'Address', type: 'text', autoComplete: 'street-address', placeholder: '123 Main St, Denver, CO 80202' },
  { field: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', placeholder: '(555) 123-4567' },
  { field: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', placeholder: 'owner@yourclinic.com' },
  { field: 'website', label: 'Website', type: 'url', autoComplete: 'url', placeholder: 'https://www.yourclinic.com', optional: true },
  {
    field: 'domain',
    label: 'Domain for your pages',
    type: 'text',
    autoComplete: 'off',
    placeholder: 'www.yourclinic.com',
    optional: true,
    hint: 'Your own domain for the new pages. We start checking that it is yours (two DNS records to set, shown on your clinic portal’s Domains page); once it is, your pages open there. Until then they open from the link we give you.',
  },
];

function valuesOf(form: HTMLFormElement): DetailValues {
  const data = new FormData(form);
  const read = (field: DetailField) => {
    const value = data.get(field);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(DETAIL_FIELDS.map((field) => [field, read(field)])) as DetailValues;
}

/**
 * Step 1, business details (docs/public-site.md#pages-and-routes, docs/public-site.md#validation). The fields keep what was
 * typed on their own (uncontrolled): nothing typed before the page's script
 * took over is lost, and going back from step 2 shows the values again.
 * Messages appear as a field is left or the step is sent, and follow the
 * value from then on.
 */
export function DetailsStep({
  initial,
  serverErrors,
  onDone,
}: {
  initial: DetailValues;
  /** Field messages the server gave for a registration, shown until the field changes. */
  serverErrors: DetailErrors;
  onDone: (values: DetailValues) => void;
}) {
  const id = useId();
  const [errors, setErrors] = useState<DetailErrors>(serverErrors);
  const fieldId = (field: DetailField) => `${id}-${field}`;

  /** The field's message for what the form now shows; `always` also checks an empty field not yet flagged. */
  const recheck = (form: HTMLFormElement | null, field: DetailField, always: boolean) => {
    if (!form) return;
    const values = valuesOf(form);
    if (!always && !values[field].trim() && !errors[field]) return;
    const message = detailErrors(values)[field];
    setErrors((current) => {
      if (current[field] === message) return current;
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = valuesOf(event.currentTarget);
    const found = detailErrors(values);
    setErrors(found);
    const first = DETAIL_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    onDone(values);
  };

  return (
    <form
      className="onb-form"
      method="post"
      noValidate
      aria-labelledby="onb-step-title"
      onSubmit={onSubmit}
    >
      <div className="onb-form__grid">
        {FIELDS.map((spec) => {
          const error = errors[spec.field];
          const describedBy = [error ? `${fieldId(spec.field)}-error` : '', spec.hint ? `${fieldId(spec.field)}-hint` : ''].filter(Boolean).join(' ');
          return (
            <div key={spec.field} className={`field onb-field${spec.field === 'address' ? ' onb-field--wide' : ''}`}>
              <label className="field__label" htmlFor={fieldId(spec.field)}>
                {spec.label}{' '}
                {spec.optional ? (
                  <span className="field__optional">(optional)</span>
                ) : (
                  <span className="field__required" aria-hidden="true">
                    *
                  </span>
                )}
              </label>
              <input
                id={fieldId(spec.field)}
                name={spec.field}
                type={spec.type}
                className="field__input"
                autoComplete={spec.autoComplete}
                placeholder={spec.placeholder}
                defaultValue={initial[spec.field]}
                maxLength={ONBOARDING_LENGTHS[spec.field].max}
                required={!spec.optional}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy || undefined}
                onBlur={(event) => recheck(event.currentTarget.form, spec.field, false)}
                // A shown message follows the value, so it goes as soon as the field is right.
                onChange={(event) => errors[spec.field] && recheck(event.currentTarget.form, spec.field, true)}
              />
              {spec.hint && (
                <p id={`${fieldId(spec.field)}-hint`} className="onb-field__hint">
                  {spec.hint}
                </p>
              )}
              {error && (
                <p id={`${fieldId(spec.field)}-error`} className="field__error" role="alert">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="onb-actions onb-actions--end">
        <button type="submit" className="btn btn--brand btn--lg">
          Continue to Services
          <ArrowRight size={18} aria-hidden />
        </button>
      </div>
    </form>
  );
}
