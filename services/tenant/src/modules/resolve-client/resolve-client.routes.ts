import type { RouteHandlers } from '@hap/service-kit';
import type { ClientService } from '../client/client.service';
import type { StaffMemberService } from '../staff-member/staff-member.service';
import type { ResolveClientService } from './resolve-client.service';

/**
 * GET /api/resolve-client: the page's client from host, path, ?client= and
 * session; GET /api/page-context: the same with the client's branding and team, so a
 * page renders after one call.
 */
export const resolveClientHandlers = (
  resolver: ResolveClientService,
  clients: ClientService,
  staff: StaffMemberService,
): Pick<RouteHandlers<'tenant'>, 'resolveClient' | 'getPageContext'> => ({
  resolveClient: ({ query }) => resolver.resolve(query),
  getPageContext: async ({ query }) => {
    const resolution = await resolver.resolve(query);
    const [client, team] = await Promise.all([clients.branding(resolution.clientId), staff.listForClient(resolution.clientId)]);
    return { resolution, client, staff: client ? team.map(({ createdAt: _createdAt, ...member }) => member) : [] };
  },
});
