import { QueryClient } from '@tanstack/react-query';

/**
 * docs/public-site.md#fixed-figures query defaults: fresh for 1 hour, dropped after 2 hours, no
 * refetch on focus or interval, no retries.
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
