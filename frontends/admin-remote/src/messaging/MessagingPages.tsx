import { backToClients, ClientScreen } from '../clients/ClientScreen';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { MessagingForm } from './MessagingForm';
import { useMessaging, type MessagingScope } from './messaging-query';
import { UnmatchedTexts } from './UnmatchedTexts';
import './messaging.css';

function MessagingBody({ clientId }: { clientId: MessagingScope }) {
  const stored = useMessaging(clientId);
  if (stored.isPending) return <LoadingPanel label="Loading patient messages..." />;
  if (stored.isError) return <LoadFailed title="Failed to load patient messages" message={stored.error.message} onRetry={() => void stored.refetch()} />;
  return <MessagingForm key={`${stored.data.clientId}-${stored.data.updatedAt ?? 'inherited'}`} clientId={clientId} stored={stored.data} />;
}

/** The agency's defaults for every clinic's patient messages (docs/speed-to-lead.md#follow-ups). */
export function MessagingDefaultsPage() {
  useDocumentTitle(adminTitle('Patient Messages'));
  return (
    <>
      <PageHeader title="Patient Messages" description="What every clinic’s patients hear automatically, unless the clinic has settings of its own: the first text and e-mail, follow-ups and quiet hours." />
      <MessagingBody clientId={null} />
      <UnmatchedTexts />
    </>
  );
}

/** One clinic's patient messages, from the client's Actions menu. */
export function ClientMessagingPage() {
  return (
    <ClientScreen section="Patient Messages" notFoundTitle="Patient Messages">
      {(client) => (
        <>
          <PageHeader title={`Patient messages of ${client.name}`} description="What this clinic’s patients hear automatically. Changes are audited as yours." actions={backToClients} />
          <MessagingBody clientId={client.id} />
        </>
      )}
    </ClientScreen>
  );
}
