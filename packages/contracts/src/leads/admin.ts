import { z } from 'zod';
import { pagedSchema } from '../paging';
import { idField, noNul, NUL_MESSAGE, timestamp } from '../fields';
import { LeadConsentSchema } from './lead';

/**
 * The admin Leads inbox: list and filters, a lead's detail with its
 * attribution, consent and deliveries, the status pipeline, counts, CSV
 * export and the retry of a failed delivery. The filter form of the admin
 * screen parses with the same schemas as the API.
 */

/** docs/leads.md#lead-status: new → contacted → booked → won or lost. */
export const LEAD_STATUSES = ['new', 'contacted', 'booked', 'won', 'lost'] as const;
export const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: 'Status must be one of new, contacted, booked, won or lost' });
export type LeadStatus = z.infer<typeof LeadStatusSchema>;

/** What the screen calls each status. */
export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  won: 'Won',
  lost: 'Lost',
};

/**
 * google_ads: the lead's offline click conversion, once it reaches its clinic's conversion status.
 * notify_users: finds which of the clinic's users chose an e-mail for each new lead and adds one user_email
 * delivery per user, each sent, retried and recorded on its own, to its `recipient`; and one user_push per user
 * who chose pushes and has a device subscribed (`recipient` = `push:<userId>`), sent to each of their devices.
 * patient_sms and patient_follow_up are the patient's texts (docs/leads.md#delivery).
 */
export const DELIVERY_CHANNELS = [
  'email',
  'webhook',
  'crm',
  'google_ads',
  'notify_users',
  'user_email',
  'patient_email',
  'patient_sms',
  'patient_follow_up',
  'user_push',
  'user_sms',
  'nudge_users',
  'nudge_agency',
] as const;
/** stopped: a follow-up that no longer goes (the patient booked, replied or opted out, or the clinic moved the lead). */
export const DELIVERY_STATUSES = ['pending', 'queued', 'delivered', 'failed', 'not_configured', 'stopped'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A page of the list holds at most this many leads. */
export const LEADS_MAX_PAGE_SIZE = 100;
export const LEADS_DEFAULT_PAGE_SIZE = 25;

/** A query value the form leaves empty ('') counts as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** `2026-11-23` or `2026-11-23T07:00:00.000Z` (the screen sends the admin's local midnight as an instant). */
const DATE_MESSAGE = 'Must be a date (YYYY-MM-DD)';
const dateBound = z.union([z.iso.date({ error: DATE_MESSAGE }), z.iso.datetime({ offset: true, error: DATE_MESSAGE })], {
  error: DATE_MESSAGE,
});

/**
 * When a `to` bound ends: a bare date takes in that whole day (UTC), a date
 * and time is the exclusive end itself. `from` is always inclusive.
 */
export function dateBoundStart(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
}
export function dateBoundEnd(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const day = new Date(`${value}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

const searchText = z
  .string()
  .trim()
  .max(200, 'Search text must be at most 200 characters')
  .refine(noNul, NUL_MESSAGE);

/** What narrows the leads of one clinic: every field but clientId is optional (the portal's list takes them without clientId, portal.ts). */
export const leadFilterShape = {
  clientId: idField('Client id', { fromText: true }),
  serviceId: optionalQuery(idField('Service id', { fromText: true })),
  status: optionalQuery(LeadStatusSchema),
  from: optionalQuery(dateBound),
  to: optionalQuery(dateBound),
  /** Any part of the name, e-mail, phone (digits are enough) or the reference. */
  q: optionalQuery(searchText),
  /** `failed`: only leads with a delivery that exhausted its tries (for an admin to retry). */
  delivery: optionalQuery(z.enum(['failed'], { error: 'Delivery filter must be failed' })),
  /**
   * Whose leads (docs/leads.md#assignment): a user id, `none` (unassigned) or, in the portal, `me` (the
   * signed-in user).
   */
  assigneeId: optionalQuery(
    z.union([z.enum(['me', 'none']), idField('Assignee', { fromText: true })], { error: 'Assignee must be a user id, me or none' }),
  ),
};

export const fromBeforeTo = (v: { from?: string; to?: string }) => !v.from || !v.to || dateBoundStart(v.from) < dateBoundEnd(v.to);
export const FROM_AFTER_TO = { message: 'The start date must be on or before the end date', path: ['to'] };

const pageNumber = z
  .string()
  .regex(/^\d+$/, 'Page must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'Page must be 1 or more').max(100_000, 'Page is too large'));
const pageSizeNumber = z
  .string()
  .regex(/^\d+$/, 'Page size must be a whole number')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, 'Page size must be 1 or more')
      .max(LEADS_MAX_PAGE_SIZE, `Page size must be at most ${LEADS_MAX_PAGE_SIZE}`),
  );

/** Which page of the list, and how long a page is (the admin's list and the portal's). */
export const leadPageShape = {
  page: z.preprocess(blankToUndefined, pageNumber.optional()).transform((v) => v ?? 1),
  pageSize: z.preprocess(blankToUndefined, pageSizeNumber.optional()).transform((v) => v ?? LEADS_DEFAULT_PAGE_SIZE),
};

/**
 * GET /api/leads?clientId=…: filters and the page. Without clientId the list
 * holds every clinic's leads (the inbox's 'All clinics' view).
 */
export const LeadListQuerySchema = z
  .object({
    ...leadFilterShape,
    clientId: optionalQuery(idField('Client id', { fromText: true })),
    ...leadPageShape,
  })
  .refine(fromBeforeTo, FROM_AFTER_TO);
export type LeadListQuery = z.output<typeof LeadListQuerySchema>;
export type LeadListQueryInput = z.input<typeof LeadListQuerySchema>;

/** GET /api/leads/export.csv: the list's filters, every page. */
export const LeadExportQuerySchema = z.object(leadFilterShape).refine(fromBeforeTo, FROM_AFTER_TO);
export type LeadExportQuery = z.output<typeof LeadExportQuerySchema>;

/** GET /api/leads/counts: one clinic, optionally one period. */
export const LeadCountsQuerySchema = z
  .object({ clientId: leadFilterShape.clientId, from: leadFilterShape.from, to: leadFilterShape.to })
  .refine(fromBeforeTo, FROM_AFTER_TO);
export type LeadCountsQuery = z.output<typeof LeadCountsQuerySchema>;

/** A lead as the list shows it. */
export const LeadListItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  clientId: z.number().int(),
  serviceId: z.number().int(),
  /** The service's name in templates; null when templates could not say. */
  serviceName: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: LeadStatusSchema,
  styleVariant: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  /** Deliveries that exhausted their retries: an admin should look. */
  failedDeliveries: z.number().int(),
  /** The clinic user the lead is given to (docs/leads.md#assignment), null when nobody. */
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  createdAt: timestamp(),
});
export type LeadListItem = z.infer<typeof LeadListItemSchema>;

export const LeadListSchema = pagedSchema(LeadListItemSchema);
export type LeadList = z.infer<typeof LeadListSchema>;

/** A stored touch as answered (every field present, null when unknown). */
export const LeadTouchSchema = z.object({
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  gclid: z.string().nullable(),
  gbraid: z.string().nullable(),
  wbraid: z.string().nullable(),
  fbclid: z.string().nullable(),
  landingPath: z.string().nullable(),
  referrer: z.string().nullable(),
  at: z.string().nullable(),
});
export type LeadTouch = z.infer<typeof LeadTouchSchema>;

export const LeadDeliverySchema = z.object({
  id: z.number().int(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** Whom a user_email goes to (the clinic user's e-mail); null for the other channels. */
  recipient: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  queuedAt: timestamp().nullable(),
  deliveredAt: timestamp().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type LeadDelivery = z.infer<typeof LeadDeliverySchema>;

/** One recorded status change (leads.audit_log). */
export const LeadStatusChangeSchema = z.object({
  from: LeadStatusSchema,
  to: LeadStatusSchema,
  at: timestamp(),
  /**
   * Who: to the agency, the admin's e-mail as the gateway signed it (else their user id), or a clinic
   * user as 'Name <e-mail> (clinic front desk)'; to the clinic (the portal), its user's name and any admin as 'Agency'.
   */
  by: z.string().nullable(),
});
export type LeadStatusChange = z.infer<typeof LeadStatusChangeSchema>;

/** GET /api/leads/:id: everything stored about one lead. */
export const LeadDetailSchema = LeadListItemSchema.extend({
  message: z.string().nullable(),
  /** False when templates could not confirm the service at submission (the lead was kept anyway). */
  serviceChecked: z.boolean(),
  attribution: z.object({
    styleVariant: z.string().nullable(),
    /** The touch the columns keep (the last, else the first), without its time. */
    ...LeadTouchSchema.omit({ at: true }).shape,
    firstTouch: LeadTouchSchema.nullable(),
    lastTouch: LeadTouchSchema.nullable(),
  }),
  /** ip and userAgent are kept as evidence of a captured consent only (null otherwise). */
  consent: LeadConsentSchema.extend({
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
  deliveries: z.array(LeadDeliverySchema),
  statusHistory: z.array(LeadStatusChangeSchema),
  updatedAt: timestamp(),
});
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

/** PATCH /api/leads/:id/status. */
export const LeadStatusUpdateSchema = z.object({
  status: LeadStatusSchema,
  /**
   * The status the admin saw. When given and the lead has moved on since
   * (another admin), the change is refused with 409 rather than overwriting it.
   */
  from: LeadStatusSchema.optional(),
});
export type LeadStatusUpdate = z.infer<typeof LeadStatusUpdateSchema>;

/** At most this many leads change status in one request (a page of the list). */
export const LEADS_BULK_MAX = LEADS_MAX_PAGE_SIZE;

/**
 * POST /api/leads/status: the selected leads to one status, all or none
 *. Each lead that moves is audited as a single change is.
 */
export const LeadBulkStatusUpdateSchema = z.object({
  ids: z
    .array(idField('Lead id'), { error: 'Select the leads to change' })
    .min(1, 'Select at least one lead')
    .max(LEADS_BULK_MAX, `Select at most ${LEADS_BULK_MAX} leads at a time`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each lead may be listed once'),
  status: LeadStatusSchema,
});
export type LeadBulkStatusUpdate = z.infer<typeof LeadBulkStatusUpdateSchema>;

export const LeadBulkStatusResultSchema = z.object({
  status: LeadStatusSchema,
  /** Leads that moved to the status (each with its audit row). */
  changed: z.array(z.number().int()),
  /** Leads that had the status already: nothing changed or recorded. */
  unchanged: z.array(z.number().int()),
});
export type LeadBulkStatusResult = z.infer<typeof LeadBulkStatusResultSchema>;

/** GET /api/leads/counts. */
export const LeadCountsSchema = z.object({
  total: z.number().int(),
  /** Leads with a delivery that exhausted its tries. */
  failedDeliveries: z.number().int(),
  byService: z.array(z.object({ serviceId: z.number().int(), serviceName: z.string().nullable(), count: z.number().int() })),
  /** Style variant a, b, c, unified, preview; null when the page did not say. */
  byVariant: z.array(z.object({ variant: z.string().nullable(), count: z.number().int() })),
  byStatus: z.object({ new: z.number().int(), contacted: z.number().int(), booked: z.number().int(), won: z.number().int(), lost: z.number().int() }),
});
export type LeadCounts = z.infer<typeof LeadCountsSchema>;

/**
 * GET /api/leads/new: how many leads await a first contact (status new),
 * every clinic's, for the admin's sidebar. Polled with its
 * ETag: an unchanged answer is a 304 without a body.
 */
export const NewLeadsSchema = z.object({
  count: z.number().int(),
  /** When the newest of them arrived. */
  newestAt: z.string().nullable(),
});
export type NewLeads = z.infer<typeof NewLeadsSchema>;
