import { lazy, Suspense } from 'react';
import { useIsClient } from '../components/use-is-client';

// The remote is fetched only when an /admin page renders in the browser (DESIGN §7).
const AdminApp = lazy(() => import('./load-admin-app').then((module) => module.loadAdminApp()));

function AdminLoading() {
  return (
    <div className="admin-loading" role="status" aria-live="polite">
      <span className="admin-loading__spinner" aria-hidden />
      Loading admin dashboard...
    </div>
  );
}

/**
 * The server renders only this placeholder (the remote is client-only, see
 * notes/toolchain.md); the browser hydrates the same placeholder, then mounts
 * the remote behind Suspense.
 */
export function AdminRoute() {
  const isClient = useIsClient();
  if (!isClient) return <AdminLoading />;
  return (
    <Suspense fallback={<AdminLoading />}>
      <AdminApp />
    </Suspense>
  );
}
