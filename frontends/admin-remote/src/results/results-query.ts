import { routes, type BudgetPacing, type ResultsBreakdown, type ResultsBreakdownBy, type ResultsSummary } from '@hap/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { DayRange } from './results-rules';

const RESULTS_KEY = ['admin', 'results'] as const;

const queryOf = (range: DayRange, clientId: number | null) => ({ from: range.from, to: range.to, clientId: clientId === null ? undefined : String(clientId) });

/** One clinic's (or the agency's) summary of a range; the screen keeps showing the last one while the next loads. */
export function useResultsSummary(range: DayRange, clientId: number | null) {
  return useQuery({
    queryKey: [...RESULTS_KEY, 'summary', range, clientId],
    queryFn: ({ signal }): Promise<ResultsSummary> => api.call(routes.getResultsSummary, { query: queryOf(range, clientId) }, { signal }),
    placeholderData: keepPreviousData,
    // Views reach the rollups within a minute: a screen left open catches up.
    refetchInterval: 60_000,
  });
}

export function useResultsBreakdown(by: ResultsBreakdownBy, range: DayRange, clientId: number | null) {
  return useQuery({
    queryKey: [...RESULTS_KEY, 'breakdown', by, range, clientId],
    queryFn: ({ signal }): Promise<ResultsBreakdown> => api.call(routes.getResultsBreakdown, { query: { by, ...queryOf(range, clientId) } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** Budget pacing of this month: one clinic's, or every budgeted clinic's (docs/campaigns.md#budget-pacing). */
export function useBudgetPacing(clientId: number | null) {
  return useQuery({
    queryKey: [...RESULTS_KEY, 'pacing', clientId],
    queryFn: ({ signal }): Promise<BudgetPacing> => api.call(routes.getBudgetPacing, { query: { clientId: clientId === null ? undefined : String(clientId) } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
