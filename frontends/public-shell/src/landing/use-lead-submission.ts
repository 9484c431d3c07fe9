import type { Attribution } from '@hap/contracts';
import { useEffect, useRef, useState } from 'react';
import { usePageState } from '../state/page-context';
import { rememberBookingToken } from '../booking/lead-booking-token';
import { rememberAcceptedLead } from '../tracking/remember-lead';
import { captureAttribution } from './attribution';
import type { LeadErrors, LeadValues } from './lead-form-rules';
import {
  attemptFor,
  CONSENT_VERSION,
  consentSentence,
  LEAD_TOASTS,
  leadRequestBody,
  sendLead,
  thanksHref,
  THANKS_REDIRECT_DELAY_MS,
  type Attempt,
} from './lead-submission';
import { toasts } from './toast-store';

export interface LeadSubmission {
  /** True from the press until the answer (the button says 'Submitting...' and is disabled). */
  sending: boolean;
  /** The sentence shown under the form; the lead carries its version. */
  consentText: string;
  /**
   * Sends valid values. Resolves true when the lead was taken (the form
   * resets; the page goes on to /thanks), false on a failure, after handing
   * the server's field messages to `onFieldErrors`.
   */
  submit(values: LeadValues, honeypot: string, onFieldErrors: (errors: LeadErrors) => void): Promise<boolean>;
}

/**
 * What the landing pages' and the unified page's forms share (docs/public-site.md#states-and-fallbacks):
 * POST /api/leads with the clinic, the service, the consent version, the
 * visit's attribution, the honeypot and an idempotency key reused by a retry
 * of the same values; the toasts; the way to the thank-you page.
 */
export function useLeadSubmission(): LeadSubmission {
  const { client, landing, route } = usePageState();
  const [sending, setSending] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  // A second press before the re-render that disables the button must not send again.
  const inFlight = useRef(false);
  const attribution = useRef<Attribution | null>(null);
  const consentText = consentSentence(client.name);

  // The page hydrates at the visitor's first action; its URL is still the landing URL (pages/hydration.ts).
  useEffect(() => {
    attribution.current = captureAttribution(route);
  }, [route]);

  async function submit(values: LeadValues, honeypot: string, onFieldErrors: (errors: LeadErrors) => void): Promise<boolean> {
    const serviceId = landing?.content.service.id;
    if (inFlight.current || serviceId === undefined) return false;
    // A press held before the page was live is replayed before effects have run: capture it now then.
    attribution.current ??= captureAttribution(route);
    const body = leadRequestBody(values, { clientId: client.id, serviceId, consentVersion: CONSENT_VERSION, attribution: attribution.current, honeypot });
    const current = attemptFor(attempt.current, body);
    attempt.current = current;
    inFlight.current = true;
    setSending(true);
    const outcome = await sendLead(body, current.key);
    inFlight.current = false;
    setSending(false);
    if (!outcome.ok) {
      onFieldErrors(outcome.fieldErrors);
      toasts.show({ ...LEAD_TOASTS.failure, variant: 'destructive' });
      return false;
    }
    attempt.current = null;
    // The thank-you page's Lead conversion fires only for this reference (src/tracking/).
    rememberAcceptedLead(outcome.reference, honeypot);
    // The thank-you page's picker books for this lead (docs/booking.md#pages): the token stays in this tab.
    rememberBookingToken(outcome.reference, outcome.bookingToken);
    toasts.show({ ...LEAD_TOASTS.success, variant: 'default' });
    const target = thanksHref(window.location.search, outcome.reference, serviceId);
    window.setTimeout(() => window.location.assign(target), THANKS_REDIRECT_DELAY_MS);
    return true;
  }

  return { sending, consentText, submit };
}
