import { ClientSchema, successEnvelope, type Client } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const CLIENTS_KEY = ['admin', 'clients'] as const;

const ClientListAnswer = successEnvelope(ClientSchema.array());

export function useClients() {
  return useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: async ({ signal }): Promise<Client[]> =>
      (await api('/api/clients', { schema: ClientListAnswer, signal })).data,
    // The list changes only through this admin; it is refetched after its own mutations.
    staleTime: 60 * 1000,
  });
}

/** admin spec §2.4: clients 1–3 use the main home route, the others the standalone home. */
export function clientHomepageUrl(clientId: number): string {
  return clientId >= 1 && clientId <= 3 ? `/?client=${clientId}` : `/standalone-client-home?client=${clientId}`;
}
