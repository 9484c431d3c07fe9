import {
  CALL_OUTCOME_LABELS,
  LEAD_STATUS_LABELS,
  MESSAGE_STATUS_LABELS,
  SMS_REPLY_MAX_LENGTH,
  SmsReplySchema,
  routes,
  type TimelineEntry,
} from '@hap/contracts';
import { MessageSquare, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorAria, FormField } from '../auth/FormField';
import { apiFieldError } from '../lib/field-errors';
import { LoadFailed } from '../pages/LoadFailed';
import { formatDateTime } from './lead-filters';
import { useLeadsCan } from './leads-can';
import { useLeadsScope, useLeadTimeline, useSendLeadSms } from './leads-query';

const FOLLOW_UP_STATES = { scheduled: 'scheduled', stopped: 'stopped', sent: 'sent', not_sent: 'not sent' } as const;

/** An e-mail by its subject (its first line); the words open on demand. */
function EmailBody({ body }: { body: string }) {
  const [subject, ...rest] = body.split('\n');
  return (
    <details className="adm-timeline__body adm-timeline__body--message">
      <summary>{subject}</summary>
      <p className="adm-timeline__email">{rest.join('\n').trim()}</p>
    </details>
  );
}

/** What one entry says, and who or what it came from. */
function Entry({ entry }: { entry: TimelineEntry }) {
  switch (entry.type) {
    case 'form':
      return (
        <>
          <p className="adm-timeline__title">Sent the form{entry.service ? ` for ${entry.service}` : ''}</p>
          {entry.message && <p className="adm-timeline__body">{entry.message}</p>}
        </>
      );
    case 'message': {
      const channel = entry.channel === 'sms' ? 'Text' : 'E-mail';
      const title =
        entry.direction === 'in'
          ? `${channel} from the patient`
          : `${channel} to the patient${entry.kind === 'first_reply' ? ' (first reply)' : entry.kind === 'follow_up' ? ' (follow-up)' : ''}`;
      return (
        <>
          <p className="adm-timeline__title">
            {title}
            {entry.by && <span className="adm-muted"> · {entry.by}</span>}
          </p>
          {entry.channel === 'email' ? <EmailBody body={entry.body} /> : <p className="adm-timeline__body adm-timeline__body--message">{entry.body}</p>}
          {entry.direction === 'out' && (
            <p className={`adm-timeline__meta${entry.status === 'failed' || entry.status === 'undelivered' ? ' adm-timeline__meta--bad' : ''}`}>
              {MESSAGE_STATUS_LABELS[entry.status]}
              {entry.error ? ` — ${entry.error}` : ''}
            </p>
          )}
        </>
      );
    }
    case 'status':
      return (
        <p className="adm-timeline__title">
          {LEAD_STATUS_LABELS[entry.from]} → <strong>{LEAD_STATUS_LABELS[entry.to]}</strong>
          {entry.by && <span className="adm-muted"> · {entry.by}</span>}
        </p>
      );
    case 'appointment':
      return (
        <p className="adm-timeline__title">
          Appointment {entry.status === 'cancelled' ? 'cancelled' : 'booked'} for {formatDateTime(entry.startAt)}
        </p>
      );
    case 'follow_up':
      return (
        <>
          <p className="adm-timeline__title">
            Follow-up text {entry.step} {FOLLOW_UP_STATES[entry.state]}
          </p>
          {entry.note && <p className="adm-timeline__meta">{entry.note}</p>}
        </>
      );
    case 'note':
      return (
        <>
          <p className="adm-timeline__title">
            Note{entry.edited ? ' (edited)' : ''}
            {entry.by && <span className="adm-muted"> · {entry.by}</span>}
          </p>
          <p className="adm-timeline__body">{entry.body}</p>
        </>
      );
    case 'call':
      return (
        <>
          <p className="adm-timeline__title">
            Call: <strong>{CALL_OUTCOME_LABELS[entry.outcome]}</strong>
            {entry.by && <span className="adm-muted"> · {entry.by}</span>}
          </p>
          {entry.note && <p className="adm-timeline__body">{entry.note}</p>}
        </>
      );
    case 'assignment':
      return (
        <p className="adm-timeline__title">
          {entry.assigneeName ? `Assigned to ${entry.assigneeName}` : 'Unassigned'}
          {entry.by && <span className="adm-muted"> · {entry.by}</span>}
        </p>
      );
    case 'task':
      return (
        <p className="adm-timeline__title">
          Task: {entry.title} (due {formatDateTime(entry.dueAt)}
          {entry.assigneeName ? `, ${entry.assigneeName}` : ''}){entry.done ? ' · done' : ''}
        </p>
      );
  }
}

/** The clinic texts the patient; the same schema as the API checks the words. */
function ReplyForm({ leadId }: { leadId: number }) {
  const send = useSendLeadSms(leadId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SmsReplySchema.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => setBody(''),
      onError: (err) => setError(apiFieldError(err, 'body') ?? err.message),
    });
  };
  const id = `lead-${leadId}-reply`;
  return (
    <form className="adm-form adm-timeline__reply" noValidate onSubmit={submit}>
      <FormField id={id} label="Text the patient" error={error} counter={`${body.length}/${SMS_REPLY_MAX_LENGTH}`}>
        <textarea id={id} rows={3} value={body} maxLength={SMS_REPLY_MAX_LENGTH} onChange={(e) => setBody(e.target.value)} {...errorAria(id, error)} />
      </FormField>
      <button type="submit" className="adm-button adm-button--primary" disabled={send.isPending}>
        <Send size={16} aria-hidden /> {send.isPending ? 'Sending…' : 'Send text'}
      </button>
    </form>
  );
}

/**
 * A lead's one timeline (docs/speed-to-lead.md#conversations): the form, every message out and in, status
 * changes, appointments and follow-up steps, newest last; in the portal, the reply box below it, or why the
 * patient cannot be texted.
 */
export function LeadTimeline({ leadId }: { leadId: number }) {
  const scope = useLeadsScope();
  const canReply = useLeadsCan(routes.sendPortalLeadSms);
  const timeline = useLeadTimeline(leadId);
  if (timeline.isPending) return <p className="adm-muted">Loading the timeline…</p>;
  if (timeline.isError) return <LoadFailed heading="h3" title="Failed to load the timeline" message={timeline.error.message} onRetry={() => void timeline.refetch()} />;
  const { entries, sms } = timeline.data;
  return (
    <>
      <ol className="adm-timeline" aria-label="Timeline">
        {entries.map((entry, i) => (
          <li key={`${entry.type}-${entry.at}-${i}`} className={`adm-timeline__entry adm-timeline__entry--${entry.type === 'message' ? entry.direction : entry.type}`}>
            <span className="adm-timeline__time">{formatDateTime(entry.at)}</span>
            <Entry entry={entry} />
          </li>
        ))}
      </ol>
      {scope === 'portal' &&
        canReply &&
        (sms.canReply ? (
          <ReplyForm leadId={leadId} />
        ) : (
          <p className="adm-muted adm-timeline__blocked">
            <MessageSquare size={16} aria-hidden /> {sms.blockedReason}
          </p>
        ))}
    </>
  );
}
