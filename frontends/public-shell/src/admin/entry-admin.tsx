import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, Suspense, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import '../styles/site.css';
import { AdminFrame, appOfPath } from './AdminFrame';
import './admin-frame.css';
import { createQueryClient } from './query-client';

const LOAD_FAILED = {
  AdminApp: 'The admin dashboard could not be loaded. Please check your connection and try again.',
  PortalApp: 'The clinic portal could not be loaded. Please check your connection and try again.',
} as const;

/**
 * `admin/AdminApp`, or the clinic portal's `admin/PortalApp` under /portal
 *, through the federation plugin: react, react-dom, react-router
 * and react-query are the plugin's singletons, so the remote renders with
 * this page's React, router and QueryClient. Loaded before the first render,
 * so the server's frame stays on screen (and, on a login page, keeps what is
 * typed into it) until the remote's screen replaces it in one commit, with
 * no client-side fallback in between.
 */
async function loadApp(app: 'AdminApp' | 'PortalApp'): Promise<ComponentType> {
  try {
    return app === 'PortalApp' ? (await import('admin/PortalApp')).default : (await import('admin/AdminApp')).default;
  } catch (error) {
    // The runtime's message is for developers; the error screen shows a sentence for people.
    console.error(`Loading admin/${app} failed`, error);
    return function AppLoadFailed(): never {
      throw new Error(LOAD_FAILED[app]);
    };
  }
}

/** The one QueryClient of the admin page (docs/public-site.md#fixed-figures defaults). */
const queryClient = createQueryClient();

async function start(root: HTMLElement) {
  const which = appOfPath(window.location.pathname);
  const App = await loadApp(which);
  // A data router: the remote's screens may hold a navigation until the admin answers (useBlocker: the page editor's unsaved changes).
  const router = createBrowserRouter([
    {
      path: which === 'PortalApp' ? '/portal/*' : '/admin/*',
      element: (
        <ErrorBoundary resetKey={which}>
          <Suspense fallback={<AdminFrame path={window.location.pathname} />}>
            <App />
          </Suspense>
        </ErrorBoundary>
      ),
    },
    { path: '*', element: null },
  ]);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  const html = document.documentElement;
  if (html.hasAttribute('data-acted')) {
    // Loaded because the visitor is using the login form (the boot loader): its screen takes over in one
    // task, so every key typed into the frame until then is carried over (admin-remote LoginPage).
    flushSync(() => reactRoot.render(app));
  } else {
    // Otherwise a transition: React renders the admin in slices that yield to the browser, not one long task (TBT).
    startTransition(() => reactRoot.render(app));
  }
  // The boot loader stops holding submissions and clicks (contracts page-boot.ts).
  html.setAttribute('data-live', '');
}

const root = document.getElementById('root');
if (root) void start(root);
