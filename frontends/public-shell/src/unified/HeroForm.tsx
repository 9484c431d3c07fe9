import { LEAD_FORM_PATH, POSTED_FORM_ATTRIBUTE } from '@hap/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormPostFields } from '../landing/FormPostFields';
import { Honeypot } from '../landing/Honeypot';
import { HONEYPOT_FIELD, SUBMITTING_LABEL } from '../landing/lead-submission';
import { useLeadSubmission } from '../landing/use-lead-submission';
import { FallbackServiceContact } from '../components/FallbackServiceContact';
import { usePageState } from '../state/page-context';
import { hasEmbedCode, leadErrors, type LeadErrors, type LeadFields } from './unified-rules';

/**
 * The hero's form (docs/public-site.md#pages-and-routes, docs/public-site.md#validation): the service's embedded form when it
 * has one, else the built-in lead form. Admin-supplied HTML only ever runs in
 * a sandboxed iframe with an opaque origin (ARCHITECTURE.md#auth-and-sessions).
 */
export function HeroForm({ submitLabel }: { submitLabel: string }) {
  const { landing } = usePageState();
  if (landing?.fallback) return <FallbackServiceContact />;
  const code = landing?.content.service.formEmbedCode;
  if (hasEmbedCode(code)) {
    return (
      <iframe
        className="u-form-embed"
        title="Request an appointment"
        srcDoc={code}
        sandbox="allow-scripts allow-forms allow-popups allow-top-navigation-by-user-activation"
        loading="eager"
      />
    );
  }
  return <UnifiedLeadForm submitLabel={submitLabel} />;
}

const EMPTY: LeadFields = { name: '', email: '', phone: '' };

/** What the form's fields show. */
function shownIn(form: HTMLFormElement): LeadFields {
  const data = new FormData(form);
  const read = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { name: read('name'), email: read('email'), phone: read('phone') };
}

const FIELDS: readonly { key: keyof LeadFields; label: string; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }[] = [
  { key: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/**
 * The built-in lead form: Full Name, Email Address and Phone Number, all
 * required, checked with the spec's messages on submit, then sent exactly as
 * the landing pages' LeadForm sends it (use-lead-submission.ts: the POST,
 * 'Submitting...', the toasts, the retry with the same idempotency key, the
 * way to /thanks). Its own markup and styles: this page's chunk does not
 * carry the landing pages' stylesheet.
 */
function UnifiedLeadForm({ submitLabel }: { submitLabel: string }) {
  const id = useId();
  const [values, setValues] = useState<LeadFields>(EMPTY);
  const [errors, setErrors] = useState<LeadErrors>({});
  const { sending, consentText, submit } = useLeadSubmission();

  const focusFirst = (found: LeadErrors) => {
    const first = FIELDS.find((f) => found[f.key]);
    if (first) document.getElementById(`${id}-${first.key}`)?.focus();
    return first;
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The browser is already posting it itself (the loader's fallback, contracts page-boot.ts): one request, not two.
    if (form.hasAttribute(POSTED_FORM_ATTRIBUTE)) return;
    // What the fields show, autofill included.
    const shown = shownIn(form);
    setValues(shown);
    const found = leadErrors(shown);
    setErrors(found);
    if (focusFirst(found)) return;
    const honeypot = new FormData(form).get(HONEYPOT_FIELD);
    const taken = await submit({ ...shown, message: '' }, typeof honeypot === 'string' ? honeypot : '', (fromServer) => {
      const mine: LeadErrors = {};
      for (const field of FIELDS) if (fromServer[field.key]) mine[field.key] = fromServer[field.key];
      if (Object.keys(mine).length === 0) return;
      setErrors(mine);
      focusFirst(mine);
    });
    if (taken) {
      form.reset();
      setValues(EMPTY);
      setErrors({});
    }
  }

  return (
    <form className="u-form" method="post" action={LEAD_FORM_PATH} noValidate onSubmit={onSubmit} aria-label="Appointment request" aria-busy={sending || undefined}>
      {FIELDS.map((field) => {
        const error = errors[field.key];
        return (
          <div className="u-form__field" key={field.key}>
            <label htmlFor={`${id}-${field.key}`}>
              {field.label} <span aria-hidden>*</span>
            </label>
            <input
              id={`${id}-${field.key}`}
              name={field.key}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field.key}-error` : undefined}
              value={values[field.key]}
              // From what all the fields show: what was typed before the page was live is there only.
              onChange={(e) => setValues({ ...(e.target.form ? shownIn(e.target.form) : values), [field.key]: e.target.value })}
            />
            {error && (
              <p className="u-form__error" id={`${id}-${field.key}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <Honeypot />
      <FormPostFields />
      <button type="submit" className="btn btn--brand btn--lg u-form__submit" disabled={sending}>
        {sending ? SUBMITTING_LABEL : submitLabel}
      </button>
      <p className="u-form__note">Your information is private and never shared.</p>
      <p className="u-form__note">{consentText}</p>
    </form>
  );
}
