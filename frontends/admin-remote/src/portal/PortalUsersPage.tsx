import { routes, type ClinicUser } from '@hap/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { ClinicUsersPanel } from '../users/ClinicUsersPanel';
import { portalTitle, usePortalUser } from './portal-auth';

const USERS_KEY = ['portal', 'users'] as const;

/** Users (issue 26 §3, owners): the clinic's people; an owner invites and removes staff. */
export function PortalUsersPage() {
  useDocumentTitle(portalTitle('Users'));
  const me = usePortalUser().data;
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }): Promise<ClinicUser[]> => api.call(routes.listPortalUsers, {}, { signal }),
    enabled: me?.role === 'owner',
  });
  if (me && me.role !== 'owner') return <Navigate to="/portal/leads" replace />;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: USERS_KEY });

  return (
    <>
      <PageHeader title="Users" description={`The people of ${me?.clientName ?? 'your clinic'} who sign in to this portal. Staff follow up leads and see results.`} />
      <section className="adm-card" aria-label="Users">
        {users.isPending ? (
          <LoadingPanel label="Loading users..." />
        ) : users.isError ? (
          <LoadFailed title="Failed to load users" message={users.error.message} onRetry={() => void users.refetch()} />
        ) : (
          <ClinicUsersPanel
            users={users.data}
            roles={['staff']}
            selfId={me?.id}
            actions={{
              invite: async ({ email }) => {
                const result = await api.call(routes.invitePortalUser, { body: { email, role: 'staff' } });
                refresh();
                return result;
              },
              remove: async (user) => {
                await api.call(routes.deletePortalUser, { params: { userId: String(user.id) } });
                refresh();
              },
            }}
          />
        )}
      </section>
    </>
  );
}
