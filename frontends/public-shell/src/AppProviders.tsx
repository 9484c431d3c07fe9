import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageStateProvider } from './state/page-context';
import type { PageState } from './state/page-state';

/**
 * public spec §9 query defaults: fresh for 1 hour, dropped after 2 hours, no
 * refetch on focus or interval, no retries. The admin remote uses this same
 * client (react-query is a federation singleton).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60 * 60 * 1000,
        gcTime: 2 * 60 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
    },
  });
}

export function AppProviders({ state, queryClient, children }: { state: PageState; queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PageStateProvider state={state}>{children}</PageStateProvider>
    </QueryClientProvider>
  );
}
