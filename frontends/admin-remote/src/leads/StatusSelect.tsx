import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@hap/contracts';
import { useToast } from '../toast/toaster';
import { useUpdateLeadStatus } from './leads-query';
import { LabelledOptions } from '../forms/Options';

/**
 * A lead's status as a select: any move is allowed (services/leads README);
 * the server refuses a change another admin made meanwhile, and the toast
 * says so.
 */
export function StatusSelect({ lead, id }: { lead: { id: number; name: string; status: LeadStatus }; id?: string }) {
  const update = useUpdateLeadStatus();
  const toast = useToast();
  const pending = update.isPending && update.variables?.id === lead.id;
  const shown = pending && update.variables ? update.variables.status : lead.status;

  return (
    <select
      id={id}
      className={`adm-input adm-status-select adm-status--${shown}`}
      aria-label={`Status of ${lead.name}`}
      value={shown}
      disabled={pending}
      onChange={(event) => {
        const status = event.target.value as LeadStatus;
        update.mutate(
          { id: lead.id, status, from: lead.status },
          {
            onSuccess: () => toast({ title: 'Status updated', description: `${lead.name} is now ${LEAD_STATUS_LABELS[status]}.` }),
            onError: (error) => toast({ title: 'Status not changed', description: error.message, variant: 'destructive' }),
          },
        );
      }}
    >
      <LabelledOptions values={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
    </select>
  );
}

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`adm-status adm-status--${status}`}>{LEAD_STATUS_LABELS[status]}</span>;
}
