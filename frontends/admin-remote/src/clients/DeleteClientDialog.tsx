import * as Dialog from '@radix-ui/react-dialog';
import { routes, type Client } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { api } from '../lib/api';
import { useToast } from '../toast/toaster';
import { CLIENTS_KEY } from './clients-query';

/** admin spec §2.4 Delete Client: confirmed first; the text says it cannot be undone. */
export function DeleteClientDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => api.call(routes.deleteClient, { params: { id } }),
    onSuccess: () => {
      toast({ title: 'Client deleted', description: `${client?.name ?? 'The client'} and its records were removed.` });
      void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
      onClose();
    },
    onError: (error) => toast({ title: 'Failed to delete client', description: error.message, variant: 'destructive' }),
  });
  return (
    <Dialog.Root open={client !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <Dialog.Content className="adm-dialog adm-dialog--narrow" role="alertdialog">
          <div className="adm-dialog__header">
            <Dialog.Title className="adm-dialog__title">Delete {client?.name}?</Dialog.Title>
          </div>
          <div className="adm-dialog__body">
            <Dialog.Description className="adm-dialog__text">
              This action cannot be undone. It permanently deletes the client and removes all client data, services and records.
            </Dialog.Description>
            <div className="adm-dialog__footer">
              <Dialog.Close asChild>
                <button type="button" className="adm-button adm-button--secondary">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="button" className="adm-button adm-button--danger" disabled={remove.isPending} onClick={() => client && remove.mutate(client.id)}>
                {remove.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Trash2 size={16} aria-hidden />}
                Delete Client
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
