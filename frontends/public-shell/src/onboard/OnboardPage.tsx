import { ONBOARDING_PROGRESS, type OnboardingResult, type OnboardingStep } from '@hap/contracts';
import { ArrowRight, CircleCheck, Clock, LayoutTemplate, Mail } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LegalDocument } from '../home/legal-documents';
import { attemptFor, type Attempt } from '../landing/lead-submission';
import { Toaster } from '../landing/Toaster';
import { toasts } from '../landing/toast-store';
import { AGENCY_NAME } from '../state/branding';
import { DetailsStep } from './DetailsStep';
import { loadCatalogue, register, REGISTRATION_FAILED } from './onboard-api';
import {
  detailErrorsFrom,
  EMPTY_DETAILS,
  groupCatalogue,
  selectionError,
  serviceCountLabel,
  type DetailErrors,
  type DetailValues,
} from './onboard-rules';
import { ServicesStep, type CatalogueState } from './ServicesStep';
import '../styles/fields.css';
import './onboard.css';

const LegalDialog = lazy(() => import('../home/LegalDialog').then((m) => ({ default: m.LegalDialog })));

const STEP_TITLES: Readonly<Record<OnboardingStep, string>> = {
  details: 'Tell us about your business',
  services: 'Choose your services',
  done: 'All set',
};

function Progress({ step }: { step: OnboardingStep }) {
  const value = ONBOARDING_PROGRESS[step];
  const label = step === 'details' ? 'Step 1 of 2' : step === 'services' ? 'Step 2 of 2' : 'Complete';
  return (
    <div className="onb-progress">
      <div className="onb-progress__labels">
        <span>{label}</span>
        <span>{value}%</span>
      </div>
      <div className="onb-progress__track" role="progressbar" aria-label="Registration progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <div className="onb-progress__bar" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/**
 * /onboard (docs/public-site.md#pages-and-routes Onboarding): a clinic owner's self-registration.
 * Business details, then services, then 'Welcome aboard'. The catalogue is
 * asked for while step 1 is filled in; the registration is one
 * `POST /api/onboarding` with an idempotency key kept for a retry of the same
 * values, so a second press or a retry after a lost answer never makes a
 * second clinic.
 */
export function OnboardPage() {
  const [step, setStep] = useState<OnboardingStep>('details');
  const [details, setDetails] = useState<DetailValues>(EMPTY_DETAILS);
  const [serverErrors, setServerErrors] = useState<DetailErrors>({});
  const [catalogue, setCatalogue] = useState<CatalogueState>({ status: 'loading' });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [selectionMessage, setSelectionMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<OnboardingResult | null>(null);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const inFlight = useRef(false);
  const title = useRef<HTMLHeadingElement>(null);
  const stepped = useRef(false);

  // Asked for while step 1 is filled in, so step 2 opens on it; again from 'Try Again'.
  const [catalogueRequest, setCatalogueRequest] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    loadCatalogue(abort.signal).then(
      (entries) => setCatalogue({ status: 'loaded', categories: groupCatalogue(entries) }),
      () => !abort.signal.aborted && setCatalogue({ status: 'failed' }),
    );
    return () => abort.abort();
  }, [catalogueRequest]);
  const retryCatalogue = () => {
    setCatalogue({ status: 'loading' });
    setCatalogueRequest((n) => n + 1);
  };

  // A new step's title takes the focus (not on the first paint), and the page starts at its top.
  useEffect(() => {
    if (!stepped.current) return;
    window.scrollTo({ top: 0 });
    title.current?.focus();
  }, [step]);
  const goTo = (next: OnboardingStep) => {
    stepped.current = true;
    setStep(next);
  };

  const toggle = (id: number) => {
    setSelectionMessage(null);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const submit = async () => {
    if (inFlight.current) return;
    const ids = [...selected];
    const missing = selectionError(ids);
    setSelectionMessage(missing);
    if (missing) return;
    const body = { ...details, website: details.website || null, domain: details.domain || null, selectedServiceIds: ids };
    const current = attemptFor(attempt.current, body);
    attempt.current = current;
    inFlight.current = true;
    setSending(true);
    const outcome = await register(body, current.key);
    inFlight.current = false;
    setSending(false);
    if (outcome.ok) {
      attempt.current = null;
      setResult(outcome.result);
      goTo('done');
      return;
    }
    toasts.show({ title: REGISTRATION_FAILED, description: outcome.message, variant: 'destructive' });
    const fieldErrors = detailErrorsFrom(outcome.issues);
    if (Object.keys(fieldErrors).length > 0) {
      // The server found something in the details: show it where it can be fixed.
      setServerErrors(fieldErrors);
      goTo('details');
    }
  };

  return (
    <div className="site onb-page">
      <header className="onb-top">
        <div className="onb-container onb-top__inner">
          <span className="onb-top__brand">
            <LayoutTemplate size={22} aria-hidden />
            {AGENCY_NAME}
          </span>
          <span className="onb-top__note">Clinic registration</span>
        </div>
      </header>
      <main className="onb-container onb-main">
        <div className="onb-intro">
          <h1 className="onb-intro__title">Create your clinic&apos;s account</h1>
          <p className="onb-intro__text">Pick the services you offer and get ready-made landing pages and a CRM account for your clinic.</p>
        </div>
        <section className="onb-panel" aria-labelledby="onb-step-title">
          <Progress step={step} />
          <h2 id="onb-step-title" ref={title} tabIndex={-1} className="onb-panel__title">
            {step === 'done' && result ? `Welcome aboard, ${result.name}!` : STEP_TITLES[step]}
          </h2>
          {step === 'details' && (
            <DetailsStep
              key={JSON.stringify(serverErrors)}
              initial={details}
              serverErrors={serverErrors}
              onDone={(values) => {
                setDetails(values);
                setServerErrors({});
                goTo('services');
              }}
            />
          )}
          {step === 'services' && (
            <>
              <ServicesStep
                catalogue={catalogue}
                selected={selected}
                error={selectionMessage}
                onToggle={toggle}
                onRetry={retryCatalogue}
                onBack={() => goTo('details')}
              />
              {catalogue.status === 'loaded' && catalogue.categories.length > 0 && (
                <div className="onb-submit">
                  <p className="onb-submit__count" aria-live="polite">
                    {selected.size === 0 ? 'No services selected yet' : `${serviceCountLabel(selected.size)} selected`}
                  </p>
                  <button type="button" className="btn btn--brand btn--lg" onClick={submit} disabled={sending} aria-busy={sending || undefined}>
                    {sending ? 'Creating Account...' : 'Create Account'}
                  </button>
                </div>
              )}
            </>
          )}
          {step === 'done' && result && <Welcome result={result} email={details.email} />}
        </section>
        <p className="onb-note">
          <Clock size={16} aria-hidden />
          Your CRM integration and custom pages will be ready within 24 hours.
        </p>
      </main>
      <footer className="onb-footer">
        <p className="onb-container">
          By creating an account, you agree to our{' '}
          <button type="button" className="link-button" onClick={() => setLegal('terms')}>
            Terms of Service
          </button>{' '}
          and{' '}
          <button type="button" className="link-button" onClick={() => setLegal('privacy')}>
            Privacy Policy
          </button>
          .
        </p>
      </footer>
      {legal && (
        <Suspense fallback={null}>
          <LegalDialog open={legal} onClose={() => setLegal(null)} />
        </Suspense>
      )}
      <Toaster />
    </div>
  );
}

/**
 * The last screen: the spec's words and 'Get Started', and where the owner's
 * portal is: the sign-up's e-mail gets its invitation (tenant README,
 * *Clinic users*: mailed once the clinic is created; with e-mail off the
 * agency sends the link).
 */
function Welcome({ result, email }: { result: OnboardingResult; email: string }) {
  const count = result.activatedServiceIds.length;
  return (
    <div className="onb-welcome">
      <CircleCheck className="onb-welcome__icon" size={56} aria-hidden />
      <p className="onb-welcome__text">
        {result.created ? 'Your account has been created' : 'Your account was already created'} with{' '}
        {count === 0 ? 'no services yet' : serviceCountLabel(count)}. Your home page is live now.
      </p>
      <p className="onb-welcome__invite">
        <Mail size={18} aria-hidden />
        <span>
          Look for our e-mail to <strong>{email}</strong>: it invites you to your clinic portal, where you set your password and see your
          leads. The link works once, for 72 hours. Nothing arrived? Check your spam folder, or ask us to send it again.
        </span>
      </p>
      <a className="btn btn--brand btn--lg" href={`/?client=${result.clientId}`}>
        Get Started
        <ArrowRight size={18} aria-hidden />
      </a>
    </div>
  );
}
