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
  type PortalLeadDetail,
  type PortalLeadList,
  type LeadTimeline,
  type SmsReply,
  type TimelineMessage,
} from '@hap/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../lib/api';
import { apiDateBounds, type LeadFilters } from './lead-filters';

/**
 * Whose inbox the lead screens serve: the agency's (every clinic, the admin
 * rows) or a clinic user's in the portal (docs/portal.md: the portal rows, whose
 * clinic is the signed identity's). The table, the status select and the
 * detail are the same components in both.
 */
export type LeadsScope = 'admin' | 'portal';
export const LeadsScopeContext = createContext<LeadsScope>('admin');
export const useLeadsScope = (): LeadsScope => useContext(LeadsScopeContext);

const LEADS_KEY = ['admin', 'leads'] as const;
const PORTAL_LEADS_KEY = ['portal', 'leads'] as const;
const keyOf = (scope: LeadsScope) => (scope === 'portal' ? PORTAL_LEADS_KEY : LEADS_KEY);

/** What the list, counts and export send: the filters with the admin's local days as instants. */
function apiFilters(filters: LeadFilters) {
  return {
    clientId: filters.clientId === undefined ? undefined : String(filters.clientId),
    serviceId: filters.serviceId === undefined ? undefined : String(filters.serviceId),
    status: filters.status,
    q: filters.q,
    delivery: filters.delivery,
    assigneeId: filters.assigneeId === undefined ? undefined : String(filters.assigneeId),
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

/** A clinic's leads in the portal: the admin's filters without the clinic (the identity's) or the delivery filter. */
export function usePortalLeads(filters: Omit<LeadFilters, 'clientId' | 'delivery'>, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...PORTAL_LEADS_KEY, 'list', filters, page, pageSize],
    queryFn: ({ signal }): Promise<PortalLeadList> => {
      const { clientId: _clientId, delivery: _delivery, ...query } = apiFilters(filters);
      return api.call(routes.listPortalLeads, { query: { ...query, page: String(page), pageSize: String(pageSize) } }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useLead(id: number | null) {
  const scope = useLeadsScope();
  return useQuery({
    queryKey: [...keyOf(scope), 'detail', id],
    queryFn: ({ signal }): Promise<LeadDetail | PortalLeadDetail> =>
      scope === 'portal'
        ? api.call(routes.getPortalLead, { params: { id: String(id) } }, { signal })
        : api.call(routes.getLead, { params: { id: String(id) } }, { signal }),
    enabled: id !== null,
    // While a delivery is on its way (a conversion just queued by a status change), the detail follows it.
    refetchInterval: (query) => (query.state.data && 'deliveries' in query.state.data && query.state.data.deliveries.some((d) => d.status === 'pending' || d.status === 'queued') ? 2000 : false),
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
  const scope = useLeadsScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, from }: { id: number; status: LeadStatus; from: LeadStatus }): Promise<LeadDetail | PortalLeadDetail> =>
      scope === 'portal'
        ? api.call(routes.updatePortalLeadStatus, { params: { id: String(id) }, body: { status, from } })
        : api.call(routes.updateLeadStatus, { params: { id: String(id) }, body: { status, from } }),
    onSuccess: (lead) => {
      queryClient.setQueryData([...keyOf(scope), 'detail', lead.id], lead);
      // The portal's live count of new leads (under the same key) follows a first contact at once.
      void queryClient.invalidateQueries({ queryKey: keyOf(scope) });
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

/**
 * A lead's one timeline (docs/speed-to-lead.md#conversations): followed every 5 s while open, so the patient's
 * answer appears without a reload.
 */
export function useLeadTimeline(id: number) {
  const scope = useLeadsScope();
  return useQuery({
    queryKey: [...keyOf(scope), 'timeline', id],
    queryFn: ({ signal }): Promise<LeadTimeline> =>
      scope === 'portal'
        ? api.call(routes.getPortalLeadTimeline, { params: { id: String(id) } }, { signal })
        : api.call(routes.getLeadTimeline, { params: { id: String(id) } }, { signal }),
    refetchInterval: 5_000,
  });
}

/** The clinic texts the lead's patient (the portal only); the first text moves a new lead to contacted, so the list and detail follow. */
export function useSendLeadSms(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsReply): Promise<TimelineMessage> => api.call(routes.sendPortalLeadSms, { params: { id: String(id) }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PORTAL_LEADS_KEY }),
  });
}
