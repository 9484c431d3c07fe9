import {
  buildPath,
  buildQuery,
  routes,
  type LeadBulkStatusResult,
  type LeadCounts,
  type LeadDelivery,
  type LeadDetail,
  type LeadList,
  type LeadStatus,
  type CallResult,
} from '@hap/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { apiDateBounds, type LeadFilters } from './lead-filters';

const LEADS_KEY = ['admin', 'leads'] as const;

/** What the list, counts and export send: the filters with the admin's local days as instants. */
function apiFilters(filters: LeadFilters) {
  return {
    clientId: filters.clientId === undefined ? undefined : String(filters.clientId),
    serviceId: filters.serviceId === undefined ? undefined : String(filters.serviceId),
    status: filters.status,
    q: filters.q,
    delivery: filters.delivery,
    ...apiDateBounds(filters.from, filters.to),
  };
}

export function useLeads(filters: LeadFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...LEADS_KEY, 'list', filters, page, pageSize],
    queryFn: ({ signal }): Promise<LeadList> =>
      api.call(routes.listLeads, { query: { ...apiFilters(filters), page: String(page), pageSize: String(pageSize) } }, { signal }),
    // The table keeps its rows while the next page or filter loads (no jump to a spinner).
    placeholderData: keepPreviousData,
  });
}

/** One clinic's counts; none in the 'All clinics' view. */
export function useLeadCounts(filters: Pick<LeadFilters, 'clientId' | 'from' | 'to'>) {
  return useQuery({
    queryKey: [...LEADS_KEY, 'counts', filters.clientId, filters.from, filters.to],
    queryFn: ({ signal }): Promise<LeadCounts> =>
      api.call(routes.getLeadCounts, { query: { clientId: String(filters.clientId), ...apiDateBounds(filters.from, filters.to) } }, { signal }),
    enabled: filters.clientId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The selected leads to one status, all or none (POST /api/leads/status). */
export function useUpdateLeadsStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; status: LeadStatus }): Promise<LeadBulkStatusResult> => api.call(routes.updateLeadsStatus, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}

export function useLead(id: number | null) {
  return useQuery({
    queryKey: [...LEADS_KEY, 'detail', id],
    queryFn: ({ signal }): Promise<LeadDetail> => api.call(routes.getLead, { params: { id: String(id) } }, { signal }),
    enabled: id !== null,
    // While a delivery is on its way (a conversion just queued by a status change), the detail follows it.
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'queued') ? 2000 : false),
  });
}

/** A clinic's services (inactive ones too, for an admin): the service filter's options. */
export function useClientServices(clientId: number | undefined) {
  return useQuery({
    enabled: clientId !== undefined,
    queryKey: ['admin', 'client-services', clientId],
    queryFn: ({ signal }): Promise<CallResult<typeof routes.listServicesForClient>> =>
      api.call(routes.listServicesForClient, { params: { clientId: String(clientId) } }, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, from }: { id: number; status: LeadStatus; from: LeadStatus }): Promise<LeadDetail> =>
      api.call(routes.updateLeadStatus, { params: { id: String(id) }, body: { status, from } }),
    onSuccess: (lead) => {
      queryClient.setQueryData([...LEADS_KEY, 'detail', lead.id], lead);
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    },
  });
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<LeadDelivery> => api.call(routes.retryLeadDelivery, { params: { id: String(id) } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}

/** The CSV export's URL for one clinic's filters (a plain link: the browser downloads it with the session cookie). */
export function exportUrl(filters: LeadFilters & { clientId: number }): string {
  return buildPath(routes.exportLeads.path, undefined) + buildQuery(apiFilters(filters));
}
