import { routes, type StaffMember } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export const staffKey = (clientId: number) => ['admin', 'staff', clientId] as const;

/** A clinic's team in display order (GET /api/staff-members/client/{clientId}). */
export function useStaff(clientId: number) {
  return useQuery({
    queryKey: staffKey(clientId),
    queryFn: ({ signal }): Promise<StaffMember[]> => api.call(routes.listStaffForClient, { params: { clientId } }, { signal }),
  });
}
