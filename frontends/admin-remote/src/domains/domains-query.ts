import { routes, type CustomDomain, type CustomDomainCreate } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { refetchIntervalOf } from './domain-rules';

/**
 * Whose domains: one clinic's for the agency, or the signed-in user's own
 * clinic in the portal (the clinic is the identity's, never a parameter).
 */
export type DomainsScope = { kind: 'admin'; clientId: number } | { kind: 'portal' };

export const domainsKey = (scope: DomainsScope) => (scope.kind === 'admin' ? (['admin', 'domains', scope.clientId] as const) : (['portal', 'domains'] as const));

/** A clinic's domains; read again every few seconds while one is pending, so it turns verified without a reload. */
export function useDomains(scope: DomainsScope) {
  return useQuery({
    queryKey: domainsKey(scope),
    queryFn: ({ signal }): Promise<CustomDomain[]> =>
      scope.kind === 'admin' ? api.call(routes.listClientDomains, { params: { id: scope.clientId } }, { signal }) : api.call(routes.listPortalDomains, {}, { signal }),
    refetchInterval: (query) => refetchIntervalOf(query.state.data),
  });
}

/** The list after a change: the changed domain in place (or gone), then read again. */
function useDomainChange<T, R>(scope: DomainsScope, change: (input: T) => Promise<R>, apply: (list: CustomDomain[], result: R) => CustomDomain[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (result) => {
      queryClient.setQueryData<CustomDomain[]>(domainsKey(scope), (list) => (list ? apply(list, result) : list));
      void queryClient.invalidateQueries({ queryKey: domainsKey(scope) });
    },
  });
}

const replaced = (list: CustomDomain[], domain: CustomDomain) =>
  list.some((d) => d.domain === domain.domain) ? list.map((d) => (d.domain === domain.domain ? domain : d)) : [...list, domain];

export const useAddDomain = (scope: DomainsScope) =>
  useDomainChange(
    scope,
    (body: CustomDomainCreate) =>
      scope.kind === 'admin' ? api.call(routes.addClientDomain, { params: { id: scope.clientId }, body }) : api.call(routes.addPortalDomain, { body }),
    replaced,
  );

export const useCheckDomain = (scope: DomainsScope) =>
  useDomainChange(
    scope,
    (domain: string) =>
      scope.kind === 'admin'
        ? api.call(routes.verifyClientDomain, { params: { id: scope.clientId, domain } })
        : api.call(routes.verifyPortalDomain, { params: { domain } }),
    replaced,
  );

export const useRemoveDomain = (scope: DomainsScope) =>
  useDomainChange(
    scope,
    (domain: string) =>
      scope.kind === 'admin'
        ? api.call(routes.deleteClientDomain, { params: { id: scope.clientId, domain } })
        : api.call(routes.deletePortalDomain, { params: { domain } }),
    (list, removed) => list.filter((d) => d.domain !== removed.domain),
  );
