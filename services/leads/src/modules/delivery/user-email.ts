import { escapeHtml, unsubscribeUrl } from '@hap/contracts';
import type { Mail } from '@hap/service-kit';

/** Where the portal shows one lead (the Leads screen opens its detail). */
export const portalLeadUrl = (origin: string, leadId: string | number) => `${origin}/portal/leads?lead=${encodeURIComponent(String(leadId))}`;

/**
 * The one sentence every alert of a new lead says, whatever carries it (this
 * e-mail, a web push, a text): which clinic, and that the portal shows the
 * rest. Nothing of the patient (name, phone, e-mail, the service asked
 * about): an alert lands on a lock screen, in a personal inbox or on a shared
 * phone, where health data must not; the portal shows it after sign-in
 * (docs/leads.md#delivery).
 */
export const newEnquiryAlert = (clinicName: string) => `New enquiry for ${clinicName} — open the portal`;

/** A clinic user's text of a new lead: the alert's sentence and the lead's link, nothing of the patient (docs/leads.md#delivery). */
export const userLeadText = (input: { clinicName: string; leadId: string; origin: string }) => `${newEnquiryAlert(input.clinicName)}: ${portalLeadUrl(input.origin, input.leadId)}`;

/**
 * The reminder of a lead still new after `minutes` (docs/speed-to-lead.md#nudges): to the clinic's users by
 * push, to the agency's admins by e-mail. Nothing of the patient, as every alert.
 */
export const waitingAlert = (clinicName: string, minutes: number) => `An enquiry for ${clinicName} has waited ${minutes} minutes — open the portal`;

/** The agency's e-mail of a lead still waiting: which clinic, how long, the admin's link to the lead. Pure. */
export function agencyWaitingEmail(input: { to: string; clinicName: string; leadId: string; minutes: number; origin: string }): Mail {
  const link = `${input.origin}/admin/leads?lead=${encodeURIComponent(input.leadId)}`;
  const subject = `A lead of ${input.clinicName} has waited ${input.minutes} minutes`;
  const text = `${subject} without a first contact. The clinic was reminded; you may want to call them.`;
  return {
    to: input.to,
    subject,
    text: [text, '', link].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link)}">Open the lead</a></p></body></html>`,
  };
}

/**
 * The e-mail a clinic user gets for a new lead: the alert's sentence as
 * subject and first line, and the link to the lead in the portal; nothing
 * else, so nothing of the patient can slip in. A one-click unsubscribe
 * (RFC 8058) turns these e-mails off. Pure (unit-tested).
 */
export function userLeadEmail(input: { to: string; clinicName: string; leadId: string; origin: string; unsubscribeToken: string }): Mail {
  const link = portalLeadUrl(input.origin, input.leadId);
  const unsubscribe = unsubscribeUrl(input.origin, input.unsubscribeToken);
  const intro = newEnquiryAlert(input.clinicName);
  const why = 'You get this e-mail because you chose an e-mail for each new lead. Change it on your Profile in the portal, or stop these e-mails:';
  return {
    to: input.to,
    subject: intro,
    text: [intro, '', link, '', why, unsubscribe].join('\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#37a2d4;color:#fff;border-radius:6px;text-decoration:none">Open the lead</a></p>` +
      `<p style="color:#666;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">unsubscribe</a>.</p></body></html>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
