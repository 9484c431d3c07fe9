import { ApiError, routes, type Client } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { api } from '../lib/api';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { DomainsPanel } from './DomainsPanel';

const NOT_FOUND = "Client not found or you don't have permission to view this client.";

/** The id in /admin/clients/{id}/domains must be a number. */
const clientIdOf = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** A clinic's own domains, from the client's Actions menu: add one, see the records to set, check, remove. */
export function ClientDomainsPage() {
  const clientId = clientIdOf(useParams().id);
  const client = useQuery({
    queryKey: ['admin', 'client', clientId],
    enabled: clientId !== null,
    queryFn: ({ signal }): Promise<Client> => api.call(routes.getClient, { params: { id: clientId! }, query: {} }, { signal, projection: 'admin' }),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
  useDocumentTitle(adminTitle(client.data ? `${client.data.name} · Domains` : 'Client Domains'));

  const back = (
    <Link to="/admin/clients" className="adm-button adm-button--secondary">
      <ArrowLeft size={16} aria-hidden /> Back to Clients
    </Link>
  );
  if (clientId === null || (client.isError && client.error instanceof ApiError && client.error.status === 404)) {
    return (
      <>
        <PageHeader title="Domains" actions={back} />
        <section className="adm-card adm-empty" role="alert">
          <h2 className="adm-empty__title">Client not found</h2>
          <p className="adm-empty__text">{NOT_FOUND}</p>
        </section>
      </>
    );
  }
  if (client.isPending) {
    return (
      <section className="adm-card">
        <LoadingPanel label="Loading client..." />
      </section>
    );
  }
  if (client.isError) return <LoadFailed card title="Failed to fetch client" message={client.error.message} onRetry={() => void client.refetch()} />;

  return (
    <>
      <PageHeader
        title={`Domains of ${client.data.name}`}
        description="The clinic’s pages on its own domain: add it, set the DNS records shown at its DNS provider, and it turns verified once they are found."
        actions={back}
      />
      <DomainsPanel scope={{ kind: 'admin', clientId: client.data.id }} canEdit />
    </>
  );
}
