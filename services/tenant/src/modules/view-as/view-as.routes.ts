import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ViewAsService } from './view-as.service';

/** /api/admin/view-as (admin): the read-only view of a clinic's portal. */
export const viewAsHandlers = (views: ViewAsService): Pick<RouteHandlers<'tenant'>, 'startViewAs' | 'getViewAs' | 'endViewAs'> => ({
  startViewAs: ({ body }, request) => views.start(actorOf(request), body.clientId),
  getViewAs: (_input, request) => views.current(actorOf(request)),
  endViewAs: (_input, request) => views.end(actorOf(request)),
});
