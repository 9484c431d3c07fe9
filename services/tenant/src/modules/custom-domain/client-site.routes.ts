import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ClientSiteService } from './client-site';

/** `GET /internal/clients/:id/site`: where a clinic's site is (its own domain, or none), for backend services. */
export const clientSiteHandlers = (sites: ClientSiteService): Pick<RouteHandlers<'tenant'>, 'getClientSite'> => ({
  getClientSite: ({ params }, request) => sites.site(actorOf(request), params.id),
});
