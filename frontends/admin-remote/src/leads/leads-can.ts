import type { ClinicRole } from '@hap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { canUse, PORTAL_AUTH_KEY, type PortalViewer } from '../portal/portal-auth';
import { useLeadsScope } from './leads-query';

/**
 * Whether this inbox's user may use a lead row: the agency always (its admin
 * rows), a clinic user by their role (docs/portal.md#roles). The portal's
 * shell has the user already; this reads it without asking again (an admin's
 * inbox never asks the portal's auth status).
 */
/** The signed-in clinic user's id in the portal (who a task is for unless they choose another); null in the admin. */
export function usePortalUserId(): number | null {
  const scope = useLeadsScope();
  const user = useQueryClient().getQueryData<PortalViewer | null>(PORTAL_AUTH_KEY);
  return scope === 'portal' && user && !user.viewAs ? user.id : null;
}

export function useLeadsCan(portalRoute: { method: string; clinicRoles?: readonly ClinicRole[] }): boolean {
  const scope = useLeadsScope();
  const user = useQueryClient().getQueryData<PortalViewer | null>(PORTAL_AUTH_KEY);
  return scope === 'admin' || canUse(user, portalRoute);
}
