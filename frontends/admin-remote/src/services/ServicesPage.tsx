import type { Client, ServiceListItem } from '@hap/contracts';
import { Layers, Megaphone, Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClinicSelect } from '../clients/ClinicSelect';
import { useClients } from '../clients/clients-query';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { Tabs } from '../pages/Tabs';
import { AdsCampaignDialog } from '../google-ads/AdsCampaignDialog';
import { CampaignPreviewDialog } from '../google-ads/CampaignPreviewDialog';
import { ServiceEditor } from './editor/ServiceEditor';
import { ServiceDialog } from './ServiceDialog';
import { ServicesTable } from './ServicesTable';
import { clientIdFromQuery, SERVICE_FILTERS, visibleServices, type ServiceFilter } from './service-rules';
import { useClientServices } from './services-query';
import './services.css';
import { EmptyState } from '../pages/EmptyState';

/**
 * docs/admin.md#services Services Management: a clinic's service pages (the client
 * from the dropdown or `?client=`), searched by name and path, Active /
 * Inactive / All, each with Edit and its live page; Add New Service. The
 * client's ad campaigns (builder and launch log, docs/campaigns.md#client-ad-campaign-page) are a link away.
 */
export function ServicesPage() {
  useDocumentTitle(adminTitle('Services Management'));
  const [params, setParams] = useSearchParams();
  const clients = useClients();
  const clientId = clientIdFromQuery(params.get('client'));
  const client = clients.data?.find((c) => c.id === clientId) ?? null;
  const [search, setSearch] = useState('');

  const chooseClient = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('client', id);
        else next.delete('client');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Services Management"
        description="Each clinic's service pages: their addresses, whether they are live, and their content."
        actions={
          <Link className="adm-button adm-button--secondary" to="/admin/google-ads-connect">
            <Megaphone size={16} aria-hidden />
            Connect Google Ads
          </Link>
        }
      />

      <section className="adm-card svc-toolbar" aria-label="Choose a client and search">
        <ClinicSelect
          id="svc-client"
          label="Client"
          className="svc-field"
          value={client ? String(client.id) : ''}
          onChange={chooseClient}
          clients={clients.data}
          disabled={!clients.data?.length}
          first={<option value="">Select a client</option>}
        />
        <div className="svc-field">
          <label className="adm-label" htmlFor="svc-search">
            Search
          </label>
          <span className="svc-search">
            <Search size={16} aria-hidden />
            <input id="svc-search" type="search" className="adm-input" placeholder="Search services..." value={search} onChange={(e) => setSearch(e.target.value)} />
          </span>
        </div>
      </section>

      {clients.isPending ? (
        <LoadingPanel card label="Loading clients..." />
      ) : clients.isError ? (
        <EmptyState card role="alert" title="Failed to load clients. Please refresh the page." text={clients.error.message} />
      ) : clients.data.length === 0 ? (
        <EmptyState card icon={<Users size={28} aria-hidden />} title="No clients yet" text="Services belong to a client. Add one first.">
          <Link className="adm-button adm-button--primary" to="/admin/clients">
            Go to Clients
          </Link>
        </EmptyState>
      ) : !client ? (
        <EmptyState card icon={<Layers size={28} aria-hidden />} title="Select a Client" text="Choose a client above to see and manage its service pages." />
      ) : (
        <ClientServices key={client.id} client={client} search={search} />
      )}
    </>
  );
}

function ClientServices({ client, search }: { client: Client; search: string }) {
  const services = useClientServices(client.id);
  const [filter, setFilter] = useState<ServiceFilter>('active');
  // The settings dialog (docs/admin.md#services) and the content editor (docs/admin.md#service-editor): closed, a new service (null) or a service's id.
  const [dialog, setDialog] = useState<{ serviceId: number | null } | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [campaignOf, setCampaignOf] = useState<ServiceListItem | null>(null);
  const [editor, setEditor] = useState<{ serviceId: number | null } | null>(null);
  const shown = services.data ? visibleServices(services.data, filter, search) : [];
  const create = () => setDialog({ serviceId: null });

  return (
    <>
      <div className="svc-bar">
        <Tabs tabs={SERVICE_FILTERS} selected={filter} onSelect={setFilter} label="Service status" idPrefix="services" />
        <span className="svc-bar__links">
          <Link className="svc-bar__link" to={`/admin/clients/${client.id}/ads`}>
            Ad campaigns and launch log of {client.name}
          </Link>
          <Link className="svc-bar__link" to={`/admin/templates/activated?client=${client.id}`}>
            Activated templates of {client.name}
          </Link>
        </span>
      </div>
      <section id={`services-panel-${filter}`} role="tabpanel" aria-labelledby={`services-tab-${filter}`} className="adm-card adm-table-card" aria-busy={services.isFetching}>
        {services.isPending ? (
          <LoadingPanel label="Loading services..." />
        ) : services.isError ? (
          <LoadFailed title="Failed to load services" message={services.error.message} onRetry={() => void services.refetch()} />
        ) : shown.length === 0 ? (
          <EmptyServices search={search} filter={filter} onCreate={() => setEditor({ serviceId: null })} />
        ) : (
          <div className="adm-table-scroll">
            <ServicesTable
              client={client}
              services={shown}
              onEdit={(service: ServiceListItem) => setEditor({ serviceId: service.id })}
              onSettings={(service: ServiceListItem) => setDialog({ serviceId: service.id })}
              onPreviewAds={(service: ServiceListItem) => setPreviewing(service.id)}
              onAdsCampaign={setCampaignOf}
            />
          </div>
        )}
      </section>
      <button type="button" className="adm-button adm-button--primary svc-add" onClick={create}>
        <Plus size={16} aria-hidden />
        Add New Service
      </button>
      {editor && <ServiceEditor clientId={client.id} serviceId={editor.serviceId} onClose={() => setEditor(null)} onSaved={() => void services.refetch()} />}
      <CampaignPreviewDialog serviceId={previewing} onClose={() => setPreviewing(null)} />
      <AdsCampaignDialog client={client} service={campaignOf} onClose={() => setCampaignOf(null)} />
      <ServiceDialog open={dialog !== null} clientId={client.id} serviceId={dialog?.serviceId ?? null} services={services.data ?? []} onClose={() => setDialog(null)} />
    </>
  );
}

function EmptyServices({ search, filter, onCreate }: { search: string; filter: ServiceFilter; onCreate: () => void }) {
  const text = search.trim()
    ? `No services match “${search.trim()}”. Try another name or path.`
    : filter === 'all'
      ? 'This client has no service pages yet.'
      : `This client has no ${filter} services.`;
  return (
    <EmptyState icon={<Layers size={28} aria-hidden />} title="No Services Found" text={text}>
      <button type="button" className="adm-button adm-button--primary" onClick={onCreate}>
        <Plus size={16} aria-hidden />
        Create New Service
      </button>
    </EmptyState>
  );
}
