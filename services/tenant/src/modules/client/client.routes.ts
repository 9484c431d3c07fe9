import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ClientService } from './client.service';

type ClientOperations = 'listClients' | 'searchClients' | 'createClient' | 'getClient' | 'updateClient' | 'deleteClient' | 'getTrackingSettings' | 'rotateClientWebhookSecret' | 'listClinicAdsAccounts' | 'listClinicAdBudgets';

/** /api/clients… (docs/admin.md#calls, docs/public-site.md#calls). */
export const clientHandlers = (clients: ClientService): Pick<RouteHandlers<'tenant'>, ClientOperations> => ({
  listClients: (_input, request) => clients.list(actorOf(request)),
  searchClients: ({ query }, request) => clients.search(actorOf(request), query),
  createClient: ({ body }, request) => clients.create(actorOf(request), body),
  getClient: ({ params, query }, request) => clients.get(actorOf(request), params.id, query.optimized),
  updateClient: ({ params, body }, request) => clients.update(actorOf(request), params.id, body),
  deleteClient: ({ params }, request) => clients.remove(actorOf(request), params.id),
  rotateClientWebhookSecret: ({ params }, request) => clients.rotateWebhookSecret(actorOf(request), params.id),
  getTrackingSettings: ({ params }) => clients.trackingSettings(params.id),
  listClinicAdsAccounts: (_input, request) => clients.adsAccounts(actorOf(request)),
  listClinicAdBudgets: (_input, request) => clients.adBudgets(actorOf(request)),
});
