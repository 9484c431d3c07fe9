import { useId, useState, type FormEvent } from 'react';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import { hasEmbedCode, leadErrors, type LeadErrors, type LeadFields } from './unified-rules';

/**
 * The hero's form (public spec §2, §5): the service's embedded form when it
 * has one, else the built-in lead form. Admin-supplied HTML only ever runs in
 * a sandboxed iframe with an opaque origin (DESIGN §3).
 */
export function HeroForm({ submitLabel }: { submitLabel: string }) {
  const { landing } = usePageState();
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

const FIELDS: readonly { key: keyof LeadFields; label: string; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }[] = [
  { key: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/**
 * The built-in lead form: Full Name, Email Address and Phone Number, all
 * required, checked with the spec's messages on submit; a sent lead goes on
 * to the thank-you page. (The landing pages' shared LeadForm replaces it once
 * it exists; see README.)
 */
function UnifiedLeadForm({ submitLabel }: { submitLabel: string }) {
  const state = usePageState();
  const id = useId();
  const [values, setValues] = useState<LeadFields>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<LeadErrors>({});
  const [status, setStatus] = useState<'idle' | 'failed'>('idle');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = leadErrors(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f.key]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid.key}`)?.focus();
      return;
    }
    // POST /api/leads has no route contract yet (the leads issue adds it and the typed call):
    // until then nothing is sent, and the form says so and offers the phone.
    setStatus('failed');
  }

  return (
    <form className="u-form" noValidate onSubmit={submit} aria-describedby={status === 'failed' ? `${id}-status` : undefined}>
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
              onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
            />
            {error && (
              <p className="u-form__error" id={`${id}-${field.key}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn--brand btn--lg u-form__submit">
        {submitLabel}
      </button>
      <p className="u-form__status" id={`${id}-status`} role="alert">
        {status === 'failed' && (
          <>
            Your request could not be sent.{' '}
            {state.client.phone ? (
              <>
                Please call us at <a href={telHref(state.client.phone)}>{state.client.phone}</a> or try again.
              </>
            ) : (
              'Please try again in a moment.'
            )}
          </>
        )}
      </p>
      <p className="u-form__note">Your information is private and never shared.</p>
    </form>
  );
}
