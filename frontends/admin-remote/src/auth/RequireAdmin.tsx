import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthUser, useSignOutOnUnauthorized } from '../lib/auth';
import { LoadingPanel } from '../pages/LoadingPanel';

/**
 * docs/admin.md#admin-paths, docs/admin.md#roles: every admin route but the login needs an admin. While
 * the check runs a loading state shows; a 401, a failed check or a user who is
 * not an admin goes to /admin/login; an admin who must set up two-factor
 * sign-in first goes to /admin/security.
 */
export function RequireAdmin() {
  const { data: user, isPending, isError } = useAuthUser();
  const { pathname } = useLocation();
  useSignOutOnUnauthorized();

  if (isPending) return <LoadingPanel label="Checking your session..." fullScreen />;
  if (isError || !user?.isAdmin) return <Navigate to="/admin/login" replace />;
  // An admin who must turn on two-factor sign-in first (production): the Security screen only.
  if (user.mfaSetupRequired && pathname !== '/admin/security') return <Navigate to="/admin/security" replace />;
  return <Outlet />;
}
