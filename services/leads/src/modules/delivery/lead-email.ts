import { escapeHtml, LEAD_CONSENT_LABELS, type LeadConsent } from '@hap/contracts';
import type { Mail } from '@hap/service-kit';

/** What the clinic's e-mail tells of a lead. */
export interface LeadForMail {
  reference: string;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  createdAt: Date;
  utmSource: string | null;
  utmCampaign: string | null;
  landingPath: string | null;
  consent: LeadConsent;
}

/** The consent line: the sentence the patient agreed to, or plainly that there was none (docs/consent.md). */
export function consentLine(consent: LeadConsent): string {
  const label = LEAD_CONSENT_LABELS[consent.status];
  if (consent.status !== 'captured' || !consent.text) return `${label}: the request came without our form's consent sentence.`;
  return `${label} (${consent.version}): "${consent.text}"`;
}

/**
 * The e-mail a clinic gets for a new lead: who, how to reach them, what they
 * wrote, where they came from. Replying answers the visitor. Pure (unit-tested).
 */
export function leadEmail(lead: LeadForMail, clinic: { name: string; email: string }): Mail {
  const source = [lead.utmSource, lead.utmCampaign].filter(Boolean).join(' / ') || 'direct';
  const rows: Array<[string, string]> = [
    ['Name', lead.name],
    ['Phone', lead.phone],
    ['E-mail', lead.email],
    ['Message', lead.message ?? '—'],
    ['Page', lead.landingPath ?? '—'],
    ['Source', source],
    ['Consent', consentLine(lead.consent)],
    ['Received', lead.createdAt.toISOString()],
    ['Reference', lead.reference],
  ];
  return {
    to: clinic.email,
    replyTo: lead.email,
    subject: `New consultation request from ${lead.name}`,
    text: [`New consultation request for ${clinic.name}.`, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', 'Reply to this e-mail to answer the patient.'].join('\n'),
    html:
      `<p>New consultation request for <strong>${escapeHtml(clinic.name)}</strong>.</p><table>` +
      rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('') +
      '</table><p>Reply to this e-mail to answer the patient.</p>',
  };
}
