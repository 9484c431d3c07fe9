import { IDEMPOTENCY_HEADER } from '@hap/contracts';
import type { RouteHandlers } from '@hap/service-kit';
import { clientAddress, userAgentOf } from './lead.rules';
import type { LeadService } from './lead.service';

/** POST /api/leads (public spec §5, §7). */
export const leadHandlers = (leads: LeadService): Pick<RouteHandlers<'leads'>, 'submitLead'> => ({
  submitLead: ({ body }, request) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return leads.submit(body, {
      requestId: request.id,
      idempotencyKey: Array.isArray(key) ? key[0] : key,
      ip: clientAddress(request.headers['x-forwarded-for']),
      userAgent: userAgentOf(request.headers['user-agent']),
      log: request.log,
    });
  },
});
