import { Navigate, Outlet } from 'react-router';
import { useSignOutOnUnauthorized } from '../lib/auth';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { useOnline } from './OfflineBanner';
import { PORTAL_AUTH_KEY, usePortalUser } from './portal-auth';

/**
 * Every portal screen but the sign-in pages needs a clinic user:
 * while the check runs a loading state shows; a 401 goes to /portal/login,
 * as does any later 401 (a session ended by the agency). A check that could
 * not be made (offline, the gateway down) says so with Try Again: the user
 * may well be signed in (docs/portal.md#installable-portal).
 */
export function RequireClinicUser() {
  const { data: user, isPending, isError, refetch } = usePortalUser();
  const online = useOnline();
  useSignOutOnUnauthorized(PORTAL_AUTH_KEY);

  if (isPending) return <LoadingPanel label="Checking your session..." fullScreen />;
  if (isError && !user)
    return (
      <main className="prt-unchecked">
        <LoadFailed
          card
          title="Your session could not be checked"
          message={online ? 'The portal did not answer. Try again in a moment.' : 'You are offline. Try again once you are back online.'}
          onRetry={() => void refetch()}
        />
      </main>
    );
  if (!user) return <Navigate to="/portal/login" replace />;
  return <Outlet />;
}
