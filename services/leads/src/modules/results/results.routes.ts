import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { PacingService } from './pacing.service';
import type { ResultsService } from './results.service';

/** Results and budget pacing: admin rows. */
export const resultsHandlers = (results: ResultsService, pacing: PacingService): Pick<RouteHandlers<'leads'>, 'getResultsSummary' | 'getResultsBreakdown' | 'getBudgetPacing'> => ({
  getResultsSummary: ({ query }, request) => results.summary(actorOf(request), query),
  getResultsBreakdown: ({ query }, request) => results.breakdown(actorOf(request), query),
  getBudgetPacing: ({ query }, request) => pacing.pacing(actorOf(request), query),
});
