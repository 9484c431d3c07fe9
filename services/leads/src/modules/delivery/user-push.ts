import { portalLeadUrl } from './user-email';

/** What a service worker gets in a push (frontends/public-shell/public/portal-sw.js shows it and opens `data.url` on a tap). */
export interface LeadPushPayload {
  title: string;
  body: string;
  /** One notification per lead on a device: a repeated push replaces it. */
  tag: string;
  data: { url: string };
}

/**
 * The push a clinic user's devices get for a new lead: the alert's words
 * split as a notification shows them ("New enquiry for <clinic>" / "Open the
 * portal to see it."), and the lead's link in the portal to open on a tap.
 * Nothing of the patient: a lock screen is read by whoever holds the phone
 * (docs/leads.md#delivery). Pure (unit-tested).
 */
export function userLeadPush(input: { clinicName: string; leadId: string; origin: string }): LeadPushPayload {
  return {
    title: `New enquiry for ${input.clinicName}`,
    body: 'Open the portal to see it.',
    tag: `lead-${input.leadId}`,
    data: { url: portalLeadUrl(input.origin, input.leadId) },
  };
}
