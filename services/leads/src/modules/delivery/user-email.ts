import { escapeHtml, unsubscribeUrl } from '@hap/contracts';
import type { Mail } from '@hap/service-kit';

/** Where the portal shows one lead (the Leads screen opens its detail). */
export const portalLeadUrl = (origin: string, leadId: string | number) => `${origin}/portal/leads?lead=${encodeURIComponent(String(leadId))}`;

/**
 * The e-mail a clinic user gets for a new lead: that one
 * arrived, for which clinic, and the link to it in the portal. No patient
 * details (name, phone, e-mail, message): health data stays behind the
 * sign-in, and a personal inbox is not the clinic's. A one-click
 * unsubscribe (RFC 8058) turns these e-mails off. Pure (unit-tested).
 */
export function userLeadEmail(input: { to: string; clinicName: string; leadId: string; origin: string; unsubscribeToken: string }): Mail {
  const link = portalLeadUrl(input.origin, input.leadId);
  const unsubscribe = unsubscribeUrl(input.origin, input.unsubscribeToken);
  const intro = `A new lead arrived for ${input.clinicName}: open the portal to see it.`;
  const why = 'You get this e-mail because you chose an e-mail for each new lead. Change it on your Profile in the portal, or stop these e-mails:';
  return {
    to: input.to,
    subject: `New lead for ${input.clinicName}`,
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
