import { clinicRolesOf, sessionRoutes, type ClinicRole, type PortalUser } from '@hap/contracts';
import { api } from '../lib/api';
import { routeOf } from '../lib/lazy-routes';
import { unlessRefused, useSessionCheck } from '../lib/auth';

/** The cache key of `GET /api/portal/auth-status`; login, accepting an invitation and logout update it. */
export const PORTAL_AUTH_KEY = ['portal', 'auth-status'] as const;

/** A portal user, or an admin viewing the clinic read-only (docs/portal.md: `viewAs`, shown as a viewer sees it). */
export type PortalViewer = PortalUser & { viewAs?: true };

/**
 * An admin's read-only view of a clinic, as the portal's user; null when this session views none (or is no admin's).
 * The route table comes with the call (lib/lazy-routes.ts): the portal's login page carries this module.
 */
function fetchViewingAdmin(signal?: AbortSignal): Promise<PortalViewer | null> {
  const view = routeOf('getViewAs').then((route) => api.call(route, {}, { signal }));
  return unlessRefused(
    view.then((v): PortalViewer | null => v && { id: 0, email: '', name: 'The agency (read-only view)', clientId: v.clientId, clientName: v.clientName, role: 'viewer', viewAs: true }),
    [401, 403],
    () => null,
  );
}

/** The signed-in clinic user (or a viewing admin), or null when the gateway says 401 (not signed in to the portal). */
export function fetchPortalUser(signal?: AbortSignal): Promise<PortalViewer | null> {
  return unlessRefused(
    api.call(sessionRoutes.portalAuthStatus, {}, { signal }).then((s) => s.user),
    [401],
    () => fetchViewingAdmin(signal),
  );
}

export function usePortalUser() {
  return useSessionCheck(PORTAL_AUTH_KEY, fetchPortalUser);
}

/** The tab title of a portal screen, e.g. 'Leads | Clinic Portal'. */
export const portalTitle = (page: string) => `${page} | Clinic Portal`;

/** The one-time token of an e-mailed link: in the fragment (`#token=…`), so it never reaches a server's logs. */
export function linkTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * Whether `user`'s role admits `route` (the contracts' clinicRolesOf, which the
 * gateway enforces; docs/portal.md#roles): screens hide what the API would
 * refuse. An admin's read-only view is a viewer.
 */
export function canUse(user: PortalViewer | null | undefined, route: RoleRoute): boolean {
  return !!user && clinicRolesOf(route).includes(user.viewAs ? 'viewer' : user.role);
}

type RoleRoute = { method: string; clinicRoles?: readonly ClinicRole[] };

/** canUse for the signed-in portal user. */
export function usePortalCan(): (route: RoleRoute) => boolean {
  const user = usePortalUser().data;
  return (route) => canUse(user, route);
}
