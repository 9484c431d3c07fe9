import { LEAD_FORM_PATH, POSTED_FORM_ATTRIBUTE } from '@hap/contracts';
import { useId, useState, type FormEvent } from 'react';
import {
  EMPTY_LEAD,
  LEAD_MAX_LENGTH,
  leadFieldError,
  validateLead,
  type LeadErrors,
  type LeadField,
  type LeadValues,
} from './lead-form-rules';
import { FormPostFields } from './FormPostFields';
import { Honeypot } from './Honeypot';
import { HONEYPOT_FIELD, SUBMITTING_LABEL } from './lead-submission';
import { useLeadSubmission } from './use-lead-submission';
import '../styles/fields.css';

interface FieldSpec {
  field: LeadField;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'email' | 'tel';
  placeholder: string;
}

const FIELDS: readonly FieldSpec[] = [
  { field: 'name', label: 'Full Name', type: 'text', autoComplete: 'name', placeholder: 'Jane Smith' },
  { field: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', inputMode: 'email', placeholder: 'you@example.com' },
  { field: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '(555) 123-4567' },
];

/**
 * The built-in lead form (docs/public-site.md#states-and-fallbacks, docs/public-site.md#validation): Full Name, Email Address and
 * Phone Number required, an optional message where the variant asks for one.
 * Messages appear under their field as it is left or the form is sent, and
 * clear as it is fixed. A valid form is sent to POST /api/leads
 * (use-lead-submission.ts): 'Submitting...' while it travels, then the page's
 * toast; a taken lead resets the form and goes on to /thanks, a failed one
 * keeps the values (and shows the server's field messages) for a retry.
 */
/** The values a form's fields hold, by their names. */
function valuesIn(form: HTMLFormElement): LeadValues & { honeypot: string } {
  const data = new FormData(form);
  const read = (field: string) => {
    const value = data.get(field);
    return typeof value === 'string' ? value : '';
  };
  return { name: read('name'), email: read('email'), phone: read('phone'), message: read('message'), honeypot: read(HONEYPOT_FIELD) };
}

/** The form's lead fields as shown (valuesIn without the honeypot). */
function fieldValues(form: HTMLFormElement): LeadValues {
  const { honeypot: _honeypot, ...values } = valuesIn(form);
  return values;
}

const REQUIRED: readonly LeadField[] = ['name', 'email', 'phone'];

export function LeadForm({ submitLabel, withMessage = false }: { submitLabel: string; withMessage?: boolean }) {
  const id = useId();
  const [values, setValues] = useState<LeadValues>(EMPTY_LEAD);
  const [errors, setErrors] = useState<LeadErrors>({});
  const { sending, consentText, submit } = useLeadSubmission();

  const fieldId = (field: LeadField) => `${id}-${field}`;
  const focusFirst = (found: LeadErrors) => {
    const first = [...REQUIRED, 'message' as const].find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
    return first;
  };
  const setError = (field: LeadField, error: string | null) =>
    setErrors((current) => {
      if ((current[field] ?? null) === error) return current;
      const next = { ...current };
      if (error) next[field] = error;
      else delete next[field];
      return next;
    });

  /**
   * Each change starts from what all the fields show, not from the state:
   * what was typed before the page was live is in the fields only, and a
   * render from the state alone would wipe it (Preact writes `value` back).
   */
  const onChange = (field: LeadField, value: string, form: HTMLFormElement | null) => {
    const shown = form ? fieldValues(form) : values;
    const next = { ...shown, [field]: value };
    setValues(next);
    // A shown message follows the value, so it goes away as soon as the field is right.
    if (errors[field]) setError(field, leadFieldError(field, next));
  };

  const onBlur = (field: LeadField, form: HTMLFormElement | null) => {
    const shown = form ? fieldValues(form) : values;
    if (shown[field].trim()) {
      setValues(shown);
      setError(field, leadFieldError(field, shown));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The browser is already posting it itself (the loader's fallback, contracts page-boot.ts): one request, not two.
    if (form.hasAttribute(POSTED_FORM_ATTRIBUTE)) return;
    // What the fields show: also what was typed or autofilled before the page was live (contracts page-boot.ts).
    const { honeypot, ...shown } = valuesIn(form);
    setValues(shown);
    const found = validateLead(shown);
    setErrors(found);
    if (focusFirst(found)) return;
    const taken = await submit(shown, honeypot, (fromServer) => {
      if (Object.keys(fromServer).length === 0) return;
      setErrors(fromServer);
      focusFirst(fromServer);
    });
    if (taken) {
      form.reset();
      setValues(EMPTY_LEAD);
      setErrors({});
    }
  };

  return (
    // Without script the browser posts it to the leads service itself (FormPostFields), the values in the body, never the address bar.
    <form className="lp-form" method="post" action={LEAD_FORM_PATH} noValidate onSubmit={onSubmit} aria-label="Consultation request" aria-busy={sending || undefined}>
      {FIELDS.map((spec) => (
        <TextField
          key={spec.field}
          id={fieldId(spec.field)}
          spec={spec}
          value={values[spec.field]}
          error={errors[spec.field]}
          onChange={(value, form) => onChange(spec.field, value, form)}
          onBlur={(form) => onBlur(spec.field, form)}
        />
      ))}
      {withMessage && (
        <div className="field">
          <label className="field__label" htmlFor={fieldId('message')}>
            Message <span className="field__optional">(optional)</span>
          </label>
          <textarea
            id={fieldId('message')}
            name="message"
            className="field__input field__input--area"
            rows={3}
            maxLength={LEAD_MAX_LENGTH.message}
            placeholder="Anything you would like us to know"
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${fieldId('message')}-error` : undefined}
            value={values.message}
            onChange={(event) => onChange('message', event.target.value, event.target.form)}
          />
          {errors.message && (
            <p id={`${fieldId('message')}-error`} className="field__error" role="alert">
              {errors.message}
            </p>
          )}
        </div>
      )}
      <Honeypot />
      <FormPostFields />
      {/* A press before the page is live is held and pressed again once it is (contracts page-boot.ts). */}
      <button type="submit" className="btn btn--brand btn--lg lp-form__submit" disabled={sending}>
        {sending ? SUBMITTING_LABEL : submitLabel}
      </button>
      <p className="lp-form__note">
        <span aria-hidden="true">*</span> Required. Your information is kept private and confidential.
      </p>
      <p className="lp-form__consent">{consentText}</p>
    </form>
  );
}

function TextField(props: {
  id: string;
  spec: FieldSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string, form: HTMLFormElement | null) => void;
  onBlur: (form: HTMLFormElement | null) => void;
}) {
  const { id, spec, value, error } = props;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {spec.label}{' '}
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={id}
        name={spec.field}
        type={spec.type}
        className="field__input"
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        placeholder={spec.placeholder}
        maxLength={LEAD_MAX_LENGTH[spec.field]}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => props.onChange(event.target.value, event.target.form)}
        onBlur={(event) => props.onBlur(event.target.form)}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
