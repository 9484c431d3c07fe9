import type { RouteHandlers } from '@hap/service-kit';
import type { ClientService } from '../client/client.service';
import type { ResolveClientService } from './resolve-client.service';

/**
 * GET /api/resolve-client: the page's client from host, path, ?client= and
 * session; GET /api/page-context: the same with the client's branding, so a
 * page renders after one call.
 */
export const resolveClientHandlers = (
  resolver: ResolveClientService,
  clients: ClientService,
): Pick<RouteHandlers<'tenant'>, 'resolveClient' | 'getPageContext'> => ({
  resolveClient: ({ query }) => resolver.resolve(query),
  getPageContext: async ({ query }) => {
    const resolution = await resolver.resolve(query);
    return { resolution, client: await clients.branding(resolution.clientId) };
  },
});
