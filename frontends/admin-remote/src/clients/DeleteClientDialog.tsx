import { DialogFooter } from '../pages/DialogFooter';
import * as Dialog from '@radix-ui/react-dialog';
import { routes, type Client } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { api } from '../lib/api';
import { useToast } from '../toast/toaster';
import { CLIENTS_KEY } from './clients-query';
import { ModalDialog } from '../pages/ModalDialog';

/** docs/admin.md#clients Delete Client: confirmed first; the text says it cannot be undone. */
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
    <ModalDialog open={client !== null} onOpenChange={(open) => !open && onClose()} className="adm-dialog adm-dialog--narrow" role="alertdialog">
      <div className="adm-dialog__header">
        <Dialog.Title className="adm-dialog__title">Delete {client?.name}?</Dialog.Title>
      </div>
      <div className="adm-dialog__body">
        <Dialog.Description className="adm-dialog__text">
          This action cannot be undone. It permanently deletes the client and removes all client data, services and records.
        </Dialog.Description>
        <DialogFooter
          action="Delete Client"
          danger
          icon={<Trash2 size={16} aria-hidden />}
          pending={remove.isPending}
          onAction={() => client && remove.mutate(client.id)}
        />
      </div>
    </ModalDialog>
  );
}
