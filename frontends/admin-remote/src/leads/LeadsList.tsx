import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { Pager, pagerFigures } from '../pages/Pager';
import { LeadsTable } from './LeadsTable';
import { EmptyState } from '../pages/EmptyState';

type LeadPage = { items: Parameters<typeof LeadsTable>[0]['leads']; page: number; pageSize: number; pageCount: number; total: number };

/**
 * One page of leads as the admin and the portal show them: loading, a failed load with Retry, the
 * empty state in the caller's words, else the table and the pager. What differs by scope (the
 * clinic column, the bulk bar and selection) comes in as props.
 */
export function LeadsList({
  leads,
  emptyText,
  onOpen,
  onPage,
  table,
  above,
}: {
  leads: UseQueryResult<LeadPage>;
  emptyText: string;
  onOpen: (id: number) => void;
  onPage: (page: number) => void;
  /** The table's scope-specific props (selection, the clinic column). */
  table?: Omit<Parameters<typeof LeadsTable>[0], 'leads' | 'onOpen'>;
  /** Shown above the table once there are leads (the admin's bulk bar). */
  above?: (page: LeadPage) => ReactNode;
}) {
  return (
    <section className="adm-card adm-table-card" aria-label="Leads" aria-busy={leads.isFetching}>
      {leads.isPending ? (
        <LoadingPanel label="Loading leads..." />
      ) : leads.isError ? (
        <LoadFailed title="Failed to load leads" message={leads.error.message} onRetry={() => void leads.refetch()} />
      ) : leads.data.items.length === 0 ? (
        <EmptyState icon={<Inbox size={32} aria-hidden className="adm-empty__icon" />} title="No leads found" text={emptyText} />
      ) : (
        <>
          {above?.(leads.data)}
          <LeadsTable {...table} leads={leads.data.items} onOpen={onOpen} />
          <Pager
            label="Pages"
            noun={['lead', 'leads']}
            {...pagerFigures(leads.data)}
            onPage={onPage}
          />
        </>
      )}
    </section>
  );
}
