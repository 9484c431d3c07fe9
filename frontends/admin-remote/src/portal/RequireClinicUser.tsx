import { Navigate, Outlet } from 'react-router';
import { useSignOutOnUnauthorized } from '../lib/auth';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PORTAL_AUTH_KEY, usePortalUser } from './portal-auth';

/**
 * Every portal screen but the sign-in pages needs a clinic user:
 * while the check runs a loading state shows; a 401 or a failed check goes
 * to /portal/login, as does any later 401 (a session ended by the agency).
 */
export function RequireClinicUser() {
  const { data: user, isPending, isError } = usePortalUser();
  useSignOutOnUnauthorized(PORTAL_AUTH_KEY);

  if (isPending) return <LoadingPanel label="Checking your session..." fullScreen />;
  if (isError || !user) return <Navigate to="/portal/login" replace />;
  return <Outlet />;
}
