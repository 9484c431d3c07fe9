import { z } from 'zod';
import { PageExperimentSchema, VariantSchema } from './experiment';
import { PAGE_SECTION_KEYS } from './page-sections';
import { MEDICAL_SERVICE_TYPES } from './structured-data';
import { successEnvelope } from '../envelope';
import { idField, noNul, NUL_MESSAGE, optionalText, patchOf, timestamp } from '../fields';
import { ClientPublicSchema } from '../tenant/client';
import {
  BeforeAfterSchema,
  BenefitSchema,
  contentListInputs,
  FaqSchema,
  ProcessStepSchema,
  SymptomSchema,
  TemplateContentSchema,
  TestimonialSchema,
} from './content';

/** A clinic's section layout of its page (docs/page-editor.md#sections). */
export const PageSectionsSchema = z.object({
  order: z.array(z.enum(PAGE_SECTION_KEYS)),
  hidden: z.array(z.enum(PAGE_SECTION_KEYS)),
});

const sectionKey = z.enum(PAGE_SECTION_KEYS, { error: `Section must be one of ${PAGE_SECTION_KEYS.join(', ')}` });
const sectionList = (label: string) =>
  z
    .array(sectionKey, { error: `${label} must be a list of sections` })
    .refine((keys) => new Set(keys).size === keys.length, `${label} names a section twice`);

/** The layout as a save sends it; null keeps the style's own. */
const pageSectionsInput = z
  .object({ order: sectionList('Section order'), hidden: sectionList('Hidden sections') }, { error: 'Page sections must be an object with order and hidden' })
  .nullish();

/**
 * A client's service as `GET /api/client-services/{clientId}` lists it for
 * pages (docs/public-site.md#what-a-page-shows "Client service", field names as the spec has them).
 * This is the public projection: what anonymous pages get.
 */
export const ClientServiceSummarySchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string().nullish(),
  customTitle: z.string().nullish(),
  path: z.string().nullish(),
  template_slug: z.string().nullish(),
  templateId: z.union([z.string(), z.number()]).nullish(),
  description: z.string().nullish(),
  customDescription: z.string().nullish(),
  custom_offer: z.string().nullish(),
  heroBackgroundPath: z.string().nullish(),
  isActive: z.boolean().default(true),
});
export type ClientServiceSummary = z.infer<typeof ClientServiceSummarySchema>;

/** The whole answer of `GET /api/client-services/{clientId}`. */
export const ClientServiceListAnswerSchema = successEnvelope(z.array(ClientServiceSummarySchema));

/** A client's service as admins see it (docs/admin.md#records client_services, plus the summary's fields). */
export const ClientServiceSchema = ClientServiceSummarySchema.extend({
  templateId: z.number().int(),
  name: z.string(),
  path: z.string(),
  template_slug: z.string(),
  description: z.string(),
  activatedAt: timestamp(),
  customPath: z.string().nullable(),
  customTitle: z.string().nullable(),
  customHeadline: z.string().nullable(),
  customOffer: z.string().nullable(),
  custom_offer: z.string().nullable(),
  customOfferDescription: z.string().nullable(),
  customDescription: z.string().nullable(),
  formEmbedCode: z.string().nullable(),
  heroBackgroundPath: z.string().nullable(),
  customSymptoms: z.array(SymptomSchema),
  customBenefits: z.array(BenefitSchema),
  customProcess: z.array(ProcessStepSchema),
  customFaqs: z.array(FaqSchema),
  customTestimonials: z.array(TestimonialSchema),
  beforeAfterImages: z.array(BeforeAfterSchema),
  /** Which sections the clinic's page hides and the order it gave them; null: the style's own. */
  pageSections: PageSectionsSchema.nullable(),
  googleAdsSettings: z.record(z.string(), z.unknown()).nullable(),
  demographicExclusions: z.record(z.string(), z.unknown()).nullable(),
  /** The Services Management form's fields (POST/PATCH /api/services); admins only, like every field here. */
  review1: z.string().nullable(),
  review2: z.string().nullable(),
  review3: z.string().nullable(),
  offerValue: z.string().nullable(),
  googleAdsScript: z.string().nullable(),
  facebookPixelScript: z.string().nullable(),
  isActive: z.boolean(),
});
export type ClientService = z.infer<typeof ClientServiceSchema>;

/** A template id as pages send it: a number or numeric text (docs/public-site.md#validation). */
/** docs/admin.md#validation, the client-services form. */
export const TEMPLATE_REQUIRED = 'Template selection is required';

export const templateIdField = () =>
  z
    // docs/admin.md#validation: 'Template selection is required' when none is chosen (missing, or a form's empty select).
    .union([z.number(), z.string()], { error: (issue) => (issue.input == null ? TEMPLATE_REQUIRED : 'Template id must be a number') })
    .transform((v) => (typeof v === 'string' ? v.trim() : v))
    .refine((v) => v !== '', TEMPLATE_REQUIRED)
    .pipe(
      z.union([idField('Template id'), idField('Template id', { fromText: true })], { error: 'Template id must be a number' }),
    );

/** A JSON object field sent as an object or JSON text (googleAdsSettings, demographicExclusions). */
const jsonObject = (label: string) =>
  z
    .union([z.record(z.string(), z.unknown()), z.string(), z.null()], { error: `${label} must be a JSON object` })
    .transform((value, ctx): Record<string, unknown> | null => {
      if (value === null || value === '') return null;
      if (typeof value !== 'string') return value;
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // falls through
      }
      ctx.addIssue({ code: 'custom', message: `${label} must be a JSON object` });
      return z.NEVER;
    });

/** A page path a client picks: words and hyphens, no slashes. */
export const customPathField = () =>
  z
    .string()
    .trim()
    .max(100, 'Path must be at most 100 characters')
    .transform((v) => v.replace(/^\/+/, ''))
    .refine((v) => v === '' || /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(v), 'Path may contain only letters, digits and hyphens')
    .nullish()
    .transform((v) => (v ? v : null));

/** The editor's fields of a client service (docs/admin.md#calls POST /api/client-services). */
const clientServiceFields = {
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  customPath: customPathField(),
  customTitle: optionalText(200),
  /** The clinic's own headline over its template's (docs/template-rollout.md#merge-rules); empty follows the template. */
  customHeadline: optionalText(500),
  customOffer: optionalText(500),
  customOfferDescription: optionalText(2000),
  /** The Services form's offerValue (offer_value): the one editor edits all of the offer. */
  offerValue: optionalText(200),
  customDescription: optionalText(10000),
  formEmbedCode: z.string().max(50000, 'Form embed code must be at most 50000 characters').refine(noNul, NUL_MESSAGE).nullish()
    .transform((v) => (v && v.trim() && v.trim() !== 'null' && v.trim() !== 'undefined' ? v : null)),
  heroBackgroundPath: optionalText(1024),
  customSymptoms: contentListInputs.symptoms.nullish(),
  customBenefits: contentListInputs.benefits.nullish(),
  customProcess: contentListInputs.process.nullish(),
  customFaqs: contentListInputs.faqs.nullish(),
  customTestimonials: contentListInputs.testimonials.nullish(),
  beforeAfterImages: contentListInputs.beforeAfterImages.nullish(),
  pageSections: pageSectionsInput,
  googleAdsSettings: jsonObject('Google Ads settings').nullish(),
  demographicExclusions: jsonObject('Demographic exclusions').nullish(),
  /** Deactivating a service that running Google Ads campaigns point to is refused (409) unless this is true. */
  confirmRunningCampaigns: z.boolean({ error: 'confirmRunningCampaigns must be true or false' }).optional(),
};

export const ClientServiceCreateSchema = z.object({
  clientId: idField('Client id'),
  templateId: templateIdField(),
  ...clientServiceFields,
  isActive: clientServiceFields.isActive.default(true),
});
export type ClientServiceCreate = z.output<typeof ClientServiceCreateSchema>;

export const ClientServiceUpdateSchema = patchOf(clientServiceFields);
export type ClientServiceUpdate = z.output<typeof ClientServiceUpdateSchema>;

/** POST /api/update-client-service: the update's fields plus the service id (clientId and templateId are ignored). */
export const ClientServiceUpdateByIdSchema = z
  .object({ id: idField('Id'), clientId: z.unknown().optional(), templateId: z.unknown().optional() })
  .extend(z.object(clientServiceFields).partial().shape)
  .transform(({ id, clientId: _clientId, templateId: _templateId, ...fields }) => ({ id, fields }));

/**
 * `GET /api/client-services/{id}`: the id is the client's (the spec calls it
 * `{clientId}`). PATCH on the same path takes a client service's id, and one
 * path has one parameter name in the API document, so both call it `id`.
 */
export const ClientServicesOfClientParamSchema = z.object({
  id: idField('Client id', { fromText: true }).describe('The client’s id: the services listed are this client’s.'),
});

export const ClientServicesQuerySchema = z.object({
  isActive: z
    .enum(['true', 'false'], { error: 'isActive must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

/** POST /api/service-templates/activate. */
export const ActivateTemplateSchema = z.object({ clientId: idField('Client id'), templateId: templateIdField() });
export type ActivateTemplate = z.output<typeof ActivateTemplateSchema>;
export const ActivationResultSchema = z.object({ clientService: ClientServiceSchema, alreadyActive: z.boolean() });

/** DELETE /api/service-templates/deactivate?clientId=&templateId=. */
export const DeactivateTemplateQuerySchema = z.object({
  clientId: idField('Client id', { fromText: true }),
  templateId: idField('Template id', { fromText: true }),
  /** Deactivating a service that running Google Ads campaigns point to is refused (409) unless this is true. */
  confirm: z
    .enum(['true', 'false'], { error: 'confirm must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export const DeactivationResultSchema = z.object({ clientId: z.number().int(), templateId: z.number().int(), deactivated: z.boolean() });

/** GET /api/services/client/{clientId} (docs/admin.md#calls): a client's services as the services screen lists them. */
export const ServiceListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  isActive: z.boolean(),
  templateId: z.number().int(),
  clientId: z.number().int(),
});
export type ServiceListItem = z.infer<typeof ServiceListItemSchema>;

/** GET /api/unified-client-content/{servicePath}?client=: the service page's data. */
export const UnifiedServiceSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  templateId: z.number().int(),
  name: z.string(),
  path: z.string(),
  isActive: z.boolean(),
  customTitle: z.string().nullable(),
  formEmbedCode: z.string().nullable(),
  heroBackgroundPath: z.string().nullable(),
  offer: z.string(),
  /** What the offer is worth ('$249 value'): the urgency page's offer card shows it. */
  offerValue: z.string().nullable(),
  offerDescription: z.string().nullable(),
  /** The clinic's section layout (docs/page-editor.md#sections); absent or null: the style's own. */
  sections: PageSectionsSchema.nullish(),
});
export const UnifiedContentSchema = z.object({
  client: z.object({ id: z.number().int() }),
  service: UnifiedServiceSchema,
  template: TemplateContentSchema,
});
export type UnifiedContent = z.infer<typeof UnifiedContentSchema>;

/**
 * `GET /api/unified-client-content/{path}` (docs/public-site.md#calls: "data with client,
 * service, template"): `client` is the clinic with its fields as
 * `GET /api/clients/{id}` names them for pages (brandColor, brandBgColor, logo,
 * contact details, the tracking tag ids the page loads anyway), the public
 * projection for every caller: never its ad account or CRM ids.
 */
export const UnifiedClientContentSchema = UnifiedContentSchema.extend({ client: ClientPublicSchema });
export type UnifiedClientContent = z.infer<typeof UnifiedClientContentSchema>;

export const ServicePathParamSchema = z.object({
  servicePath: z
    .string()
    .max(200, 'Service path must be at most 200 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'Service path may contain only letters, digits and hyphens'),
});
export const PathParamSchema = z.object({
  path: ServicePathParamSchema.shape.servicePath,
});
/** ?client=: a client id; missing means client 1 (docs/public-site.md#choosing-the-clinic). */
export const ClientQueryParamSchema = z.object({
  client: idField('Client id', { fromText: true }).optional().transform((v) => v ?? 1),
});

/** GET /api/service-meta/{path}?client= (docs/public-site.md#what-a-page-shows Service meta). */
export const ServiceMetaSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  canonicalUrl: z.string(),
});
export type ServiceMeta = z.infer<typeof ServiceMetaSchema>;

/** GET /api/direct-template-content/{templateId}: a template's page content. */
export const DirectTemplateContentSchema = TemplateContentSchema.extend({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});

export const ClientTemplateParamSchema = z.object({
  clientId: idField('Client id', { fromText: true }),
  templateId: idField('Template id', { fromText: true }),
});

/**
 * A service card of a home page (docs/public-site.md#pages-and-routes readings A and B): the
 * clinic's service with its link segment chosen by the link rule (docs/public-site.md#states-and-fallbacks).
 */
export const PageServiceCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The path segment the card links to ('/{slug}'). */
  slug: z.string(),
  offer: z.string().nullable(),
  /** The service's hero background, else its template's hero image. */
  image: z.string().nullable(),
});
export type PageServiceCard = z.infer<typeof PageServiceCardSchema>;

export const PageContentQuerySchema = z.object({
  /** A service page's path segment; without it the answer has no landing part. */
  service: ServicePathParamSchema.shape.servicePath.optional(),
  /**
   * An admin's preview (docs/public-site.md#page-styles): the landing part may then be an inactive
   * service of the clinic, or a template it has not activated, read as the
   * clinic would get it. Ignored for anyone but an admin.
   */
  preview: z
    .enum(['true', 'false'], { error: 'preview must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * `GET /api/page-content/{clientId}?service=`: what a public page renders from
 * the catalogue in one call — the clinic's active services as cards and, for
 * a service page, its unified content and meta (`landing` is null when the
 * clinic has no active service at that path; see `preview`).
 */
export const PageContentSchema = z.object({
  services: z.array(PageServiceCardSchema),
  landing: z
    .object({
      content: UnifiedContentSchema,
      meta: ServiceMetaSchema,
      /** The style the plain URL shows when no experiment assigns one (an experiment's winner). */
      defaultStyle: VariantSchema,
      /** The service's running experiment; null when none runs (paused, stopped or never). */
      experiment: PageExperimentSchema.nullable(),
      /** The spec's service type from the template's category (structured-data.ts): the page's MedicalProcedure data. */
      serviceType: z.enum(MEDICAL_SERVICE_TYPES).nullable().optional(),
      /**
       * True when the clinic has no active service at all and this is the shared template of one of
       * the spec's fallback service cards (TRT 999 … Semaglutide 994), in the clinic's branding: not
       * the clinic's own service, so no lead form and not indexed.
       */
      fallback: z.boolean().optional(),
      /**
       * An admin's preview: the page may carry the page editor's marks (docs/page-editor.md#marks),
       * its list items their ids. Never set for anyone else.
       */
      editable: z.boolean().optional(),
    })
    .nullable(),
  /**
   * When the clinic has no page at the path but had one there before (a template's
   * slug or the service's path changed): the page's current path, which the public
   * shell answers with a 301 (docs/admin.md#page-paths).
   */
  movedTo: z.string().nullable().optional(),
});
export type PageContent = z.infer<typeof PageContentSchema>;
