import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ClinicSelect } from '../clients/ClinicSelect';
import { useClients } from '../clients/clients-query';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { LeadCountsCards } from './LeadCountsCards';
import { LeadDetailDialog } from './LeadDetailDialog';
import { ALL_CLINICS, filtersFromSearch, searchFromFilters, type LeadFilters } from './lead-filters';
import { LeadsBulkBar } from './LeadsBulkBar';
import { LeadFiltersForm } from './LeadFiltersForm';
import { exportUrl, useLeadCounts, useLeads } from './leads-query';
import { LeadsList } from './LeadsList';
import { BoardView, viewOf, ViewSwitch } from './BoardView';
import './leads.css';

const PAGE_SIZE = 25;

/**
 * The Leads inbox: one clinic's form submissions
 * (`/admin/leads?client=1`) or every clinic's (`?client=all`, with the clinic
 * as a column), filtered, paged and exported from the URL's filters, with
 * counts for the period, a lead's detail (`&lead=<id>`) and the status change
 * of the selected leads.
 */
export function LeadsPage() {
  useDocumentTitle(adminTitle('Leads'));
  const [search, setSearch] = useSearchParams();
  const clients = useClients();
  const { filters, page } = filtersFromSearch(search, clients.data?.[0]?.id ?? 1);
  const leads = useLeads(filters, page, PAGE_SIZE);
  const counts = useLeadCounts(filters);
  const openId = /^\d+$/.test(search.get('lead') ?? '') ? Number(search.get('lead')) : null;

  const go = (next: LeadFilters, nextPage = 1) => setSearch(searchFromFilters(next, nextPage));
  // The selection belongs to one view (filters and page): another view starts with none.
  const viewKey = search.toString().replace(/(^|&)lead=\d+/, '');
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<number> }>({ view: viewKey, ids: new Set() });
  const selected = selection.view === viewKey ? selection.ids : new Set<number>();
  const select = (ids: ReadonlySet<number>) => setSelection({ view: viewKey, ids });
  const allClinics = filters.clientId === undefined;
  const clinicName = (clientId: number) => clients.data?.find((c) => c.id === clientId)?.name ?? `Client ${clientId}`;
  const openLead = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id === null) next.delete('lead');
    else next.set('lead', String(id));
    setSearch(next, { replace: id === null });
  };
  const clinic = clients.data?.find((c) => c.id === filters.clientId);
  const view = viewOf(search);
  // Filters keep the view: the board is one of the page's two views (docs/leads.md#pipeline-board).
  const goKeep = (next: LeadFilters) => {
    const params = searchFromFilters(next);
    if (view === 'board') params.set('view', 'board');
    setSearch(params);
  };

  return (
    <>
      <PageHeader
        title="Leads"
        description="Every form a patient sent to a clinic: follow them up, see where they came from, export them."
        actions={
          filters.clientId !== undefined && (
            <a className="adm-button adm-button--secondary" href={exportUrl({ ...filters, clientId: filters.clientId })} download>
              <Download size={16} aria-hidden />
              Export CSV
            </a>
          )
        }
      />

      <ClinicSelect
        id="lead-client"
        className="adm-lead-client"
        value={allClinics ? ALL_CLINICS : filters.clientId}
        onChange={(value) => goKeep(value === ALL_CLINICS ? {} : { clientId: Number(value) })}
        clients={clients.data}
        disabled={!clients.data}
        first={
          <>
            <option value={ALL_CLINICS}>All clinics</option>
            {!allClinics && !clinic && <option value={filters.clientId}>Client {filters.clientId}</option>}
          </>
        }
      />

      {!allClinics && counts.data && (
        <LeadCountsCards
          counts={counts.data}
          onShowFailed={() => go({ clientId: filters.clientId, from: filters.from, to: filters.to, delivery: 'failed' })}
        />
      )}

      <LeadFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={(next) => goKeep(next)} />

      <ViewSwitch search={search} setSearch={setSearch} />

      {view === 'board' ? (
        <BoardView
          filters={{ clientId: filters.clientId, serviceId: filters.serviceId, from: filters.from, to: filters.to, assigneeId: filters.assigneeId }}
          search={search}
          setSearch={setSearch}
          onOpen={openLead}
          clinicName={allClinics ? clinicName : undefined}
        />
      ) : (
      <LeadsList
        leads={leads}
        emptyText={
          leads.data?.total === 0 && !filters.q && !filters.status && !filters.serviceId && !filters.from && !filters.to && !filters.delivery
            ? allClinics
              ? 'Leads appear here as soon as a patient sends a clinic’s form.'
              : 'Leads appear here as soon as a patient sends this clinic’s form.'
            : 'No lead matches these filters. Try a wider period or clear the search.'
        }
        onOpen={openLead}
        onPage={(next) => go(filters, next)}
        above={(data) => (
          <LeadsBulkBar
            pageIds={data.items.map((lead) => lead.id)}
            selected={selected}
            onSelectAll={(on) => select(new Set(on ? data.items.map((lead) => lead.id) : []))}
            onDone={() => select(new Set())}
          />
        )}
        table={{
          selected,
          onSelect: (id, on) => {
            const next = new Set(selected);
            if (on) next.add(id);
            else next.delete(id);
            select(next);
          },
          clinicName: allClinics ? clinicName : undefined,
        }}
      />
      )}

      <LeadDetailDialog id={openId} onClose={() => openLead(null)} />
    </>
  );
}
