import { ApiError, routes, sessionRoutes, type PortalUser } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** The cache key of `GET /api/portal/auth-status`; login, accepting an invitation and logout update it. */
export const PORTAL_AUTH_KEY = ['portal', 'auth-status'] as const;

/** As the admin's: the session check is cached for 5 minutes and not retried. */
const AUTH_STATUS_STALE_MS = 5 * 60 * 1000;

/** A portal user, or an admin viewing the clinic read-only (docs/portal.md: `viewAs`, shown as its staff see it). */
export type PortalViewer = PortalUser & { viewAs?: true };

/** An admin's read-only view of a clinic, as the portal's user; null when this session views none (or is no admin's). */
async function fetchViewingAdmin(signal?: AbortSignal): Promise<PortalViewer | null> {
  try {
    const view = await api.call(routes.getViewAs, {}, { signal });
    return view && { id: 0, email: '', name: 'The agency (read-only view)', clientId: view.clientId, clientName: view.clientName, role: 'staff', viewAs: true };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** The signed-in clinic user (or a viewing admin), or null when the gateway says 401 (not signed in to the portal). */
export async function fetchPortalUser(signal?: AbortSignal): Promise<PortalViewer | null> {
  try {
    return (await api.call(sessionRoutes.portalAuthStatus, {}, { signal })).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return fetchViewingAdmin(signal);
    throw error;
  }
}

export function usePortalUser() {
  return useQuery({
    queryKey: PORTAL_AUTH_KEY,
    queryFn: ({ signal }) => fetchPortalUser(signal),
    staleTime: AUTH_STATUS_STALE_MS,
    retry: false,
  });
}

/** The tab title of a portal screen, e.g. 'Leads | Clinic Portal'. */
export const portalTitle = (page: string) => `${page} | Clinic Portal`;

/** The one-time token of an e-mailed link: in the fragment (`#token=…`), so it never reaches a server's logs. */
export function linkTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
