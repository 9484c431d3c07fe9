import { LEAD_STATUS_LABELS, LEAD_STATUSES, PortalLeadListQuerySchema, type LeadStatus } from '@hap/contracts';
import { Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormField } from '../auth/FormField';
import { LeadDetailDialog } from '../leads/LeadDetailDialog';
import { LeadsScopeContext, usePortalLeads } from '../leads/leads-query';
import { AssigneeFilterOptions } from '../leads/FrontDeskPanel';
import { useAssignees } from '../leads/front-desk-query';
import { LeadsList } from '../leads/LeadsList';
import { BoardView, viewOf, ViewSwitch } from '../leads/BoardView';
import '../leads/leads.css';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { portalTitle, usePortalUser } from './portal-auth';
import { LabelledOptions } from '../forms/Options';

const PAGE_SIZE = 25;

interface PortalFilters {
  status?: LeadStatus;
  q?: string;
  /** A user id, `me` or `none` (docs/leads.md#assignment). */
  assigneeId?: number | 'me' | 'none';
}

/** The URL's filters (`/portal/leads?status=new&q=ana&page=2`), read with the API's own schema; a refused value is dropped. */
function filtersOf(search: URLSearchParams): { filters: PortalFilters; page: number } {
  const raw = { status: search.get('status') || undefined, q: search.get('q') || undefined, assigneeId: search.get('assignee') || undefined, page: search.get('page') || undefined };
  const parsed = PortalLeadListQuerySchema.safeParse(raw);
  if (!parsed.success) return { filters: {}, page: 1 };
  return { filters: { status: parsed.data.status, q: parsed.data.q, assigneeId: parsed.data.assigneeId }, page: parsed.data.page };
}

/**
 * The clinic's leads inbox: its own leads only (the gateway's
 * signed identity decides), newest first, with the status change that
 * books a patient — and a booking sends the Google Ads conversion as when
 * the agency books one. The table and the detail are the admin's.
 */
export function PortalLeadsPage() {
  useDocumentTitle(portalTitle('Leads'));
  const user = usePortalUser().data;
  const [search, setSearch] = useSearchParams();
  const { filters, page } = filtersOf(search);
  const leads = usePortalLeads(filters, page, PAGE_SIZE);
  const openId = /^\d+$/.test(search.get('lead') ?? '') ? Number(search.get('lead')) : null;

  const go = (next: PortalFilters, nextPage = 1) => {
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    if (next.q) params.set('q', next.q);
    if (next.assigneeId !== undefined) params.set('assignee', String(next.assigneeId));
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearch(params);
  };
  const openLead = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id === null) next.delete('lead');
    else next.set('lead', String(id));
    setSearch(next, { replace: id === null });
  };
  const filtered = Boolean(filters.status || filters.q || filters.assigneeId !== undefined);

  return (
    <LeadsScopeContext.Provider value="portal">
      <PageHeader title="Leads" description={`Every form a patient sent ${user?.clientName ?? 'your clinic'}. Mark who you contacted and booked: bookings tell Google Ads which clicks worked.`} />
      <ViewSwitch search={search} setSearch={setSearch} />
      {viewOf(search) === 'board' ? (
        <BoardView filters={{}} search={search} setSearch={setSearch} onOpen={openLead} assigneeFilter />
      ) : (
        <>
          <Filters key={search.toString()} filters={filters} onApply={(next) => go(next)} />
          <LeadsList
            leads={leads}
            emptyText={filtered ? 'No lead matches these filters. Clear them to see every lead.' : 'Leads appear here as soon as a patient sends your form.'}
            onOpen={openLead}
            onPage={(next) => go(filters, next)}
          />
        </>
      )}
      <LeadDetailDialog id={openId} onClose={() => openLead(null)} />
    </LeadsScopeContext.Provider>
  );
}

/** Status and text, checked on Apply by the API's own schema. */
function Filters({ filters, onApply }: { filters: PortalFilters; onApply: (next: PortalFilters) => void }) {
  const [status, setStatus] = useState(filters.status ?? '');
  const [q, setQ] = useState(filters.q ?? '');
  const [assigneeId, setAssigneeId] = useState(filters.assigneeId === undefined ? '' : String(filters.assigneeId));
  const assignees = useAssignees(0);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PortalLeadListQuerySchema.safeParse({ status: status || undefined, q: q || undefined, assigneeId: assigneeId || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the filters');
      return;
    }
    setError(null);
    onApply({ status: parsed.data.status, q: parsed.data.q, assigneeId: parsed.data.assigneeId });
  };
  return (
    <form className="adm-card adm-lead-filters" role="search" aria-label="Filter leads" onSubmit={submit} noValidate>
      <FormField id="portal-lead-status" label="Status">
        <select id="portal-lead-status" className="adm-input" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All statuses</option>
          <LabelledOptions values={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
        </select>
      </FormField>
      <FormField id="portal-lead-assignee" label="Assigned to">
        <select id="portal-lead-assignee" className="adm-input" value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
          <AssigneeFilterOptions users={assignees.data?.items} withMe />
        </select>
      </FormField>
      <FormField id="portal-lead-q" label="Search" error={error ?? undefined}>
        <input id="portal-lead-q" className="adm-input" type="search" placeholder="Name, e-mail, phone or reference" value={q} onChange={(e) => setQ(e.target.value)} />
      </FormField>
      <div className="adm-lead-filters__actions">
        <button type="submit" className="adm-button adm-button--primary">
          <Search size={16} aria-hidden /> Apply
        </button>
        {(filters.status || filters.q || filters.assigneeId !== undefined) && (
          <button type="button" className="adm-button adm-button--secondary" onClick={() => onApply({})}>
            <X size={16} aria-hidden /> Clear
          </button>
        )}
      </div>
    </form>
  );
}
