import { CALL_NOTE_MAX_LENGTH, CALL_OUTCOME_LABELS, CALL_OUTCOMES, LEAD_STATUS_LABELS, routes, type CallOutcome, type CallSuggestion, type LeadStatus } from '@hap/contracts';
import { PhoneCall } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '../auth/FormField';
import { useToast } from '../toast/toaster';
import { useAssignees, useAssignLead, useLogCall } from './front-desk-query';
import { useLeadsCan } from './leads-can';
import { useUpdateLeadStatus } from './leads-query';

interface PanelLead {
  id: number;
  clientId: number;
  name: string;
  status: LeadStatus;
  assigneeId: number | null;
  assigneeName: string | null;
}

/** A list filter's choices of who a lead is given to: anyone, (in the portal) me, nobody, each assignable user. */
export function AssigneeFilterOptions({ users, withMe = false }: { users: ReadonlyArray<{ id: number; name: string | null; email: string }> | undefined; withMe?: boolean }) {
  return (
    <>
      <option value="">Anyone</option>
      {withMe && <option value="me">Me</option>}
      <option value="none">Nobody</option>
      {users?.map((u) => (
        <option key={u.id} value={String(u.id)}>
          {u.name ?? u.email}
        </option>
      ))}
    </>
  );
}

/** Who the lead is given to (docs/leads.md#assignment): the clinic's users who are not read-only, or nobody. */
export function AssigneeField({ lead }: { lead: PanelLead }) {
  // A viewer sees who has it and gives it to nobody (docs/portal.md#roles).
  const canAssign = useLeadsCan(routes.assignPortalLead);
  const assignees = useAssignees(lead.clientId);
  const assign = useAssignLead(lead.id);
  const toast = useToast();
  const id = `lead-${lead.id}-assignee`;
  const listed = assignees.data?.items ?? [];
  return (
    <div className="adm-detail__status">
      <label htmlFor={id} className="adm-label">
        Assigned to
      </label>
      <select
        id={id}
        className="adm-input"
        value={lead.assigneeId ?? ''}
        disabled={!canAssign || assign.isPending || assignees.isPending}
        onChange={(e) => {
          const assigneeId = e.target.value === '' ? null : Number(e.target.value);
          assign.mutate(assigneeId, {
            onSuccess: () => toast({ title: assigneeId === null ? 'Lead unassigned' : 'Lead assigned', description: assigneeId === null ? `${lead.name} is given to nobody.` : 'They are told, without the patient’s details.' }),
            onError: (err) => toast({ title: 'Not assigned', description: err.message, variant: 'destructive' }),
          });
        }}
      >
        <option value="">Nobody</option>
        {/* An assignee who is no longer assignable still shows who it is. */}
        {lead.assigneeId !== null && !listed.some((u) => u.id === lead.assigneeId) && <option value={lead.assigneeId}>{lead.assigneeName ?? `User ${lead.assigneeId}`}</option>}
        {listed.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name ?? user.email}
          </option>
        ))}
      </select>
      {assignees.isError && <p className="adm-field__error">{assignees.error.message}</p>}
    </div>
  );
}

/** The suggestion after a call, as a prompt: the status changes only when the user presses its button. */
function SuggestionPrompt({ lead, suggestion, onDone }: { lead: PanelLead; suggestion: CallSuggestion; onDone: () => void }) {
  const update = useUpdateLeadStatus();
  const toast = useToast();
  return (
    <div className="fd-suggestion" role="status">
      <p>{suggestion.message}</p>
      <div className="fd-row">
        <button
          type="button"
          className="adm-button adm-button--primary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: lead.id, status: suggestion.status, from: lead.status },
              {
                onSuccess: () => {
                  toast({ title: 'Status updated', description: `${lead.name} is now ${LEAD_STATUS_LABELS[suggestion.status]}.` });
                  onDone();
                },
                onError: (err) => toast({ title: 'Status not changed', description: err.message, variant: 'destructive' }),
              },
            )
          }
        >
          Mark as {LEAD_STATUS_LABELS[suggestion.status].toLowerCase()}
        </button>
        <button type="button" className="adm-button adm-button--ghost" onClick={onDone}>
          Not now
        </button>
      </div>
    </div>
  );
}

/**
 * 'Log call' (docs/leads.md#calls): one tap opens the five outcomes, one tap logs one, with an optional note
 * typed first. A suggestion (lost, booked) comes back as a prompt; nothing changes the status by itself.
 */
export function LogCall({ lead }: { lead: PanelLead }) {
  if (!useLeadsCan(routes.logPortalLeadCall)) return null;
  return <CallOutcomes lead={lead} />;
}

function CallOutcomes({ lead }: { lead: PanelLead }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [suggestion, setSuggestion] = useState<CallSuggestion | null>(null);
  const log = useLogCall(lead.id);
  const toast = useToast();
  const noteId = `lead-${lead.id}-call-note`;
  const logOutcome = (outcome: CallOutcome) => {
    if (note.length > CALL_NOTE_MAX_LENGTH) return setError(`Note must be at most ${CALL_NOTE_MAX_LENGTH} characters`);
    setError(undefined);
    log.mutate(
      { outcome, ...(note.trim() && { note }) },
      {
        onSuccess: (logged) => {
          toast({ title: 'Call logged', description: `${CALL_OUTCOME_LABELS[outcome]}.` });
          setNote('');
          setOpen(false);
          setSuggestion(logged.suggestion);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <div className="fd-call">
      {suggestion && <SuggestionPrompt lead={lead} suggestion={suggestion} onDone={() => setSuggestion(null)} />}
      {!open ? (
        <button type="button" className="adm-button adm-button--secondary" aria-expanded={false} onClick={() => setOpen(true)}>
          <PhoneCall size={16} aria-hidden /> Log call
        </button>
      ) : (
        <fieldset className="fd-call__outcomes">
          <legend className="adm-label">How did the call go?</legend>
          <FormField id={noteId} label="Note (optional)" error={error} counter={`${note.length}/${CALL_NOTE_MAX_LENGTH}`}>
            <textarea id={noteId} rows={2} className="adm-input" maxLength={CALL_NOTE_MAX_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <div className="fd-call__buttons">
            {CALL_OUTCOMES.map((outcome) => (
              <button key={outcome} type="button" className="adm-button adm-button--secondary" disabled={log.isPending} onClick={() => logOutcome(outcome)}>
                {CALL_OUTCOME_LABELS[outcome]}
              </button>
            ))}
          </div>
          <button type="button" className="adm-button adm-button--ghost fd-small" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </fieldset>
      )}
    </div>
  );
}
