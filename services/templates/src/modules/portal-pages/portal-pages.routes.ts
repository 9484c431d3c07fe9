import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { PortalPagesService } from './portal-pages.service';

/** GET /api/portal/pages: access 'clinic'; the clinic is the identity's. */
export const portalPagesHandlers = (pages: PortalPagesService): Pick<RouteHandlers<'templates'>, 'listPortalPages'> => ({
  listPortalPages: (_input, request) => pages.pages(actorOf(request)),
});
