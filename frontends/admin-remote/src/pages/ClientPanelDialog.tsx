import type { Client } from '@hap/contracts';
import type { ReactNode } from 'react';
import { ModalDialog } from './ModalDialog';

/**
 * A dialog opened on one client from the Clients screen (its team, its portal users): open while
 * `client` is set, titled `{title}: {name}`, its body rendered anew for each client.
 */
export function ClientPanelDialog({ client, title, onClose, children }: { client: Client | null; title: string; onClose: () => void; children: (client: Client) => ReactNode }) {
  return (
    <ModalDialog open={client !== null} onOpenChange={(next) => !next && onClose()} aria-describedby={undefined} title={`${title}: ${client?.name ?? ''}`}>
      {client && children(client)}
    </ModalDialog>
  );
}
