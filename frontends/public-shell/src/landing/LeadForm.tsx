import { Mail, Phone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import {
  EMPTY_LEAD,
  LEAD_MAX_LENGTH,
  leadFieldError,
  validateLead,
  type LeadErrors,
  type LeadField,
  type LeadValues,
} from './lead-form-rules';

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
 * The built-in lead form (public spec §5): Full Name, Email Address and Phone
 * Number required, an optional message where the variant asks for one.
 * Messages appear under their field as it is left or the form is sent, and
 * clear as it is fixed. Sending is not wired yet (the leads issue adds the
 * POST): a valid form says so and offers the phone, it never pretends to succeed.
 */
/** The values a form's fields hold, by their names. */
function valuesIn(form: HTMLFormElement): LeadValues {
  const data = new FormData(form);
  const read = (field: LeadField) => {
    const value = data.get(field);
    return typeof value === 'string' ? value : '';
  };
  return { name: read('name'), email: read('email'), phone: read('phone'), message: read('message') };
}

export function LeadForm({ submitLabel, withMessage = false }: { submitLabel: string; withMessage?: boolean }) {
  const { client } = usePageState();
  const id = useId();
  const [values, setValues] = useState<LeadValues>(EMPTY_LEAD);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [notAccepted, setNotAccepted] = useState(false);

  const fieldId = (field: LeadField) => `${id}-${field}`;
  const setError = (field: LeadField, error: string | null) =>
    setErrors((current) => {
      if ((current[field] ?? null) === error) return current;
      const next = { ...current };
      if (error) next[field] = error;
      else delete next[field];
      return next;
    });

  const onChange = (field: LeadField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setNotAccepted(false);
    // A shown message follows the value, so it goes away as soon as the field is right.
    if (errors[field]) setError(field, leadFieldError(field, next));
  };

  const onBlur = (field: LeadField) => {
    if (values[field].trim()) setError(field, leadFieldError(field, values));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the fields show: also what was typed or autofilled before the page was live (contracts page-boot.ts).
    const shown = valuesIn(event.currentTarget);
    setValues(shown);
    const found = validateLead(shown);
    setErrors(found);
    const first = (['name', 'email', 'phone'] as const).find((field) => found[field]);
    if (first) {
      setNotAccepted(false);
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setNotAccepted(true);
  };

  return (
    // method=post: were it ever sent without script, the values stay out of the address bar.
    <form className="lp-form" method="post" noValidate onSubmit={onSubmit} aria-label="Consultation request">
      {FIELDS.map((spec) => (
        <TextField
          key={spec.field}
          id={fieldId(spec.field)}
          spec={spec}
          value={values[spec.field]}
          error={errors[spec.field]}
          onChange={(value) => onChange(spec.field, value)}
          onBlur={() => onBlur(spec.field)}
        />
      ))}
      {withMessage && (
        <div className="lp-field">
          <label className="lp-field__label" htmlFor={fieldId('message')}>
            Message <span className="lp-field__optional">(optional)</span>
          </label>
          <textarea
            id={fieldId('message')}
            name="message"
            className="lp-field__input lp-field__input--area"
            rows={3}
            maxLength={LEAD_MAX_LENGTH.message}
            placeholder="Anything you would like us to know"
            value={values.message}
            onChange={(event) => onChange('message', event.target.value)}
          />
        </div>
      )}
      {/* A press before the page is live is held and pressed again once it is (contracts page-boot.ts). */}
      <button type="submit" className="btn btn--brand btn--lg lp-form__submit">
        {submitLabel}
      </button>
      <p className="lp-form__note">
        <span aria-hidden="true">*</span> Required. Your information is kept private and confidential.
      </p>
      <div role="status" className="lp-form__status">
        {notAccepted && <NotAcceptedNotice phone={client.phone} email={client.email} name={client.name} />}
      </div>
    </form>
  );
}

function TextField(props: {
  id: string;
  spec: FieldSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { id, spec, value, error } = props;
  const errorId = `${id}-error`;
  return (
    <div className="lp-field">
      <label className="lp-field__label" htmlFor={id}>
        {spec.label}{' '}
        <span className="lp-field__required" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={id}
        name={spec.field}
        type={spec.type}
        className="lp-field__input"
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        placeholder={spec.placeholder}
        maxLength={LEAD_MAX_LENGTH[spec.field]}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      {error && (
        <p id={errorId} className="lp-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function NotAcceptedNotice({ phone, email, name }: { phone: string | null; email: string | null; name: string }) {
  return (
    <div className="lp-notice">
      <p className="lp-notice__title">Online requests are not accepted yet.</p>
      <p className="lp-notice__text">
        Your details have not been sent. {phone || email ? `Please contact ${name} directly to book:` : `Please contact ${name} directly to book.`}
      </p>
      {phone ? (
        <a className="btn btn--brand lp-notice__action" href={telHref(phone)}>
          <Phone size={18} aria-hidden />
          Call {phone}
        </a>
      ) : email ? (
        <a className="btn btn--brand lp-notice__action" href={`mailto:${email}`}>
          <Mail size={18} aria-hidden />
          Email {email}
        </a>
      ) : null}
    </div>
  );
}
