import { escapeHtml, LINK_LIFETIME_HOURS, type ClinicRole } from '@hap/contracts';
import type { Mail } from '@hap/service-kit';

/** Where a request came in (the gateway's forwarded host and scheme), for links when PUBLIC_BASE_URL is unset. */
export interface LinkContext {
  requestOrigin: string;
}

/** The origin links point at: PUBLIC_BASE_URL, else the request's. */
export const linkOrigin = (publicBaseUrl: string | undefined, context: LinkContext) => publicBaseUrl ?? context.requestOrigin;

/*
 * The links are the portal's pages with the token in the fragment: a browser
 * never sends a fragment, so tokens never reach a server's logs.
 */
export const inviteLink = (origin: string, token: string) => `${origin}/portal/accept-invite#token=${token}`;
export const resetLink = (origin: string, token: string) => `${origin}/portal/reset-password#token=${token}`;

const page = (paragraphs: string[], link: string, button: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#37a2d4;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(
    button,
  )}</a></p><p style="color:#666;font-size:13px">${escapeHtml(link)}</p></body></html>`;

const AS_ROLE: Readonly<Record<ClinicRole, string>> = { owner: 'its owner', front_desk: 'its front desk', viewer: 'a viewer (read only)' };

export function invitationMail(to: string, clinicName: string, role: ClinicRole, link: string): Mail {
  const lines = [
    `You have been invited to ${clinicName}'s portal as ${AS_ROLE[role]}.`,
    `Choose your password with the link below. It works once, for ${LINK_LIFETIME_HOURS} hours.`,
    'If you did not expect this, ignore this e-mail.',
  ];
  return {
    to,
    subject: `Your invitation to ${clinicName}'s portal`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: page(lines, link, 'Accept the invitation'),
  };
}

export function resetMail(to: string, link: string): Mail {
  const lines = [
    'Someone asked to reset the password of your clinic portal account.',
    `Choose a new password with the link below. It works once, for ${LINK_LIFETIME_HOURS} hours.`,
    'If it was not you, ignore this e-mail: your password stays as it is.',
  ];
  return { to, subject: 'Reset your portal password', text: `${lines.join('\n\n')}\n\n${link}\n`, html: page(lines, link, 'Choose a new password') };
}
