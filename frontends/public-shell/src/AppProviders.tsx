import type { ReactNode } from 'react';
import { PageStateProvider } from './state/page-context';
import type { PageState } from './state/page-state';

/**
 * What every page renders inside. The admin's QueryClient is not here: only
 * /admin uses react-query, so it is provided in the admin route's lazy chunk
 * (src/admin/load-admin-app.tsx) and public pages never load react-query.
 */
export function AppProviders({ state, children }: { state: PageState; children: ReactNode }) {
  return <PageStateProvider state={state}>{children}</PageStateProvider>;
}
