import { routes } from '@hap/contracts';
import { Navigate } from 'react-router';
import { ClinicUsersPanel } from '../clinic-users/ClinicUsersDialog';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { canUse, portalTitle, usePortalUser } from './portal-auth';

/** Users (owners): the clinic's people; an owner invites (owner, front desk or viewer) and removes them, with the agency's panel. */
export function PortalUsersPage() {
  useDocumentTitle(portalTitle('Users'));
  const me = usePortalUser().data;
  if (!me) return <LoadingPanel label="Loading users..." />;
  if (!canUse(me, routes.invitePortalUser)) return <Navigate to="/portal/leads" replace />;
  return (
    <>
      <PageHeader title="Users" description={`The people of ${me.clientName} who sign in to this portal. Owners manage everything, the front desk works leads, bookings and tasks, viewers see without changing.`} />
      <section className="adm-card" aria-label="Users">
        <ClinicUsersPanel scope={{ kind: 'portal', selfId: me.id }} />
      </section>
    </>
  );
}
