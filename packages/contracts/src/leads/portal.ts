import { z } from 'zod';
import { pagedSchema } from '../paging';
import { dayRange, isoDay } from '../ads/performance';
import { ResultsDaySchema, ResultsMeasuresSchema } from '../results/results';
import {
  FROM_AFTER_TO,
  fromBeforeTo,
  leadFilterShape,
  leadPageShape,
  LeadListItemSchema,
  LeadStatusChangeSchema,
  LeadDetailSchema,
} from './admin';
import { LeadConsentSchema } from './lead';

/**
 * The clinic portal's leads and results. Every row is
 * access 'clinic': the clinic is the signed identity's, never a parameter, so
 * no query here has a clientId. A clinic sees its leads as the admin's inbox
 * shows them, less what only the agency works with (services/leads/README.md,
 * "Clinic portal"): the delivery pipeline (deliveries, failed-delivery counts
 * and filter, the service check), the consent's IP address and user agent
 * (evidence the agency keeps), and which agency admin changed a status.
 */

const { clientId: _clientId, delivery: _delivery, ...portalFilterShape } = leadFilterShape;

/** GET /api/portal/leads: the admin list's filters and page, without clientId (the identity's) or the delivery filter. */
export const PortalLeadListQuerySchema = z.object({ ...portalFilterShape, ...leadPageShape }).refine(fromBeforeTo, FROM_AFTER_TO);
export type PortalLeadListQuery = z.output<typeof PortalLeadListQuerySchema>;
export type PortalLeadListQueryInput = z.input<typeof PortalLeadListQuerySchema>;

/** A lead as the clinic's inbox lists it: the admin's item without its failed deliveries. */
export const PortalLeadListItemSchema = LeadListItemSchema.omit({ failedDeliveries: true });
export type PortalLeadListItem = z.infer<typeof PortalLeadListItemSchema>;

export const PortalLeadListSchema = pagedSchema(PortalLeadListItemSchema);
export type PortalLeadList = z.infer<typeof PortalLeadListSchema>;

/** Who made a status change, as a clinic reads it: a colleague by name (else e-mail), the agency as 'Agency'. */
export const PORTAL_AGENCY_ACTOR = 'Agency';

/** GET /api/portal/leads/:id: the lead as the admin's detail shows it, less the delivery pipeline and the consent's IP and user agent. */
export const PortalLeadDetailSchema = PortalLeadListItemSchema.extend({
  message: LeadDetailSchema.shape.message,
  attribution: LeadDetailSchema.shape.attribution,
  consent: LeadConsentSchema,
  statusHistory: z.array(LeadStatusChangeSchema),
  updatedAt: LeadDetailSchema.shape.updatedAt,
});
export type PortalLeadDetail = z.infer<typeof PortalLeadDetailSchema>;

/** GET /api/portal/results/summary: the clinic's own results over a range of UTC days (the clinic is the identity's). */
export const PortalResultsQuerySchema = dayRange(z.object({ from: isoDay('from'), to: isoDay('to') }));
export type PortalResultsQuery = z.output<typeof PortalResultsQuerySchema>;

/** What the portal says when there are no Google Ads figures for the range (the agency's screen says why). */
export const PORTAL_NO_ADS_FIGURES = 'Google Ads figures for this period are not available yet.';

/**
 * The clinic's results: the admin summary's measures and series, without the
 * agency's account states (customer ids, sync states, Google's messages) and
 * with a plain sentence instead of the agency's reason when spend is unknown.
 */
export const PortalResultsSummarySchema = ResultsMeasuresSchema.extend({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first (days without anything are zeros). */
  series: z.array(ResultsDaySchema),
  /** Null when spend is known; else PORTAL_NO_ADS_FIGURES. */
  adsNote: z.string().nullable(),
});
export type PortalResultsSummary = z.infer<typeof PortalResultsSummarySchema>;
