import { Pager, pagerFigures } from '../pages/Pager';
import { LoadFailed } from '../pages/LoadFailed';
import { CLIENT_SEARCH_MAX_LENGTH, routes, type Client, type ClientListQuery } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Building2, Plus, Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormField } from '../auth/FormField';
import { api } from '../lib/api';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { EmptyState } from '../pages/EmptyState';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { TeamMembersDialog } from '../staff/TeamMembersDialog';
import { ClinicUsersDialog } from '../clinic-users/ClinicUsersDialog';
import { ClientDialog } from './ClientDialog';
import { ClientsTable } from './ClientsTable';
import { DeleteClientDialog } from './DeleteClientDialog';
import { CLIENTS_KEY, clientViewFromSearch, searchBoxAfter, searchFromClientView, useClientPage } from './clients-query';
import { useToast } from '../toast/toaster';
import './clients.css';

/** How long the search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

const SORT_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
];

/**
 * Clients Management (docs/admin.md#clients) as a list that scales: search, sort and page on the server; the view lives in the URL, so
 * back, forward and reload keep it.
 */
export function ClientsPage() {
  useDocumentTitle(adminTitle('Clients Management'));
  const [search, setSearch] = useSearchParams();
  const view = clientViewFromSearch(search);
  const clients = useClientPage(view);
  const go = (next: Partial<Pick<ClientListQuery, 'q' | 'sort' | 'order' | 'page'>>) =>
    setSearch(searchFromClientView({ ...view, page: 1, ...next }));

  // The search box: what the admin types, sent once they pause; the URL's q when it changes (back, forward),
  // but not the URL's echo of the box's own search (searchBoxAfter).
  const [text, setText] = useState(view.q ?? '');
  const [seenQ, setSeenQ] = useState(view.q);
  const [sentQ, setSentQ] = useState<string | null>(null);
  if (seenQ !== view.q) {
    setSeenQ(view.q);
    setSentQ(null);
    setText(searchBoxAfter(view.q, text, sentQ));
  }
  const searchText = (q: string) => {
    setSentQ(q);
    go({ q: q || undefined });
  };
  // Reads the view as it is when the pause ends, without restarting the wait when the view changes.
  const searchFor = useEffectEvent((q: string) => {
    if (q !== (view.q ?? '')) searchText(q);
  });
  useEffect(() => {
    const q = text.trim();
    const timer = setTimeout(() => searchFor(q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The dialog: closed, a new client (null) or a client to edit.
  const [editing, setEditing] = useState<{ client: Client | null } | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [staffOf, setStaffOf] = useState<Client | null>(null);
  const [usersOf, setUsersOf] = useState<Client | null>(null);
  const toast = useToast();
  const queryClient = useQueryClient();
  // Create CRM Account (docs/admin.md#clients): one attempt now; its outcome lands on the row either way.
  const createCrm = useMutation({
    mutationFn: (client: Client) => api.call(routes.createCrmAccount, { params: { id: client.id } }),
    onSuccess: (account) =>
      toast({ title: 'CRM account created', description: `${account.subaccountName} is ready in GoHighLevel.` }),
    onError: (error) => toast({ title: 'Failed to create CRM account', description: error.message, variant: 'destructive' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });

  const searching = Boolean(view.q);
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
      <form className="adm-card cli-toolbar" role="search" aria-label="Find clients" onSubmit={(event) => (event.preventDefault(), searchText(text.trim()))}>
        <FormField id="clients-search" label="Search clients">
          <div className="cli-search">
            <Search size={16} aria-hidden />
            <input
              id="clients-search"
              className="adm-input"
              type="search"
              placeholder="Name, e-mail, phone, domain or address"
              maxLength={CLIENT_SEARCH_MAX_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </FormField>
        <FormField id="clients-sort" label="Sort by">
          <select
            id="clients-sort"
            className="adm-input"
            value={`${view.sort}:${view.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':') as [ClientListQuery['sort'], ClientListQuery['order']];
              go({ sort, order });
            }}
          >
            {!SORT_OPTIONS.some((o) => o.value === `${view.sort}:${view.order}`) && (
              <option value={`${view.sort}:${view.order}`}>
                {view.sort} ({view.order})
              </option>
            )}
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>
      </form>
      {clients.isPending ? (
        <LoadingPanel card label="Loading clients..." />
      ) : clients.isError ? (
        <LoadFailed card title="Failed to load clients" message={clients.error.message} onRetry={() => void clients.refetch()} />
      ) : clients.data.total === 0 ? (
        <EmptyState
          card
          live
          icon={searching ? <Search size={32} aria-hidden className="adm-empty__icon" /> : <Building2 size={32} aria-hidden className="adm-empty__icon" />}
          title={searching ? 'No clients match your search' : 'No clients yet'}
          text={searching ? `Nothing matches “${view.q}”. Check the spelling or search by phone or domain.` : 'Clinics appear here once they are added or complete onboarding.'}
        >
          {searching && (
            <button type="button" className="adm-button adm-button--secondary" onClick={() => (setText(''), searchText(''))}>
              <X size={16} aria-hidden />
              Clear search
            </button>
          )}
        </EmptyState>
      ) : (
        <ClientsTable
          clients={clients.data.items}
          busy={clients.isFetching}
          sortedBy={view.sort === 'name' ? view.order : null}
          creatingCrmFor={createCrm.isPending ? (createCrm.variables?.id ?? null) : null}
          actions={{
            onStaff: setStaffOf,
            onUsers: setUsersOf,
            onEdit: (client) => setEditing({ client }),
            onDelete: setDeleting,
            onCreateCrm: (client) => !createCrm.isPending && createCrm.mutate(client),
          }}
          footer={
            <Pager
              label="Client pages"
              noun={['client', 'clients']}
              {...pagerFigures(clients.data)}
              onPage={(page) => go({ q: view.q, page })}
            />
          }
        />
      )}
      <ClientDialog
        open={editing !== null}
        client={editing?.client ?? null}
        onClose={() => setEditing(null)}
        // A new clinic is found at once, wherever its name sorts.
        onCreated={(created) => (setText(created.name), go({ q: created.name }))}
      />
      <DeleteClientDialog client={deleting} onClose={() => setDeleting(null)} />
      <TeamMembersDialog client={staffOf} onClose={() => setStaffOf(null)} />
      <ClinicUsersDialog client={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
