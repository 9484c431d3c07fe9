import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ClientServiceService } from './client-service.service';

type ClientServiceOperations =
  | 'listClientTemplates'
  | 'activateTemplate'
  | 'deactivateTemplate'
  | 'createClientService'
  | 'updateClientService'
  | 'updateClientServiceById'
  | 'listClientServices'
  | 'listServicesForClient'
  | 'listServiceNames';

/** A client's services: activation, the editor's writes and the lists (docs/admin.md#calls, docs/public-site.md#calls). */
export const clientServiceHandlers = (services: ClientServiceService): Pick<RouteHandlers<'templates'>, ClientServiceOperations> => ({
  listClientTemplates: ({ params }) => services.listActiveTemplates(params.clientId),
  activateTemplate: ({ body }, request) => services.activate(actorOf(request), body),
  deactivateTemplate: ({ query }, request) => services.deactivate(actorOf(request), query.clientId, query.templateId, query.confirm),
  createClientService: ({ body }, request) => services.create(actorOf(request), body),
  updateClientService: ({ params, body }, request) => services.update(actorOf(request), params.id, body),
  updateClientServiceById: ({ body }, request) => services.update(actorOf(request), body.id, body.fields),
  listClientServices: ({ params, query }, request) => services.list(actorOf(request), params.id, query.isActive),
  listServiceNames: ({ body }, request) => services.names(actorOf(request), body.ids),
  listServicesForClient: async ({ params }, request) => {
    const answer = await services.list(actorOf(request), params.clientId);
    return answer.data.map((s) => ({
      id: s.id,
      name: s.name ?? '',
      path: s.path ?? '',
      isActive: s.isActive,
      templateId: Number(s.templateId),
      clientId: s.clientId,
    }));
  },
});
