import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { RolloutService } from './rollout.service';

type RolloutOperations =
  | 'listTemplateVersions'
  | 'listTemplateClinics'
  | 'getClientServiceDiff'
  | 'createTemplatePush'
  | 'listTemplatePushes'
  | 'getTemplatePush'
  | 'rollbackClientService'
  | 'updateClientServiceVersion';

/** Template rollout's routes (docs/template-rollout.md). */
export const rolloutHandlers = (rollout: RolloutService): Pick<RouteHandlers<'templates'>, RolloutOperations> => ({
  listTemplateVersions: ({ params }, request) => rollout.versions(actorOf(request), params.id),
  listTemplateClinics: ({ params }, request) => rollout.clinics(actorOf(request), params.id),
  getClientServiceDiff: ({ params, query }, request) => rollout.diff(actorOf(request), params.id, query.version),
  createTemplatePush: ({ params, body }, request) => rollout.push(actorOf(request), params.id, body),
  listTemplatePushes: ({ params, query }, request) => rollout.pushes(actorOf(request), params.id, query.before),
  getTemplatePush: ({ params }, request) => rollout.getPush(actorOf(request), params.pushId),
  rollbackClientService: ({ params, body }, request) => rollout.rollback(actorOf(request), params.id, body.pushId),
  updateClientServiceVersion: ({ params, body }, request) => rollout.setPinned(actorOf(request), params.id, body.pinned),
});
