import { Navigate, Outlet } from 'react-router';
import { useAuthUser, useSignOutOnUnauthorized } from '../lib/auth';
import { LoadingPanel } from '../pages/LoadingPanel';

/**
 * admin spec §2.1, §6: every admin route but the login needs an admin. While
 * the check runs a loading state shows; a 401, a failed check or a user who is
 * not an admin goes to /admin/login.
 */
export function RequireAdmin() {
  const { data: user, isPending, isError } = useAuthUser();
  useSignOutOnUnauthorized();

  if (isPending) return <LoadingPanel label="Checking your session..." fullScreen />;
  if (isError || !user?.isAdmin) return <Navigate to="/admin/login" replace />;
  return <Outlet />;
}
