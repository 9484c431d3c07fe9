import { LEAD_STATUS_LABELS, LEAD_STATUSES, LEADS_BULK_MAX, type LeadStatus } from '@hap/contracts';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../toast/toaster';
import { useUpdateLeadsStatus } from './leads-query';
import { LabelledOptions } from '../forms/Options';

const plural = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

/**
 * Select the leads of this page and move them to one status together
 *: all or none on the server, each move audited.
 */
export function LeadsBulkBar({
  pageIds,
  selected,
  onSelectAll,
  onDone,
}: {
  pageIds: number[];
  selected: ReadonlySet<number>;
  onSelectAll: (on: boolean) => void;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const update = useUpdateLeadsStatus();
  const toast = useToast();
  const count = selected.size;
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const some = !all && pageIds.some((id) => selected.has(id));

  const apply = () => {
    if (!status || count === 0) return;
    update.mutate(
      { ids: [...selected].slice(0, LEADS_BULK_MAX), status },
      {
        onSuccess: (result) => {
          const label = LEAD_STATUS_LABELS[result.status];
          const already = result.unchanged.length ? ` ${plural(result.unchanged.length)} already ${result.unchanged.length === 1 ? 'was' : 'were'} ${label}.` : '';
          toast({ title: 'Statuses updated', description: `${plural(result.changed.length)} moved to ${label}.${already}` });
          setStatus('');
          onDone();
        },
        onError: (error) => toast({ title: 'Statuses not changed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="adm-bulk" role="group" aria-label="Change the status of selected leads">
      <label className="adm-bulk__all">
        <input
          type="checkbox"
          checked={all}
          ref={(input) => {
            if (input) input.indeterminate = some;
          }}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all on this page
      </label>
      {count > 0 && (
        <div className="adm-bulk__actions">
          <span className="adm-bulk__count" role="status">
            {count} selected
          </span>
          <label htmlFor="lead-bulk-status" className="adm-sr-only">
            New status for the selected leads
          </label>
          <select id="lead-bulk-status" className="adm-input" value={status} onChange={(event) => setStatus(event.target.value as LeadStatus | '')}>
            <option value="">Change status to…</option>
            <LabelledOptions values={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
          </select>
          <button type="button" className="adm-button adm-button--primary" disabled={!status || update.isPending} onClick={apply}>
            <Check size={16} aria-hidden />
            {update.isPending ? 'Applying…' : 'Apply'}
          </button>
          <button type="button" className="adm-button adm-button--secondary" onClick={() => onSelectAll(false)}>
            <X size={16} aria-hidden />
            Clear selection
          </button>
        </div>
      )}
    </div>
  );
}
