import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { PortalService } from './portal.service';

type PortalOperations = 'listPortalLeads' | 'getPortalNewLeads' | 'getPortalLead' | 'updatePortalLeadStatus' | 'getPortalResultsSummary';

/** The clinic portal's leads and results: every row is access 'clinic'; the clinic is the identity's. */
export const portalHandlers = (portal: PortalService): Pick<RouteHandlers<'leads'>, PortalOperations> => ({
  listPortalLeads: ({ query }, request) => portal.list(actorOf(request), query),
  // Polled by every open portal; the row's ETag turns an unchanged answer into a 304 (the kit's routes.ts).
  getPortalNewLeads: (_input, request) => portal.newLeads(actorOf(request)),
  getPortalLead: ({ params }, request) => portal.get(actorOf(request), params.id),
  updatePortalLeadStatus: ({ params, body }, request) => portal.updateStatus(actorOf(request), params.id, body),
  getPortalResultsSummary: ({ query }, request) => portal.resultsSummary(actorOf(request), query),
});
