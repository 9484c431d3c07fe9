import { ApiError, sessionRoutes, type User } from '@hap/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';

/** The cache key of `GET /api/admin/auth-status`; login and logout update it. */
export const AUTH_STATUS_KEY = ['admin', 'auth-status'] as const;

/** docs/admin.md#roles: the session check is cached for 5 minutes and not retried (the portal's too). */
const AUTH_STATUS_STALE_MS = 5 * 60 * 1000;

/** A session check's query (the admin's, the portal's): `fetchUser` resolves to null when signed out. */
export function useSessionCheck<T>(queryKey: readonly string[], fetchUser: (signal?: AbortSignal) => Promise<T | null>) {
  return useQuery({ queryKey, queryFn: ({ signal }) => fetchUser(signal), staleTime: AUTH_STATUS_STALE_MS, retry: false });
}

/** The call's answer, or `otherwise()` when the gateway refuses it with one of `statuses` (401: not signed in). */
export async function unlessRefused<T, U>(call: Promise<T>, statuses: readonly number[], otherwise: () => U | Promise<U>): Promise<T | U> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && statuses.includes(error.status)) return otherwise();
    throw error;
  }
}

/** The signed-in admin; `mfaSetupRequired`: the session opens only the Security screen until two-factor sign-in is on. */
export type AuthUser = User & { mfaSetupRequired?: boolean };

/** The signed-in user, or null when the gateway says 401 (not logged in). */
export function fetchAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  const status = api.call(sessionRoutes.adminAuthStatus, {}, { signal });
  return unlessRefused(
    status.then((s): AuthUser => (s.mfaSetupRequired ? { ...s.user, mfaSetupRequired: true } : s.user)),
    [401],
    () => null,
  );
}

export function useAuthUser() {
  return useSessionCheck(AUTH_STATUS_KEY, fetchAuthUser);
}

/**
 * A session can end while the cached auth-status still says "admin" (idle or
 * absolute expiry, logout elsewhere). The first 401 from any other query or
 * mutation marks the user signed out, so the guard sends them to the login
 * instead of leaving an error panel whose Try Again fails the same way.
 */
export function useSignOutOnUnauthorized(authKey: readonly string[] = AUTH_STATUS_KEY): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signedOut = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(authKey, null);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.query.queryKey !== authKey) {
        signedOut(event.action.error);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') signedOut(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, authKey]);
}
