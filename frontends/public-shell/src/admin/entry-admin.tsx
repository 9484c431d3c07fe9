import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import '../styles/site.css';
import { AdminFrame } from './AdminFrame';
import './admin-frame.css';
import { createQueryClient } from './query-client';

const ADMIN_LOAD_FAILED = 'The admin dashboard could not be loaded. Please check your connection and try again.';

/**
 * `admin/AdminApp` through the federation plugin: react, react-dom,
 * react-router and react-query are the plugin's singletons, so the remote
 * renders with this page's React, router and QueryClient.
 */
const AdminApp = lazy(() =>
  import('admin/AdminApp').catch((error: unknown) => {
    // The runtime's message is for developers; the error screen shows a sentence for people.
    console.error('Loading admin/AdminApp failed', error);
    throw new Error(ADMIN_LOAD_FAILED);
  }),
);

/** The one QueryClient of the admin page (public spec §9 defaults). */
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (root) {
  // A transition: React renders the admin in slices that yield to the browser, not one long task (issue 8 §6, TBT).
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ErrorBoundary resetKey="admin">
            <Suspense fallback={<AdminFrame path={window.location.pathname} />}>
              <Routes>
                <Route path="/admin/*" element={<AdminApp />} />
              </Routes>
            </Suspense>
          </ErrorBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ));
}
