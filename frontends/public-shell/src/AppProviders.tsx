import type { ReactNode } from 'react';
import { PageStateProvider } from './state/page-context';
import type { PageState } from './state/page-state';

/**
 * What every public page renders inside. The admin's QueryClient is not here:
 * only /admin uses react-query, and its own entry (src/admin/entry-admin.tsx)
 * provides it, so public pages never load react-query.
 */
export function AppProviders({ state, children }: { state: PageState; children: ReactNode }) {
  return <PageStateProvider state={state}>{children}</PageStateProvider>;
}
