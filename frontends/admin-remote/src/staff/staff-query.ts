import { routes, type StaffMember, type StaffMemberCreate } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../lib/api';

/**
 * Whose team screens these are: the agency's for any clinic (admin rows), or
 * a clinic owner's in the portal (docs/portal.md: the portal rows, whose clinic is
 * the signed identity's). The list and the form are the same components.
 */
export type TeamScope = 'admin' | 'portal';
export const TeamScopeContext = createContext<TeamScope>('admin');

export const staffKey = (clientId: number) => ['admin', 'staff', clientId] as const;

/** A clinic's team in display order (GET /api/staff-members/client/{clientId}, or the portal's own). */
export function useStaff(clientId: number) {
  const scope = useContext(TeamScopeContext);
  return useQuery({
    queryKey: staffKey(clientId),
    queryFn: ({ signal }): Promise<StaffMember[]> =>
      scope === 'portal' ? api.call(routes.listPortalTeam, {}, { signal }) : api.call(routes.listStaffForClient, { params: { clientId } }, { signal }),
  });
}

/** The writes of the team screens, by scope. */
export function useTeamWrites() {
  const scope = useContext(TeamScopeContext);
  return {
    remove: (id: number) => (scope === 'portal' ? api.call(routes.deletePortalTeamMember, { params: { id } }) : api.call(routes.deleteStaffMember, { params: { id } })),
    save: (member: StaffMember | null, { clientId, ...fields }: StaffMemberCreate) => {
      if (scope === 'portal') {
        return member ? api.call(routes.updatePortalTeamMember, { params: { id: member.id }, body: fields }) : api.call(routes.createPortalTeamMember, { body: fields });
      }
      return member ? api.call(routes.updateStaffMember, { params: { id: member.id }, body: fields }) : api.call(routes.createStaffMember, { body: { clientId, ...fields } });
    },
  };
}
