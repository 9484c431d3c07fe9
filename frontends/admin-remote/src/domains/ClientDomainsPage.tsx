import { backToClients, ClientScreen } from '../clients/ClientScreen';
import { PageHeader } from '../pages/PageHeader';
import { DomainsPanel } from './DomainsPanel';

/** A clinic's own domains, from the client's Actions menu: add one, see the records to set, check, remove. */
export function ClientDomainsPage() {
  return (
    <ClientScreen section="Domains" notFoundTitle="Domains">
      {(client) => (
        <>
          <PageHeader
            title={`Domains of ${client.name}`}
            description="The clinic’s pages on its own domain: add it, set the DNS records shown at its DNS provider, and it turns verified once they are found."
            actions={backToClients}
          />
          <DomainsPanel scope={{ kind: 'admin', clientId: client.id }} canEdit />
        </>
      )}
    </ClientScreen>
  );
}
