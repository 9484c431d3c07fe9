import { routes, type Client } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const CLIENTS_KEY = ['admin', 'clients'] as const;

export function useClients() {
  return useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: ({ signal }): Promise<Client[]> => api.call(routes.listClients, {}, { signal }),
    // The list changes only through this admin; it is refetched after its own mutations.
    staleTime: 60 * 1000,
  });
}

/** admin spec §2.4: clients 1–3 use the main home route, the others the standalone home. */
export function clientHomepageUrl(clientId: number): string {
  return clientId >= 1 && clientId <= 3 ? `/?client=${clientId}` : `/standalone-client-home?client=${clientId}`;
}
