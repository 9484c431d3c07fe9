import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ServicePageService } from './service-page.service';

/** POST /api/services, PATCH /api/services/:id: the Services Management form (admin spec §7). */
export const servicePageHandlers = (pages: ServicePageService): Pick<RouteHandlers<'templates'>, 'createService' | 'updateService'> => ({
  createService: ({ body }, request) => pages.create(actorOf(request), body),
  updateService: ({ params, body }, request) => pages.update(actorOf(request), params.id, body),
});
