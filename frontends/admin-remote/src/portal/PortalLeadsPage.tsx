import { LEAD_STATUS_LABELS, LEAD_STATUSES, PortalLeadListQuerySchema, type LeadStatus, type PortalLeadListQuery } from '@hap/contracts';
import { Search, X } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
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
import { LabelledOptions, NamedOptions } from '../forms/Options';
import { useClinicServices } from '../booking/booking-query';

const PAGE_SIZE = 25;

interface PortalFilters {
  status?: LeadStatus;
  q?: string;
  /** A user id, `me` or `none` (docs/leads.md#assignment). */
  assigneeId?: number | 'me' | 'none';
  serviceId?: number;
  /** The period, as the API reads it (a date, or a date and time). */
  from?: string;
  to?: string;
}

/** The URL's parameter of each filter (`/portal/leads?status=new&service=4&from=2026-11-01`). */
const PARAMS = { status: 'status', q: 'q', assigneeId: 'assignee', serviceId: 'service', from: 'from', to: 'to' } as const satisfies Record<keyof PortalFilters, string>;

/** What the API's schema made of a form's or the URL's filters, as the page keeps them. */
const filtersFrom = ({ status, q, assigneeId, serviceId, from, to }: PortalLeadListQuery): PortalFilters => ({ status, q, assigneeId, serviceId, from, to });

/** The URL's filters (`/portal/leads?status=new&q=ana&page=2`), read with the API's own schema; a refused value is dropped. */
function filtersOf(search: URLSearchParams): { filters: PortalFilters; page: number } {
  const raw = Object.fromEntries([...Object.entries(PARAMS).map(([key, param]) => [key, search.get(param) || undefined]), ['page', search.get('page') || undefined]]);
  const parsed = PortalLeadListQuerySchema.safeParse(raw);
  if (!parsed.success) return { filters: {}, page: 1 };
  return { filters: filtersFrom(parsed.data), page: parsed.data.page };
}

const isFiltered = (filters: PortalFilters) => Object.values(filters).some((value) => value !== undefined);

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
    // The board's own choices (the view, its source and assignee) stay; the list's page starts again.
    for (const kept of ['view', 'source']) if (search.get(kept)) params.set(kept, search.get(kept)!);
    for (const [key, param] of Object.entries(PARAMS)) {
      const value = next[key as keyof PortalFilters];
      if (value !== undefined && value !== '') params.set(param, String(value));
    }
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearch(params);
  };
  const openLead = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id === null) next.delete('lead');
    else next.set('lead', String(id));
    setSearch(next, { replace: id === null });
  };
  const filtered = isFiltered(filters);

  return (
    <LeadsScopeContext.Provider value="portal">
      <PageHeader title="Leads" description={`Every form a patient sent ${user?.clientName ?? 'your clinic'}. Mark who you contacted and booked: bookings tell Google Ads which clicks worked.`} />
      <ViewSwitch search={search} setSearch={setSearch} />
      {viewOf(search) === 'board' ? (
        <>
          <Filters key={search.toString()} board filters={filters} onApply={(next) => go(next)} />
          <BoardView filters={{ serviceId: filters.serviceId, from: filters.from, to: filters.to }} search={search} setSearch={setSearch} onOpen={openLead} assigneeFilter />
        </>
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

/** The list's filters; the board's are its service and period (its columns are the statuses, its own controls the rest). */
const BOARD_FIELDS: ReadonlySet<keyof PortalFilters> = new Set(['serviceId', 'from', 'to']);

/**
 * Status, assignee, text, service and period (the board: service and period), checked on Apply by
 * the API's own schema. The services are the clinic's live pages (booking-query.ts).
 */
function Filters({ filters, onApply, board = false }: { filters: PortalFilters; onApply: (next: PortalFilters) => void; board?: boolean }) {
  const shown = (field: keyof PortalFilters) => !board || BOARD_FIELDS.has(field);
  const [values, setValues] = useState<Record<keyof PortalFilters, string>>(() => ({
    status: filters.status ?? '',
    q: filters.q ?? '',
    assigneeId: filters.assigneeId === undefined ? '' : String(filters.assigneeId),
    serviceId: filters.serviceId === undefined ? '' : String(filters.serviceId),
    from: filters.from ?? '',
    to: filters.to ?? '',
  }));
  const set = (field: keyof PortalFilters) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const assignees = useAssignees(0);
  const services = useClinicServices({ kind: 'portal' });
  // The API schema's first word, under the field it is about (a period's end before its start: To; else Search).
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const errorOf = (field: keyof PortalFilters) => (error?.field === field ? error.message : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, shown(field as keyof PortalFilters) ? value || undefined : undefined]));
    const parsed = PortalLeadListQuerySchema.safeParse(asked);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      setError({ field: field in PARAMS && shown(field as keyof PortalFilters) ? field : board ? 'to' : 'q', message: issue?.message ?? 'Check the filters' });
      return;
    }
    setError(null);
    // The board keeps the list's own filters as they were, and the other way round.
    const next = filtersFrom(parsed.data);
    onApply(board ? { ...filters, serviceId: next.serviceId, from: next.from, to: next.to } : next);
  };
  const clear = () => onApply(board ? { ...filters, serviceId: undefined, from: undefined, to: undefined } : {});
  const active = board ? [filters.serviceId, filters.from, filters.to].some((v) => v !== undefined) : isFiltered(filters);
  return (
    <form className="adm-card adm-lead-filters" role="search" aria-label={board ? 'Filter the board by service and period' : 'Filter leads'} onSubmit={submit} noValidate>
      {shown('status') && (
        <FormField id="portal-lead-status" label="Status" error={errorOf('status')}>
          <select id="portal-lead-status" className="adm-input" value={values.status} onChange={set('status')}>
            <option value="">All statuses</option>
            <LabelledOptions values={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
          </select>
        </FormField>
      )}
      {shown('assigneeId') && (
        <FormField id="portal-lead-assignee" label="Assigned to" error={errorOf('assigneeId')}>
          <select id="portal-lead-assignee" className="adm-input" value={values.assigneeId} onChange={set('assigneeId')}>
            <AssigneeFilterOptions users={assignees.data?.items} withMe />
          </select>
        </FormField>
      )}
      <FormField id="portal-lead-service" label="Service" error={errorOf('serviceId')}>
        <select id="portal-lead-service" className="adm-input" value={values.serviceId} onChange={set('serviceId')}>
          <option value="">All services</option>
          <NamedOptions items={services.data} />
        </select>
      </FormField>
      <FormField id="portal-lead-from" label="From" error={errorOf('from')}>
        <input id="portal-lead-from" className="adm-input" type="date" value={values.from} onChange={set('from')} />
      </FormField>
      <FormField id="portal-lead-to" label="To" error={errorOf('to')}>
        <input id="portal-lead-to" className="adm-input" type="date" value={values.to} onChange={set('to')} />
      </FormField>
      {shown('q') && (
        <FormField id="portal-lead-q" label="Search" error={errorOf('q')}>
          <input id="portal-lead-q" className="adm-input" type="search" placeholder="Name, e-mail, phone or reference" value={values.q} onChange={set('q')} />
        </FormField>
      )}
      <div className="adm-lead-filters__actions">
        <button type="submit" className="adm-button adm-button--primary">
          <Search size={16} aria-hidden /> Apply
        </button>
        {active && (
          <button type="button" className="adm-button adm-button--secondary" onClick={clear}>
            <X size={16} aria-hidden /> Clear
          </button>
        )}
      </div>
    </form>
  );
}
