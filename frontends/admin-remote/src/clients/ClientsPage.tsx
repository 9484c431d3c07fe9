import { LoadFailed } from '../pages/LoadFailed';
import { routes, type Client } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { api } from '../lib/api';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { TeamMembersDialog } from '../staff/TeamMembersDialog';
import { ClientDialog } from './ClientDialog';
import { ClientsTable } from './ClientsTable';
import { DeleteClientDialog } from './DeleteClientDialog';
import { CLIENTS_KEY, useClients } from './clients-query';
import { useToast } from '../toast/toaster';

export function ClientsPage() {
  useDocumentTitle(adminTitle('Clients Management'));
  const clients = useClients();
  // The dialog: closed, a new client (null) or a client to edit.
  const [editing, setEditing] = useState<{ client: Client | null } | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [staffOf, setStaffOf] = useState<Client | null>(null);
  const toast = useToast();
  const queryClient = useQueryClient();
  // Create CRM Account (admin spec §2.4): one attempt now; its outcome lands on the row either way.
  const createCrm = useMutation({
    mutationFn: (client: Client) => api.call(routes.createCrmAccount, { params: { id: client.id } }),
    onSuccess: (account) =>
      toast({ title: 'CRM account created', description: `${account.subaccountName} is ready in GoHighLevel.` }),
    onError: (error) => toast({ title: 'Failed to create CRM account', description: error.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });

  return (
    <>
      <PageHeader
        title="Clients Management"
        description="The clinics on the platform, their contact details and brand assets."
        actions={
          <button type="button" className="adm-button adm-button--primary" onClick={() => setEditing({ client: null })}>
            <Plus size={16} aria-hidden />
            Add New Client
          </button>
        }
      />
      {clients.isPending ? (
        <section className="adm-card">
          <LoadingPanel label="Loading clients..." />
        </section>
      ) : clients.isError ? (
        <LoadFailed card title="Failed to load clients" message={clients.error.message} onRetry={() => void clients.refetch()} />
      ) : clients.data.length === 0 ? (
        <section className="adm-card adm-empty">
          <Building2 size={32} aria-hidden className="adm-empty__icon" />
          <h2 className="adm-empty__title">No clients yet</h2>
          <p className="adm-empty__text">Clinics appear here once they are added or complete onboarding.</p>
        </section>
      ) : (
        <ClientsTable
          clients={clients.data}
          creatingCrmFor={createCrm.isPending ? (createCrm.variables?.id ?? null) : null}
          actions={{
            onStaff: setStaffOf,
            onEdit: (client) => setEditing({ client }),
            onDelete: setDeleting,
            onCreateCrm: (client) => !createCrm.isPending && createCrm.mutate(client),
          }}
        />
      )}
      <ClientDialog open={editing !== null} client={editing?.client ?? null} onClose={() => setEditing(null)} />
      <DeleteClientDialog client={deleting} onClose={() => setDeleting(null)} />
      <TeamMembersDialog client={staffOf} onClose={() => setStaffOf(null)} />
    </>
  );
}
