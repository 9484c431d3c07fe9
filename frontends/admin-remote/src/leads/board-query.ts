import { routes, type Board, type LeadStatus } from '@hap/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { apiDateBounds } from './lead-filters';
import { useLeadsScope } from './leads-query';

/** The board's filters (docs/leads.md#pipeline-board): the list's service and period, and the source. */
export interface BoardFilters {
  clientId?: number;
  serviceId?: number;
  from?: string;
  to?: string;
  source?: string;
  /** Whose leads: a user id, `none`, or (the portal's) `me` (docs/leads.md#assignment). */
  assigneeId?: number | 'me' | 'none';
}

/** Under the scope's leads key, so a status change (useUpdateLeadStatus) refreshes the board too. */
const boardKey = (scope: 'admin' | 'portal', filters: BoardFilters) => [scope, 'leads', 'board', filters] as const;

export function useBoard(filters: BoardFilters) {
  const scope = useLeadsScope();
  return useQuery({
    queryKey: boardKey(scope, filters),
    queryFn: ({ signal }): Promise<Board> => {
      const query = {
        serviceId: filters.serviceId === undefined ? undefined : String(filters.serviceId),
        source: filters.source,
        assigneeId: filters.assigneeId === undefined ? undefined : String(filters.assigneeId),
        ...apiDateBounds(filters.from, filters.to),
      };
      return scope === 'portal'
        ? api.call(routes.getPortalLeadsBoard, { query }, { signal })
        : api.call(routes.getLeadsBoard, { query: { ...query, clientId: filters.clientId === undefined ? undefined : String(filters.clientId) } }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * Moves a card in the cached board at once (optimistic), and answers how to
 * undo it; the status change itself is useUpdateLeadStatus's.
 */
export function useMoveOnBoard(filters: BoardFilters) {
  const scope = useLeadsScope();
  const queryClient = useQueryClient();
  return (id: number, to: LeadStatus): (() => void) => {
    const key = boardKey(scope, filters);
    const before = queryClient.getQueryData<Board>(key);
    if (!before) return () => undefined;
    const card = before.columns.flatMap((c) => c.items).find((item) => item.id === id);
    if (!card) return () => undefined;
    queryClient.setQueryData<Board>(key, {
      columns: before.columns.map((column) => {
        if (column.status === card.status) return { ...column, count: column.count - 1, items: column.items.filter((item) => item.id !== id) };
        if (column.status === to) return { ...column, count: column.count + 1, items: [{ ...card, status: to }, ...column.items] };
        return column;
      }),
    });
    return () => queryClient.setQueryData(key, before);
  };
}
