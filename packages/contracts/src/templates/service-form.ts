import { z } from 'zod';
import { idField, noNul, NOTHING_TO_CHANGE, NUL_MESSAGE, optionalText, requiredText } from '../fields';
import { customPathField, templateIdField, UnifiedServiceSchema } from './client-service';
import { BeforeAfterSchema, contentListInputs, TestimonialSchema } from './content';
import { GoogleAdsSettingsSchema } from '../ads/settings';

/**
 * `POST /api/services` and `PATCH /api/services/{id}`: the Services Management
 * screen's "service form body" (docs/admin.md#records Service, docs/public-site.md#calls), stored as a
 * client service (`client_services`):
 *
 * | form field | column |
 * |---|---|
 * | name, customTitle | custom_title (customTitle wins when both are sent) |
 * | path | custom_path |
 * | offerName / offerValue / offerDescription | custom_offer / offer_value / custom_offer_description |
 * | review1..3 | review_1..3 |
 * | formEmbedCode, heroBackgroundPath, customTestimonials, beforeAfterImages, isActive | the columns of the same name |
 * | googleAdsScript, facebookPixelScript | google_ads_script, facebook_pixel_script |
 * | googleAdsSettings | google_ads_settings |
 *
 * Admin-supplied HTML (ARCHITECTURE.md#auth-and-sessions): the form embed code reaches pages only to
 * be rendered inside a sandboxed iframe; the ad and pixel scripts are kept for
 * admins only: no public projection carries them and no page renders them
 * (tracking is built from the clinic's tracking ids instead).
 */

/** The most characters of admin-supplied HTML a service keeps, per field. */
export const MAX_EMBED_CODE_CHARS = 20_000;
export const MAX_SCRIPT_CHARS = 20_000;

export const ServiceFormMessages = {
  nameTooShort: 'Name must be at least 2 characters',
  embedTooLong: `Form embed code must be at most ${MAX_EMBED_CODE_CHARS.toLocaleString('en-US')} characters`,
  googleAdsScriptTooLong: `Google Ads script must be at most ${MAX_SCRIPT_CHARS.toLocaleString('en-US')} characters`,
  facebookPixelScriptTooLong: `Facebook Pixel script must be at most ${MAX_SCRIPT_CHARS.toLocaleString('en-US')} characters`,
  nothingToChange: NOTHING_TO_CHANGE,
} as const;

/** Admin-supplied HTML: kept as sent (not trimmed inside), blank → null, bounded. */
const html = (label: string, max: number, tooLong: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, tooLong)
    .refine(noNul, NUL_MESSAGE)
    .nullish()
    .transform((v) => (v && v.trim() && v.trim() !== 'null' && v.trim() !== 'undefined' ? v : null));

const serviceFormFields = {
  name: requiredText(2, 200, ServiceFormMessages.nameTooShort),
  path: customPathField(),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  formEmbedCode: html('Form embed code', MAX_EMBED_CODE_CHARS, ServiceFormMessages.embedTooLong),
  review1: optionalText(2000),
  review2: optionalText(2000),
  review3: optionalText(2000),
  heroBackgroundPath: optionalText(1024),
  offerName: optionalText(500),
  offerValue: optionalText(200),
  offerDescription: optionalText(2000),
  googleAdsScript: html('Google Ads script', MAX_SCRIPT_CHARS, ServiceFormMessages.googleAdsScriptTooLong),
  facebookPixelScript: html('Facebook Pixel script', MAX_SCRIPT_CHARS, ServiceFormMessages.facebookPixelScriptTooLong),
  customTitle: optionalText(200),
  customTestimonials: contentListInputs.testimonials.nullish(),
  beforeAfterImages: contentListInputs.beforeAfterImages.nullish(),
  /** docs/campaigns.md#campaign-dialogs, docs/admin.md#records: the service's saved Google Ads settings; null clears them. */
  googleAdsSettings: GoogleAdsSettingsSchema.nullish(),
  /** Deactivating a service that running Google Ads campaigns point to is refused (409) unless this is true. */
  confirmRunningCampaigns: z.boolean({ error: 'confirmRunningCampaigns must be true or false' }).optional(),
};

/** POST /api/services: a client's new service page from a template. */
export const ServiceCreateSchema = z.object({
  ...serviceFormFields,
  clientId: idField('Client id'),
  templateId: templateIdField(),
  isActive: serviceFormFields.isActive.default(true),
});
export type ServiceCreate = z.output<typeof ServiceCreateSchema>;
export type ServiceCreateInput = z.input<typeof ServiceCreateSchema>;

/**
 * PATCH /api/services/{id}: any of the form's fields. A different clientId or
 * templateId moves the service (the client must exist; one service per client
 * and template still holds).
 */
export const ServiceUpdateSchema = z
  .object({ ...serviceFormFields, clientId: idField('Client id'), templateId: templateIdField() })
  .partial()
  .refine((v) => Object.values(v).some((field) => field !== undefined), ServiceFormMessages.nothingToChange);
export type ServiceUpdate = z.output<typeof ServiceUpdateSchema>;

/** A service as the Services Management screen reads it back (admin only: it carries the scripts). */
export const ServiceSchema = UnifiedServiceSchema.extend({
  /** The custom title, else the template's name. */
  name: z.string(),
  /** The custom path, else the template's slug. */
  path: z.string(),
  review1: z.string().nullable(),
  review2: z.string().nullable(),
  review3: z.string().nullable(),
  offerName: z.string().nullable(),
  /** The offer pages show: offerName, else the template's offer, else 'Free Consultation'. */
  offer: z.string(),
  googleAdsScript: z.string().nullable(),
  facebookPixelScript: z.string().nullable(),
  customTestimonials: z.array(TestimonialSchema),
  beforeAfterImages: z.array(BeforeAfterSchema),
  googleAdsSettings: z.record(z.string(), z.unknown()).nullable(),
});
export type Service = z.infer<typeof ServiceSchema>;
