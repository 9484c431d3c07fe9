import { ApiError, routes, type Client } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../lib/api';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { EmptyState } from '../pages/EmptyState';

const NOT_FOUND = "Client not found or you don't have permission to view this client.";

/** docs/admin.md#validation: an id in the address (/admin/clients/{id}/…, ?service=) must be a positive whole number. */
export const positiveIdOf = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** Back to Clients, the one way out of a client's own screens. */
export const backToClients = (
  <Link to="/admin/clients" className="adm-button adm-button--secondary">
    <ArrowLeft size={16} aria-hidden /> Back to Clients
  </Link>
);

/**
 * A screen of one client from its Actions menu (/admin/clients/{id}/ads, …/domains): the client
 * loaded by the id in the address, Client not found for a bad id or a 404, loading and a failed
 * load with Retry; then `children` with the client. The tab says `{name} · {section}`, or
 * `Client {section}` until the client is loaded.
 */
export function ClientScreen({ section, notFoundTitle, children }: { section: string; notFoundTitle: string; children: (client: Client) => ReactNode }) {
  const clientId = positiveIdOf(useParams().id);
  const client = useQuery({
    queryKey: ['admin', 'client', clientId],
    enabled: clientId !== null,
    queryFn: ({ signal }): Promise<Client> => api.call(routes.getClient, { params: { id: clientId! }, query: {} }, { signal, projection: 'admin' }),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
  useDocumentTitle(adminTitle(client.data ? `${client.data.name} · ${section}` : `Client ${section}`));

  if (clientId === null || (client.isError && client.error instanceof ApiError && client.error.status === 404)) {
    return (
      <>
        <PageHeader title={notFoundTitle} actions={backToClients} />
        <EmptyState card role="alert" title="Client not found" text={NOT_FOUND} />
      </>
    );
  }
  if (client.isPending) {
    return (
      <LoadingPanel card label="Loading client..." />
    );
  }
  if (client.isError) return <LoadFailed card title="Failed to fetch client" message={client.error.message} onRetry={() => void client.refetch()} />;
  return children(client.data);
}
