import { z } from 'zod';
import { TemplateRolloutSchema, versionNoteField } from './rollout';
import { idField, noNul, NUL_MESSAGE, optionalText, patchOf, timestamp } from '../fields';
import { contentListInputs, TemplateContentSchema } from './content';

/** docs/admin.md#records template_categories. */
export const TemplateCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  iconPath: z.string().nullable(),
  displayOrder: z.number().int(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type TemplateCategory = z.infer<typeof TemplateCategorySchema>;

/** docs/admin.md#records template_subcategories (shown as Category in the admin UI). */
export const TemplateSubcategorySchema = TemplateCategorySchema.extend({ categoryId: z.number().int() });
export type TemplateSubcategory = z.infer<typeof TemplateSubcategorySchema>;

/** Shown when a template's category is not known (docs/admin.md#records). */
export const DEFAULT_TEMPLATE_CATEGORY = 'Medical Services';
/** docs/public-site.md#what-a-page-shows Service template: subcategory default. */
export const DEFAULT_TEMPLATE_SUBCATEGORY = 'General';

/** docs/admin.md#records service_templates, with its category and subcategory names for lists. */
export const ServiceTemplateSchema = z.object({
  id: z.number().int(),
  subcategoryId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  headline: z.string().nullable(),
  metaDescription: z.string().nullable(),
  offer: z.string().nullable(),
  heroImage: z.string().nullable(),
  // The stored lists answer as the page content's do.
  ...TemplateContentSchema.pick({ benefits: true, process: true, symptoms: true, faqs: true, testimonials: true, beforeAfterImages: true }).shape,
  ghlSnapshotId: z.string().nullable(),
  /** The latest version's number (docs/template-rollout.md#versions). */
  version: z.number().int(),
  rollout: TemplateRolloutSchema,
  category: z.string(),
  subcategory: z.string(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type ServiceTemplate = z.infer<typeof ServiceTemplateSchema>;

/**
 * One service of the public catalogue (`GET /api/service-templates/all`, docs/public-site.md#fixed-figures, read by onboarding step 2): what a business owner picks from. The
 * page content and the CRM snapshot id are the admin's (listServiceTemplates).
 */
export const CatalogueEntrySchema = ServiceTemplateSchema.pick({
  id: true,
  name: true,
  slug: true,
  category: true,
  subcategory: true,
  description: true,
  offer: true,
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

/** A slug: lower-case words joined by hyphens (it becomes a page path). */
export const slugField = () =>
  z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .max(100, 'Slug must be at most 100 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain only lower-case letters, digits and hyphens')
    .refine((v) => !/^\d+$/.test(v), 'Slug must not be only digits');

const requiredTemplateText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, NUL_MESSAGE);

/** PATCH /api/service-templates/{id} (docs/admin.md#calls): any of the editor's fields. */
export const ServiceTemplateUpdateSchema = patchOf({
  name: requiredTemplateText('Name', 200),
  slug: slugField(),
  headline: optionalText(500),
  description: requiredTemplateText('Description', 10000),
  heroImage: optionalText(1024),
  offer: optionalText(500),
  metaDescription: optionalText(1000),
  ...contentListInputs,
  /** How the template's saves reach its clinics; a change of it alone makes no version. */
  rollout: TemplateRolloutSchema,
  /** The note of the version this save makes. */
  versionNote: versionNoteField(),
});
export type ServiceTemplateUpdate = z.output<typeof ServiceTemplateUpdateSchema>;

/** GET /api/service-templates/client/{clientId}: a client's active templates (docs/public-site.md#what-a-page-shows "Active template record"). */
export const ActiveTemplateSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  offer: z.string().nullable(),
  heroImage: z.string().nullable(),
  category: z.string(),
  subcategory: z.string(),
  customTitle: z.string().nullable(),
  customDescription: z.string().nullable(),
  heroBackgroundPath: z.string().nullable(),
});
export type ActiveTemplate = z.infer<typeof ActiveTemplateSchema>;

/** GET /api/template-mappings: template id (as text) → slug. */
export const TemplateMappingsSchema = z.record(z.string(), z.string());
export type TemplateMappings = z.infer<typeof TemplateMappingsSchema>;

export const TemplateIdParamSchema = z.object({ templateId: idField('Template id', { fromText: true }) });

/** A clinic's service as results name it (`POST /internal/services/names`): its clinic, its name and the template it comes from. */
export const NamedServiceSchema = z.object({ id: z.number().int(), clientId: z.number().int(), name: z.string(), templateId: z.number().int(), templateName: z.string() });
export type NamedService = z.infer<typeof NamedServiceSchema>;
