import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import './admin.css';
import { LoginPage } from './auth/LoginPage';
import { RequireAdmin } from './auth/RequireAdmin';
import { AdminNotFound } from './pages/AdminNotFound';
import { AdminShell } from './shell/AdminShell';
import { Toaster } from './toast/toaster';

/*
 * Each screen is its own chunk, loaded when it is opened (the shell shows a
 * loading panel meanwhile): the login page, the first paint of most visits,
 * then carries neither the screens nor the route table's schemas.
 */
const ClientsPage = lazy(() => import('./clients/ClientsPage').then((m) => ({ default: m.ClientsPage })));
const LeadsPage = lazy(() => import('./leads/LeadsPage').then((m) => ({ default: m.LeadsPage })));
const TemplatesPage = lazy(() => import('./templates/TemplatesPage').then((m) => ({ default: m.TemplatesPage })));
const TemplateRolloutPage = lazy(() => import('./templates/rollout/TemplateRolloutPage').then((m) => ({ default: m.TemplateRolloutPage })));
const ActivatedTemplatesPage = lazy(() => import('./activated/ActivatedTemplatesPage').then((m) => ({ default: m.ActivatedTemplatesPage })));
const ServicesPage = lazy(() => import('./services/ServicesPage').then((m) => ({ default: m.ServicesPage })));
const PageEditorPage = lazy(() => import('./services/page-editor/PageEditorPage').then((m) => ({ default: m.PageEditorPage })));
const ClientDomainsPage = lazy(() => import('./domains/ClientDomainsPage').then((m) => ({ default: m.ClientDomainsPage })));
const ClientMessagingPage = lazy(() => import('./messaging/MessagingPages').then((m) => ({ default: m.ClientMessagingPage })));
const MessagingDefaultsPage = lazy(() => import('./messaging/MessagingPages').then((m) => ({ default: m.MessagingDefaultsPage })));
const ClientBookingPage = lazy(() => import('./booking/ClientBookingPage').then((m) => ({ default: m.ClientBookingPage })));
const ClientAdsPage = lazy(() => import('./google-ads/ClientAdsPage').then((m) => ({ default: m.ClientAdsPage })));
const GoogleAdsTemplatesPage = lazy(() => import('./google-ads/GoogleAdsTemplatesPage').then((m) => ({ default: m.GoogleAdsTemplatesPage })));
const GoogleAdsAuthPage = lazy(() => import('./google-ads/GoogleAdsAuthPage').then((m) => ({ default: m.GoogleAdsAuthPage })));
const GoogleAdsConnectPage = lazy(() => import('./google-ads/GoogleAdsConnectPage').then((m) => ({ default: m.GoogleAdsConnectPage })));
const ResultsPage = lazy(() => import('./results/ResultsPage').then((m) => ({ default: m.ResultsPage })));
const ExperimentsPage = lazy(() => import('./experiments/ExperimentsPage').then((m) => ({ default: m.ExperimentsPage })));
const ExperimentPage = lazy(() => import('./experiments/ExperimentPage').then((m) => ({ default: m.ExperimentPage })));
const AuditPage = lazy(() => import('./audit/AuditPage').then((m) => ({ default: m.AuditPage })));
const AdminSecurityPage = lazy(() => import('./auth/AdminSecurityPage').then((m) => ({ default: m.AdminSecurityPage })));

/**
 * The admin area, exposed as `admin/AdminApp`. The host mounts it under its
 * `/admin/*` route and provides the router and the QueryClient (shared
 * singletons), so the routes below are relative to /admin.
 */
export function AdminApp() {
  return (
    <div className="adm-root">
      <Toaster>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route element={<RequireAdmin />}>
            <Route element={<AdminShell />}>
              <Route index element={<Navigate to="/admin/clients" replace />} />
              <Route path="clients" element={<ClientsPage />} />
              <Route path="leads" element={<LeadsPage />} />
              <Route path="results" element={<ResultsPage />} />
              <Route path="experiments" element={<ExperimentsPage />} />
              <Route path="experiments/:id" element={<ExperimentPage />} />
              <Route path="clients/:id/ads" element={<ClientAdsPage />} />
              <Route path="clients/:id/domains" element={<ClientDomainsPage />} />
              <Route path="clients/:id/booking" element={<ClientBookingPage />} />
              <Route path="clients/:id/messaging" element={<ClientMessagingPage />} />
              <Route path="messaging" element={<MessagingDefaultsPage />} />
              <Route path="services" element={<ServicesPage />} />
              <Route path="services/:id/page" element={<PageEditorPage />} />
              <Route path="templates" element={<TemplatesPage />} />
              <Route path="templates/activated" element={<ActivatedTemplatesPage />} />
              <Route path="templates/:id/rollout" element={<TemplateRolloutPage />} />
              <Route path="google-ads-templates" element={<GoogleAdsTemplatesPage />} />
              <Route path="google-ads-auth" element={<GoogleAdsAuthPage />} />
              <Route path="google-ads-connect" element={<GoogleAdsConnectPage />} />
              <Route path="audit" element={<AuditPage />} />
              <Route path="security" element={<AdminSecurityPage />} />
              <Route path="*" element={<AdminNotFound />} />
            </Route>
          </Route>
        </Routes>
      </Toaster>
    </div>
  );
}

export default AdminApp;
