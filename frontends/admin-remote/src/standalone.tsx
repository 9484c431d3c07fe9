import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { AdminApp } from './AdminApp';

/**
 * Runs the remote on its own (`npm run dev -w @hap/admin-remote`), with the
 * router and QueryClient the host normally provides. Production loads only
 * remoteEntry.js from the public shell.
 */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** A data router, as the host's (the page editor's useBlocker needs one). */
const router = createBrowserRouter([
  { path: '/admin/*', element: <AdminApp /> },
  { path: '*', element: <Navigate to="/admin/login" replace /> },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
