import { actorOf, type RouteHandlers } from '@hap/service-kit';
import { exportFileName } from './lead-admin.rules';
import type { LeadAdminService } from './lead-admin.service';

type LeadAdminOperations = 'listLeads' | 'getLeadCounts' | 'getNewLeads' | 'exportLeads' | 'getLead' | 'updateLeadStatus' | 'updateLeadsStatus' | 'retryLeadDelivery';

/** The admin Leads inbox: every row is access 'admin'. */
export const leadAdminHandlers = (admin: LeadAdminService): Pick<RouteHandlers<'leads'>, LeadAdminOperations> => ({
  listLeads: ({ query }, request) => admin.list(actorOf(request), query),
  getLeadCounts: ({ query }, request) => admin.counts(actorOf(request), query),
  // Polled by every open admin; the row's ETag turns an unchanged answer into a 304 (the kit's routes.ts).
  getNewLeads: (_input, request) => admin.newLeads(actorOf(request)),
  exportLeads: async ({ query }, request, reply) => {
    const csv = await admin.exportCsv(actorOf(request), query, request.log);
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(query.clientId, new Date())}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(csv);
  },
  getLead: ({ params }, request) => admin.get(actorOf(request), params.id),
  updateLeadStatus: ({ params, body }, request) => admin.updateStatus(actorOf(request), params.id, body),
  updateLeadsStatus: ({ body }, request) => admin.updateStatuses(actorOf(request), body),
  retryLeadDelivery: ({ params }, request) => admin.retryDelivery(actorOf(request), params.id),
});
