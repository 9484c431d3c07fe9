import { routes, type Service, type ServiceListItem } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const servicesKey = (clientId: number) => ['admin', 'services', clientId] as const;

/** A clinic's services, active and inactive (GET /api/services/client/{clientId}). */
export const useClientServices = (clientId: number | null) =>
  useQuery({
    queryKey: servicesKey(clientId ?? 0),
    enabled: clientId !== null,
    queryFn: ({ signal }): Promise<ServiceListItem[]> => api.call(routes.listServicesForClient, { params: { clientId: clientId ?? 0 } }, { signal }),
  });

/** One service with every field of the form (GET /api/services/{id}). */
export const useService = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'service', id],
    enabled: id !== null,
    queryFn: ({ signal }): Promise<Service> => api.call(routes.getService, { params: { id: id ?? 0 } }, { signal }),
    // The dialog always edits what is stored now.
    staleTime: 0,
  });
