import { ApiError, sessionRoutes, type PortalUser } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** The cache key of `GET /api/portal/auth-status`; login, accepting an invitation and logout update it. */
export const PORTAL_AUTH_KEY = ['portal', 'auth-status'] as const;

/** As the admin's: the session check is cached for 5 minutes and not retried. */
const AUTH_STATUS_STALE_MS = 5 * 60 * 1000;

/** The signed-in clinic user, or null when the gateway says 401 (not signed in to the portal). */
export async function fetchPortalUser(signal?: AbortSignal): Promise<PortalUser | null> {
  try {
    return (await api.call(sessionRoutes.portalAuthStatus, {}, { signal })).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
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
