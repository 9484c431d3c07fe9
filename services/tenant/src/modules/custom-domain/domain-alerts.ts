import type { Mailer } from '@hap/service-kit';
import type { UserRepository } from '../user/user.repository';
import type { ClientDomainEntity } from './client-domain.entity';
import type { ClientDomainRepository } from './client-domain.repository';
import { domainAlertMail } from './domain-alert.mail';

/**
 * E-mails a failing domain's alert to the clinic's owners and the agency's
 * admins (enabled accounts), once per failure: alertedAt marks it sent.
 * Nobody reached (SMTP away): the next check tries again.
 */
export async function sendDomainAlert(
  deps: { mailer: Mailer; users: UserRepository; domains: ClientDomainRepository; now: () => Date; log?: { warn(obj: object, msg: string): void } },
  row: ClientDomainEntity,
  clinicName: string,
): Promise<void> {
  const users = await deps.users.domainAlertRecipients(row.clientId);
  let sent = 0;
  for (const user of users) {
    try {
      await deps.mailer.send(domainAlertMail(user.email, { domain: row.domain, clinicName, reason: row.reason ?? '', since: row.failingSince ?? deps.now(), admin: user.isAdmin }));
      sent++;
    } catch (err) {
      deps.log?.warn({ err, domain: row.domain }, 'could not e-mail a failing domain’s alert');
    }
  }
  if (sent > 0) await deps.domains.patch(row.id, { alertedAt: deps.now() });
}
