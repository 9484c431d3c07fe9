import { routes, type ClinicUser } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const clinicUsersKey = (clientId: number) => ['admin', 'clinic-users', clientId] as const;

/** A clinic's users, owners first (GET /api/clients/{id}/users; issue 26). */
export function useClinicUsers(clientId: number) {
  return useQuery({
    queryKey: clinicUsersKey(clientId),
    queryFn: ({ signal }): Promise<ClinicUser[]> => api.call(routes.listClientUsers, { params: { id: clientId } }, { signal }),
  });
}
