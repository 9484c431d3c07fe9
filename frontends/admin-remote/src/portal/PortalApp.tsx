import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import '../admin.css';
import './portal.css';
import { Toaster } from '../toast/toaster';
import { OfflineBanner } from './OfflineBanner';
import { AcceptInvitePage, ForgotPasswordPage, ResetPasswordPage } from './LinkPages';
import { PortalLoginPage } from './PortalLoginPage';
import { PortalNotFound } from './PortalNotFound';
import { PortalShell } from './PortalShell';
import { RequireClinicUser } from './RequireClinicUser';

/* Each screen is its own chunk, as in the admin: the login's first paint carries none of them. */
const PortalLeadsPage = lazy(() => import('./PortalLeadsPage').then((m) => ({ default: m.PortalLeadsPage })));
const PortalResultsPage = lazy(() => import('./PortalResultsPage').then((m) => ({ default: m.PortalResultsPage })));
const PortalUsersPage = lazy(() => import('./PortalUsersPage').then((m) => ({ default: m.PortalUsersPage })));
const PortalProfilePage = lazy(() => import('./PortalProfilePage').then((m) => ({ default: m.PortalProfilePage })));
const PortalPagesPage = lazy(() => import('./PortalPagesPage').then((m) => ({ default: m.PortalPagesPage })));
const PortalDomainsPage = lazy(() => import('./PortalDomainsPage').then((m) => ({ default: m.PortalDomainsPage })));
const PortalTasksPage = lazy(() => import('./PortalTasksPage').then((m) => ({ default: m.PortalTasksPage })));
const PortalBookingPage = lazy(() => import('./PortalBookingPage').then((m) => ({ default: m.PortalBookingPage })));
const PortalSecurityPage = lazy(() => import('./PortalSecurityPage').then((m) => ({ default: m.PortalSecurityPage })));

/**
 * The clinic portal, exposed as `admin/PortalApp`: the host
 * mounts it under `/portal/*` with its router and QueryClient, like the
 * admin. A clinic user sees only their own clinic: no screen here takes a
 * clinic id, the gateway's signed identity decides.
 */
export function PortalApp() {
  return (
    <div className="adm-root">
      <OfflineBanner />
      <Toaster>
        <Routes>
          <Route path="login" element={<PortalLoginPage />} />
          <Route path="accept-invite" element={<AcceptInvitePage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route element={<RequireClinicUser />}>
            <Route element={<PortalShell />}>
              <Route index element={<Navigate to="/portal/leads" replace />} />
              <Route path="leads" element={<PortalLeadsPage />} />
              <Route path="tasks" element={<PortalTasksPage />} />
              <Route path="booking" element={<PortalBookingPage />} />
              <Route path="results" element={<PortalResultsPage />} />
              <Route path="pages" element={<PortalPagesPage />} />
              <Route path="profile" element={<PortalProfilePage />} />
              <Route path="domains" element={<PortalDomainsPage />} />
              <Route path="users" element={<PortalUsersPage />} />
              <Route path="security" element={<PortalSecurityPage />} />
              <Route path="*" element={<PortalNotFound />} />
            </Route>
          </Route>
        </Routes>
      </Toaster>
    </div>
  );
}

export default PortalApp;
