import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ExperimentService } from './experiment.service';

type ExperimentRows = 'createExperiment' | 'listExperiments' | 'getExperiment' | 'updateExperiment' | 'pauseExperiment' | 'resumeExperiment' | 'stopExperiment';

/** /api/experiments: admins only. */
export const experimentHandlers = (experiments: ExperimentService): Pick<RouteHandlers<'templates'>, ExperimentRows> => ({
  createExperiment: ({ body }, request) => experiments.create(actorOf(request), body),
  listExperiments: ({ query }, request) => experiments.list(actorOf(request), query.clientId),
  getExperiment: ({ params }, request) => experiments.get(actorOf(request), params.id),
  updateExperiment: ({ params, body }, request) => experiments.update(actorOf(request), params.id, body),
  pauseExperiment: ({ params }, request) => experiments.pause(actorOf(request), params.id),
  resumeExperiment: ({ params }, request) => experiments.resume(actorOf(request), params.id),
  stopExperiment: ({ params, body }, request) => experiments.stop(actorOf(request), params.id, body.winner),
});
