import { actorOf, forbidden, isService, type RouteHandlers } from '@hap/service-kit';
import type { DataSource } from 'typeorm';
import { experimentCounts } from './experiment-counts.repository';

/** POST /internal/experiment-counts: the templates service only. */
export const experimentCountsHandlers = (dataSource: DataSource): Pick<RouteHandlers<'leads'>, 'readExperimentCounts'> => ({
  readExperimentCounts: ({ body }, request) => {
    if (!isService(actorOf(request).identity, 'templates')) throw forbidden('Only the templates service reads experiment counts.');
    return experimentCounts(dataSource, body.experiments);
  },
});
