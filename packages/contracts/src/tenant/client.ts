import { z } from 'zod';
import { optionalWebhookUrl } from '../leads/webhook';
import { blankToUndefined, pagedSchema, pageQuery, pageSizeQuery } from '../paging';
import { CustomDomainStatusSchema } from './custom-domain';
import { noNul, NUL_MESSAGE, optionalDollars, optionalEmail, optionalHexColour, optionalText, optionalTrackingId, optionalUrl, patchOf, requiredText, timestamp } from '../fields';

// The default colours live in a module without schemas, for screens that need only them.
export { DEFAULT_BRAND_BG_COLOR, DEFAULT_BRAND_COLOR, ONBOARDING_BRAND_COLOR } from '../brand-colours';

/** A Google Ads customer id: 10 digits, dashes allowed (123-456-7890). */
export const GOOGLE_ADS_ID_PATTERN = /^\d{3}-?\d{3}-?\d{4}$/;

const googleAdsId = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || GOOGLE_ADS_ID_PATTERN.test(v), 'Must be a 10-digit Google Ads id like 123-456-7890')
    .nullish()
    .transform((v) => (v ? v.replace(/-/g, '') : null));

/** Fields an admin may set on a client (docs/admin.md#records, rules of docs/public-site.md#validation). */
/**
 * The lead status a clinic counts as a Google Ads conversion:
 * a lead with a gclid that reaches it is uploaded as an offline click
 * conversion. Booked by default.
 */
export const OFFLINE_CONVERSION_STATUSES = ['contacted', 'booked', 'won'] as const;
export type OfflineConversionStatus = (typeof OFFLINE_CONVERSION_STATUSES)[number];

const clientWritableFields = {
  name: requiredText(3, 200, 'Client name must be at least 3 characters'),
  address: requiredText(5, 500, 'Address is required'),
  phone: requiredText(7, 40, 'Phone number is required'),
  email: optionalEmail(),
  website: optionalUrl(),
  domain: optionalText(253),
  brandColor: optionalHexColour(),
  brandBgColor: optionalHexColour(),
  logoPath: optionalText(1024),
  officeImagePath: optionalText(1024),
  googleAdsTagId: optionalTrackingId(/^AW-\d{6,15}$/, 'Must be a Google Ads tag id like AW-123456789'),
  googleAdsAccountId: googleAdsId(),
  googleAdsManagerId: googleAdsId(),
  googleAnalyticsId: optionalTrackingId(/^(?:G-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/, 'Must be a Google Analytics id like G-ABC123XYZ'),
  facebookPixelId: optionalTrackingId(/^\d{6,20}$/, 'Must be a Facebook pixel id (digits only)'),
  trackingEnabled: z.boolean({ error: 'Must be true or false' }).optional(),
  conversionTrackingEnabled: z.boolean({ error: 'Must be true or false' }).optional(),
  offlineConversionStatus: z.enum(OFFLINE_CONVERSION_STATUSES, { error: 'Must be contacted, booked or won' }).optional(),
  bookingLink: optionalUrl(),
  /** Where each new lead is POSTed, signed (contracts leads/webhook.ts); null clears it. */
  webhookUrl: optionalWebhookUrl(),
  /**
   * The agency's switch for the clinic portal's Profile (docs/portal.md:
   * "within limits the agency sets"): false and the clinic's owner can read
   * the profile but not change it. True by default.
   */
  portalProfileEditable: z.boolean({ error: 'Must be true or false' }).optional(),
  /**
   * The agency's opt-in, per clinic, to the old full-detail e-mail of each lead
   * (docs/leads.md#delivery): on, the clinic's address gets the patient's name,
   * phone, e-mail and the service asked about by plain e-mail. Off by default:
   * the clinic's users get alerts that say only that an enquiry arrived and
   * link to the portal, which shows the rest after sign-in.
   */
  leadDetailEmail: z.boolean({ error: 'Must be true or false' }).optional(),
  /**
   * What the clinic means to spend on Google Ads a calendar month, and the cost of a
   * Google Ads booking it counts as good (docs/campaigns.md#budget-pacing): the
   * pacing of Results and its alerts read them. Null: not set, no pacing.
   */
  monthlyAdBudget: optionalDollars('Monthly Google Ads budget', 1_000_000),
  targetCostPerBooking: optionalDollars('Target cost per booking', 100_000),
};

/** Every field an admin may set, one rule each, unrefined: other schemas derive from it (`.pick`), e.g. the portal's profile. */
export const ClientFieldsSchema = z.object(clientWritableFields);

export const ClientCreateSchema = ClientFieldsSchema;
export type ClientCreateInput = z.input<typeof ClientCreateSchema>;
export type ClientCreate = z.output<typeof ClientCreateSchema>;

/** PATCH: any subset; the same rules for what is sent. */
export const ClientUpdateSchema = patchOf(clientWritableFields);
export type ClientUpdate = z.output<typeof ClientUpdateSchema>;

/** The full client, as admins see it. */
/**
 * A clinic's CRM sub-account: `pending` while the provisioning job
 * has it, `created` once the sub-account exists (its snapshots loaded),
 * `failed` after the job gave up (an admin retries with Create CRM Account),
 * `not_configured` when the platform has no GoHighLevel credentials.
 */
export const CrmStatusSchema = z.enum(['pending', 'created', 'failed', 'not_configured']);
export type CrmStatus = z.infer<typeof CrmStatusSchema>;

/** `POST /api/clients/{id}/create-ghl-subaccount` (docs/admin.md#calls: the screen reads data.subaccountName). */
export const CrmAccountResultSchema = z.object({
  subaccountId: z.string(),
  subaccountName: z.string(),
  /** How many of the chosen services' snapshots were loaded into it. */
  snapshotsLoaded: z.number().int(),
});
export type CrmAccountResult = z.infer<typeof CrmAccountResultSchema>;

export const ClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  domain: z.string().nullable(),
  brandColor: z.string(),
  brandBgColor: z.string(),
  logoPath: z.string().nullable(),
  officeImagePath: z.string().nullable(),
  googleAdsTagId: z.string().nullable(),
  googleAdsAccountId: z.string().nullable(),
  googleAdsManagerId: z.string().nullable(),
  googleAnalyticsId: z.string().nullable(),
  facebookPixelId: z.string().nullable(),
  trackingEnabled: z.boolean(),
  conversionTrackingEnabled: z.boolean(),
  offlineConversionStatus: z.enum(OFFLINE_CONVERSION_STATUSES),
  bookingLink: z.string().nullable(),
  ghlSubaccountId: z.string().nullable(),
  ghlSubaccountName: z.string().nullable(),
  ghlCreatedAt: timestamp().nullable(),
  /** Where the clinic's CRM sub-account stands; null when none was ever asked for (an admin-added clinic). */
  crmStatus: CrmStatusSchema.nullable(),
  /** Why the last attempt failed (GoHighLevel's words), or why it cannot run. */
  crmError: z.string().nullable(),
  crmUpdatedAt: timestamp().nullable(),
  webhookUrl: z.string().nullable(),
  /** The webhook's signing secret: admins copy it into the receiver. Made when a URL is first set. */
  webhookSecret: z.string().nullable(),
  /** Whether the clinic's owner may edit the portal's Profile (name, contact, logo, office picture, team). */
  portalProfileEditable: z.boolean(),
  /** Whether the clinic's address gets each lead's details by e-mail (the agency's opt-in; off by default). */
  leadDetailEmail: z.boolean(),
  monthlyAdBudget: z.number().nullable(),
  targetCostPerBooking: z.number().nullable(),
  /**
   * The clinic's claim on `domain` in the custom domains module (the Domains screen's row for it):
   * setting `domain` starts it. Null when `domain` is empty, or has no claim (custom domains not
   * configured, or a domain kept from before claims).
   */
  domainClaim: z.object({ status: CustomDomainStatusSchema, reason: z.string().nullable() }).nullable(),
  /**
   * Where the clinic's pages are live on a domain of its own: the custom domain with a certificate,
   * active or failing (what ads' landing URLs use, `GET /internal/clients/:id/site`). Null: its pages
   * are on the platform's address with `?client={id}`.
   */
  siteDomain: z.string().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type Client = z.infer<typeof ClientSchema>;

/**
 * What anonymous pages get: branding, contact and tracking tag ids the page
 * loads anyway. No ad account, CRM or internal fields.
 */
export const ClientPublicSchema = ClientSchema.pick({
  id: true,
  name: true,
  address: true,
  phone: true,
  email: true,
  website: true,
  domain: true,
  brandColor: true,
  brandBgColor: true,
  logoPath: true,
  officeImagePath: true,
  bookingLink: true,
  googleAdsTagId: true,
  googleAnalyticsId: true,
  facebookPixelId: true,
  trackingEnabled: true,
  conversionTrackingEnabled: true,
});
export type ClientPublic = z.infer<typeof ClientPublicSchema>;

/**
 * `GET /api/clients/{id}?optimized=true`: just what a page needs to brand
 * itself — a narrowing of the public projection, so it can never hold more.
 */
export const ClientBrandingSchema = ClientPublicSchema.omit({
  domain: true,
  googleAdsTagId: true,
  googleAnalyticsId: true,
  facebookPixelId: true,
  trackingEnabled: true,
  conversionTrackingEnabled: true,
});
export type ClientBranding = z.infer<typeof ClientBrandingSchema>;

/**
 * The Clients list: search, sort and page on the server.
 * `q` finds any part of the name, e-mail, domain or address, or the phone by
 * its digits; the sort is by one column, id breaking ties.
 */
export const CLIENT_SORTS = ['name', 'createdAt', 'id'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_SORT_LABELS: Readonly<Record<ClientSort, string>> = { name: 'Client Name', createdAt: 'Added', id: 'Id' };
export const CLIENTS_MAX_PAGE_SIZE = 100;
export const CLIENTS_DEFAULT_PAGE_SIZE = 20;
/** The longest search text the clients list takes. */
export const CLIENT_SEARCH_MAX_LENGTH = 200;

export const ClientListQuerySchema = z.object({
  q: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Search text must be text' })
      .trim()
      .max(CLIENT_SEARCH_MAX_LENGTH, `Search text must be at most ${CLIENT_SEARCH_MAX_LENGTH} characters`)
      .refine(noNul, NUL_MESSAGE)
      .optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z
      .enum(CLIENT_SORTS, { error: `Sort must be one of ${CLIENT_SORTS.join(', ')}` })
      .optional()
      .transform((v) => v ?? 'name'),
  ),
  order: z.preprocess(
    blankToUndefined,
    z
      .enum(['asc', 'desc'], { error: 'Order must be asc or desc' })
      .optional()
      .transform((v) => v ?? 'asc'),
  ),
  page: pageQuery(),
  pageSize: pageSizeQuery(CLIENTS_MAX_PAGE_SIZE, CLIENTS_DEFAULT_PAGE_SIZE),
});
export type ClientListQuery = z.output<typeof ClientListQuerySchema>;
export type ClientListQueryInput = z.input<typeof ClientListQuerySchema>;

export const ClientPageSchema = pagedSchema(ClientSchema);
export type ClientPage = z.infer<typeof ClientPageSchema>;

export const ClientQuerySchema = z.object({
  optimized: z
    .enum(['true', 'false'], { error: "optimized must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});

export const TrackingSettingsSchema = ClientSchema.pick({
  googleAdsTagId: true,
  facebookPixelId: true,
  googleAnalyticsId: true,
  trackingEnabled: true,
  conversionTrackingEnabled: true,
});
export type TrackingSettings = z.infer<typeof TrackingSettingsSchema>;

/** Brand colours built in for clients 1–5 (docs/public-site.md#what-a-page-shows). */
export const BUILT_IN_BRAND_COLOURS: Record<number, { brandColor: string; brandBgColor: string }> = {
  1: { brandColor: '#37a2d4', brandBgColor: '#00446f' },
  2: { brandColor: '#004aad', brandBgColor: '#004aad' },
  3: { brandColor: '#9b51e0', brandBgColor: '#6a3393' },
  4: { brandColor: '#FF6B00', brandBgColor: '#993F00' },
  5: { brandColor: '#770D72', brandBgColor: '#510A4C' },
};

/**
 * A clinic with a Google Ads account, as the ads worker reads them (docs/results-and-experiments.md: hourly performance reads): only what the read needs.
 */
export const ClinicAdsAccountSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  /** 10 digits. */
  googleAdsAccountId: z.string(),
  /** The manager account (MCC) the agency reaches it through, 10 digits, or null. */
  googleAdsManagerId: z.string().nullable(),
});
export type ClinicAdsAccount = z.infer<typeof ClinicAdsAccountSchema>;

/** A clinic's Google Ads budget for the leads service's pacing (docs/campaigns.md#budget-pacing). */
export const ClinicAdBudgetSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  monthlyAdBudget: z.number(),
  targetCostPerBooking: z.number().nullable(),
});
export type ClinicAdBudget = z.infer<typeof ClinicAdBudgetSchema>;
