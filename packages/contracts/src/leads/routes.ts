import { IdParamSchema } from '../envelope';
import { defineRoute } from '../route-contract';
import { AuditPageSchema, AuditQuerySchema } from '../audit';
import { LeadFormPostSchema, LeadReceiptSchema, LeadSubmitSchema } from './lead';
import {
  LeadCountsQuerySchema,
  LeadCountsSchema,
  LeadDeliverySchema,
  LeadDetailSchema,
  LeadExportQuerySchema,
  LeadListQuerySchema,
  LeadListSchema,
  LeadStatusUpdateSchema,
  LeadBulkStatusResultSchema,
  LeadBulkStatusUpdateSchema,
} from './admin';
import { LEAD_BODY_LIMIT, LEAD_FORM_BODY_LIMIT, LEAD_FORM_PATH, LEAD_SUBMIT_PATH } from './lead-wire';
import { ResultsBreakdownQuerySchema, ResultsBreakdownSchema, ResultsQuerySchema, ResultsSummarySchema } from '../results/results';

/** leads: the public lead form and the admin Leads inbox (issue 7). */
export const leadsRoutes = {
  submitLead: defineRoute({
    operation: 'submitLead',
    method: 'POST',
    path: LEAD_SUBMIT_PATH,
    owner: 'leads',
    access: 'public',
    summary:
      'A visitor’s lead form (public spec §5): stored with its attribution, consent and delivery outbox in one transaction before the answer. ' +
      'An `Idempotency-Key` header makes a retried submission answer the first one’s receipt instead of storing a second lead. ' +
      'While the database cannot be reached the lead is held in Redis and answered 202 with the reference it will be stored under; 503 only when neither can take it.',
    body: LeadSubmitSchema,
    bodyLimit: LEAD_BODY_LIMIT,
    status: 201,
    otherStatuses: [202],
    data: LeadReceiptSchema,
    errors: [404, 409, 422],
  }),
  submitLeadForm: defineRoute({
    operation: 'submitLeadForm',
    method: 'POST',
    path: LEAD_FORM_PATH,
    owner: 'leads',
    access: 'public',
    summary:
      'The lead form as a browser posts it when the page’s script is not running (switched off, or failed to load): the same rules and storage as `submitLead`. ' +
      'A taken lead sends the browser to the thank-you page (303); a refused one answers a page with the reasons and a way back. The same form posted twice within ten minutes is one lead.',
    body: LeadFormPostSchema,
    form: true,
    bodyLimit: LEAD_FORM_BODY_LIMIT,
    redirect: true,
    status: 303,
    errors: [404, 409, 422],
  }),
  listLeads: defineRoute({
    operation: 'listLeads',
    method: 'GET',
    path: '/api/leads',
    owner: 'leads',
    access: 'admin',
    summary:
      'A clinic’s leads (every clinic’s without clientId), newest first, one page: filters by service, status, period (from inclusive, to through that day) and text (name, e-mail, phone, reference).',
    query: LeadListQuerySchema,
    data: LeadListSchema,
  }),
  getLeadCounts: defineRoute({
    operation: 'getLeadCounts',
    method: 'GET',
    path: '/api/leads/counts',
    owner: 'leads',
    access: 'admin',
    summary: 'How many leads a clinic has, by service, by style variant and by status (optionally in a period).',
    query: LeadCountsQuerySchema,
    data: LeadCountsSchema,
  }),
  getResultsSummary: defineRoute({
    operation: 'getResultsSummary',
    method: 'GET',
    path: '/api/results/summary',
    owner: 'leads',
    access: 'admin',
    summary:
      'Results (issue 25): views, visitors, leads, contacted, booked, won, Google Ads spend, clicks and impressions, cost per lead and per booking, lead and booking rates with 95 % Wilson intervals, and a series by day; one clinic (clientId) or agency-wide, from and to inclusive (UTC days, at most 366).',
    query: ResultsQuerySchema,
    data: ResultsSummarySchema,
  }),
  getResultsBreakdown: defineRoute({
    operation: 'getResultsBreakdown',
    method: 'GET',
    path: '/api/results/breakdown',
    owner: 'leads',
    access: 'admin',
    summary: 'The same measures as the summary, a row per service, variant, source or Google Ads campaign (`by`), largest first.',
    query: ResultsBreakdownQuerySchema,
    data: ResultsBreakdownSchema,
  }),
  exportLeads: defineRoute({
    operation: 'exportLeads',
    method: 'GET',
    path: '/api/leads/export.csv',
    owner: 'leads',
    access: 'admin',
    summary: 'Every lead the list’s filters select, as a CSV attachment (cells that a spreadsheet would run as a formula are quoted with a leading apostrophe).',
    query: LeadExportQuerySchema,
    file: 'text/csv',
  }),
  getLead: defineRoute({
    operation: 'getLead',
    method: 'GET',
    path: '/api/leads/:id',
    owner: 'leads',
    access: 'admin',
    summary: 'One lead: its attribution (both touches), consent, deliveries and status history.',
    params: IdParamSchema,
    data: LeadDetailSchema,
    errors: [404],
  }),
  updateLeadStatus: defineRoute({
    operation: 'updateLeadStatus',
    method: 'PATCH',
    path: '/api/leads/:id/status',
    owner: 'leads',
    access: 'admin',
    summary: 'Move a lead along new → contacted → booked → won or lost (corrections back allowed; each change is audited). 409 when `from` is given and the lead has moved on.',
    params: IdParamSchema,
    body: LeadStatusUpdateSchema,
    data: LeadDetailSchema,
    errors: [404, 409],
  }),
  updateLeadsStatus: defineRoute({
    operation: 'updateLeadsStatus',
    method: 'POST',
    path: '/api/leads/status',
    owner: 'leads',
    access: 'admin',
    summary:
      'Move the selected leads (at most 100) to one status in one transaction: each move audited as a single change is, a lead already there left as it is. 404 naming the leads that do not exist, and nothing changes.',
    body: LeadBulkStatusUpdateSchema,
    data: LeadBulkStatusResultSchema,
    errors: [404, 503],
  }),
  retryLeadDelivery: defineRoute({
    operation: 'retryLeadDelivery',
    method: 'POST',
    path: '/api/lead-deliveries/:id/retry',
    owner: 'leads',
    access: 'admin',
    summary: 'Send a failed delivery again: it goes back to pending and the outbox relay queues it with a fresh set of tries. 409 unless it failed.',
    params: IdParamSchema,
    data: LeadDeliverySchema,
    errors: [404, 409, 503],
  }),
  listLeadsAuditLog: defineRoute({
    operation: 'listLeadsAuditLog',
    method: 'GET',
    path: '/api/audit-log/leads',
    owner: 'leads',
    access: 'admin',
    summary: 'Admin changes recorded by leads, newest first: who, what, when, before and after.',
    query: AuditQuerySchema,
    data: AuditPageSchema,
  }),
} as const;
