import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { PagePathService } from './page-path.service';

/** Who uses a page before its path changes (docs/admin.md#page-paths). */
export const pagePathHandlers = (pagePaths: PagePathService): Pick<RouteHandlers<'templates'>, 'getTemplatePageImpact' | 'getServicePageImpact'> => ({
  getTemplatePageImpact: ({ params }, request) => pagePaths.templateImpact(actorOf(request), params.id),
  getServicePageImpact: ({ params }, request) => pagePaths.serviceImpact(actorOf(request), params.id),
});
