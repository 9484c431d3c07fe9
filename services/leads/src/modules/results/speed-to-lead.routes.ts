import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { SpeedToLeadService } from './speed-to-lead.service';

/** Speed to lead: the agency's for any clinic, the portal's for the identity's clinic. */
export const speedToLeadHandlers = (speed: SpeedToLeadService): Pick<RouteHandlers<'leads'>, 'getSpeedToLead' | 'getPortalSpeedToLead'> => ({
  getSpeedToLead: ({ query }, request) => speed.forAdmin(actorOf(request), query),
  getPortalSpeedToLead: ({ query }, request) => speed.forPortal(actorOf(request), query),
});
