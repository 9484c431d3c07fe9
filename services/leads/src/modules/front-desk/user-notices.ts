import type { DataSource } from 'typeorm';
import { escapeHtml } from '@hap/contracts';
import { startPolling, type Mailer } from '@hap/service-kit';
import { PushSubscriptionGone, type WebPush } from '@hap/service-kit/push';
import type { TenantClient } from '../../clients/tenant.client';
import { portalLeadUrl } from '../delivery/user-email';
import { UserNoticeRepository, type NoticeRow } from './user-notice.repository';

/** What a notice says, whatever carries it: which clinic and the link; never the patient (docs/leads.md#assignment). */
export function noticeWords(notice: { kind: NoticeRow['kind']; leadId: string | null }, clinicName: string, origin: string): { title: string; body: string; url: string; tag: string } {
  if (notice.kind === 'assigned') {
    return { title: `A lead of ${clinicName} was given to you`, body: 'Open the portal to see it.', url: portalLeadUrl(origin, notice.leadId ?? ''), tag: `assigned-${notice.leadId}` };
  }
  return { title: 'A task is due — open the portal', body: `A task of ${clinicName} is due.`, url: `${origin}/portal/tasks`, tag: `task-${notice.leadId ?? 'clinic'}` };
}

export interface NoticeDependencies {
  dataSource: DataSource;
  tenant: Pick<TenantClient, 'leadRecipients' | 'clinic' | 'forgetPushSubscription'>;
  push: WebPush | null;
  mailer: Mailer | null;
  /** The portal's origin for links (PUBLIC_BASE_URL). */
  origin: string;
  now?: () => Date;
  /** Only these clinics' notices (a test's own). */
  clientIds?: readonly number[];
}

/** Tells one user by the channels they chose for alerts (their Profile): a push to each device, an e-mail. */
async function tell(notice: NoticeRow, deps: NoticeDependencies): Promise<string> {
  const recipient = (await deps.tenant.leadRecipients(notice.client_id)).find((r) => r.userId === notice.user_id);
  if (!recipient) return 'The user takes no alerts (or is no longer active): shown in the portal only.';
  const { name } = await deps.tenant.clinic(notice.client_id);
  const words = noticeWords({ kind: notice.kind, leadId: notice.lead_id }, name, deps.origin);
  const said: string[] = [];
  if (deps.push && recipient.channels.push.length) {
    let sent = 0;
    for (const device of recipient.channels.push) {
      try {
        await deps.push.send(device, { title: words.title, body: words.body, tag: words.tag, data: { url: words.url } });
        sent++;
      } catch (err) {
        if (err instanceof PushSubscriptionGone) await deps.tenant.forgetPushSubscription(device.endpoint);
      }
    }
    said.push(`pushed to ${sent} of ${recipient.channels.push.length} devices`);
  }
  if (deps.mailer && recipient.channels.email) {
    await deps.mailer.send({
      to: recipient.email,
      subject: words.title,
      text: [words.title, '', words.url].join('\n'),
      html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><p>${escapeHtml(words.title)}</p><p><a href="${escapeHtml(words.url)}">Open the portal</a></p></body></html>`,
    });
    said.push('e-mailed');
  }
  return said.length ? `${said.join(', ')}.` : 'No channel of the user is configured here.';
}

/**
 * One pass of the notice sweep (docs/leads.md#tasks): the notices due (an assignment at once, a task at its
 * time) are claimed and marked sent in one statement before they go, so none is sent twice, whatever runs
 * the sweep or restarts; a worker killed between the claim and the push loses that one push (the task still
 * shows overdue in My tasks). Returns how many were claimed.
 */
export async function sweepNotices(deps: NoticeDependencies, batch = 100): Promise<number> {
  const notices = new UserNoticeRepository(deps.dataSource);
  const claimed = await notices.claimDue(deps.now?.() ?? new Date(), batch, deps.clientIds ?? null);
  for (const notice of claimed) {
    let outcome: string;
    try {
      outcome = await tell(notice, deps);
    } catch (err) {
      outcome = `Not sent: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
    }
    await notices.settle(notice.id, outcome);
  }
  return claimed.length;
}

/** The worker's sweep, every `intervalMs` (at once again after a full batch). */
export function startNoticeSweep(deps: NoticeDependencies & { intervalMs: number; onError: (err: unknown) => void }) {
  return startPolling({ batch: 100, intervalMs: deps.intervalMs, pass: () => sweepNotices(deps), onError: deps.onError });
}
