import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ServicePageService } from './service-page.service';

/** GET and PATCH /api/services/:id, POST /api/services: the Services Management form (docs/admin.md#calls). */
export const servicePageHandlers = (pages: ServicePageService): Pick<RouteHandlers<'templates'>, 'getService' | 'createService' | 'updateService'> => ({
  getService: ({ params }, request) => pages.get(actorOf(request), params.id),
  createService: ({ body }, request) => pages.create(actorOf(request), body),
  updateService: ({ params, body }, request) => pages.update(actorOf(request), params.id, body),
});
