import { LoadFailed } from '../pages/LoadFailed';
import type { Client } from '@hap/contracts';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { TeamMembersDialog } from '../staff/TeamMembersDialog';
import { ClientDialog } from './ClientDialog';
import { ClientsTable } from './ClientsTable';
import { DeleteClientDialog } from './DeleteClientDialog';
import { useClients } from './clients-query';

export function ClientsPage() {
  useDocumentTitle(adminTitle('Clients Management'));
  const clients = useClients();
  // The dialog: closed, a new client (null) or a client to edit.
  const [editing, setEditing] = useState<{ client: Client | null } | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [staffOf, setStaffOf] = useState<Client | null>(null);

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
        <ClientsTable clients={clients.data} actions={{ onStaff: setStaffOf, onEdit: (client) => setEditing({ client }), onDelete: setDeleting }} />
      )}
      <ClientDialog open={editing !== null} client={editing?.client ?? null} onClose={() => setEditing(null)} />
      <DeleteClientDialog client={deleting} onClose={() => setDeleting(null)} />
      <TeamMembersDialog client={staffOf} onClose={() => setStaffOf(null)} />
    </>
  );
}
