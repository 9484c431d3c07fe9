import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ResultsService } from './results.service';

/** Results: admin rows. */
export const resultsHandlers = (results: ResultsService): Pick<RouteHandlers<'leads'>, 'getResultsSummary' | 'getResultsBreakdown'> => ({
  getResultsSummary: ({ query }, request) => results.summary(actorOf(request), query),
  getResultsBreakdown: ({ query }, request) => results.breakdown(actorOf(request), query),
});
