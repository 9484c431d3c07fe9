import { LEAD_STATUS_LABELS, LEAD_STATUSES, routes, type LeadStatus } from '@hap/contracts';
import { useLeadsCan } from './leads-can';
import { useToast } from '../toast/toaster';
import { useUpdateLeadStatus } from './leads-query';
import { LabelledOptions } from '../forms/Options';

/**
 * A lead's status as a select: any move is allowed (services/leads README);
 * the server refuses a change another admin made meanwhile, and the toast
 * says so.
 */
export function StatusSelect({ lead, id }: { lead: { id: number; name: string; status: LeadStatus }; id?: string }) {
  // A viewer sees the status and cannot change it (docs/portal.md#roles).
  if (!useLeadsCan(routes.updatePortalLeadStatus)) return <StatusBadge status={lead.status} id={id} />;
  return <StatusMenu lead={lead} id={id} />;
}

function StatusMenu({ lead, id }: { lead: { id: number; name: string; status: LeadStatus }; id?: string }) {
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

export function StatusBadge({ status, id }: { status: LeadStatus; id?: string }) {
  return (
    <span id={id} className={`adm-status adm-status--${status}`}>
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}
