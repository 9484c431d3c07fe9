import { escapeHtml } from '@hap/contracts';
import type { Mail } from '@hap/service-kit';

export interface DomainAlert {
  domain: string;
  clinicName: string;
  /** The health check's reasons, in words. */
  reason: string;
  since: Date;
  /** An agency admin (the clinic's page in the admin) or the clinic's owner (the portal). */
  admin: boolean;
}

/** The e-mail a failing domain sends once per failure to the clinic's owners and the agency's admins. */
export function domainAlertMail(to: string, alert: DomainAlert): Mail {
  const where = alert.admin ? `the Domains of ${alert.clinicName} in the admin` : 'Domains in your clinic portal';
  const lines = [
    `${alert.domain}, ${alert.clinicName}'s own domain, is failing its daily check since ${alert.since.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
    `What we found: ${alert.reason}`,
    'Its pages are still served while the platform can, but visitors and ads may meet errors. Campaigns whose final URL is on this domain cannot be launched until it passes again.',
    `Once it is fixed, use "Check now" in ${where}; the daily check also clears it by itself. You get this e-mail once per failure.`,
  ];
  return {
    to,
    subject: `${alert.domain} is failing: ${alert.clinicName}'s domain needs attention`,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`,
  };
}
