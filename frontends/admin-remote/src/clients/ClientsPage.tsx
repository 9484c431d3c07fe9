import { Building2, RefreshCw } from 'lucide-react';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { ClientsTable } from './ClientsTable';
import { useClients } from './clients-query';

export function ClientsPage() {
  useDocumentTitle(adminTitle('Clients Management'));
  const clients = useClients();

  return (
    <>
      <PageHeader title="Clients Management" description="The clinics on the platform, their contact details and brand assets." />
      {clients.isPending ? (
        <section className="adm-card">
          <LoadingPanel label="Loading clients..." />
        </section>
      ) : clients.isError ? (
        <section className="adm-card adm-empty" role="alert">
          <h2 className="adm-empty__title">Failed to load clients</h2>
          <p className="adm-empty__text">{clients.error.message}</p>
          <button type="button" className="adm-button adm-button--primary" onClick={() => void clients.refetch()}>
            <RefreshCw size={16} aria-hidden />
            Try Again
          </button>
        </section>
      ) : clients.data.length === 0 ? (
        <section className="adm-card adm-empty">
          <Building2 size={32} aria-hidden className="adm-empty__icon" />
          <h2 className="adm-empty__title">No clients yet</h2>
          <p className="adm-empty__text">Clinics appear here once they are added or complete onboarding.</p>
        </section>
      ) : (
        <ClientsTable clients={clients.data} />
      )}
    </>
  );
}
