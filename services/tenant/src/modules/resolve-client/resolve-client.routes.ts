import type { RouteHandlers } from '@hap/service-kit';
import type { PageContextService } from './page-context.service';
import type { ResolveClientService } from './resolve-client.service';

/**
 * GET /api/resolve-client: the page's client from host, path, ?client= and
 * session (read from the database each time: pages do not call it);
 * GET /api/page-context: the same with the client's branding and team, so a
 * page renders after one call (cached, see PageContextService).
 */
export const resolveClientHandlers = (
  resolver: ResolveClientService,
  pages: PageContextService,
): Pick<RouteHandlers<'tenant'>, 'resolveClient' | 'getPageContext'> => ({
  resolveClient: ({ query }) => resolver.resolve(query),
  getPageContext: ({ query }) => pages.pageContext(query),
});
