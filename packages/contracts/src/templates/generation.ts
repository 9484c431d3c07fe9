import { z } from 'zod';
import { idField, requiredText, timestamp } from '../fields';
import { SYMPTOM_ICONS } from './content-rules';

/**
 * AI-written templates (docs/admin.md#templates Create New Template, ARCHITECTURE.md#how-parts-talk
 * `templates.generate`): the request, the job admins watch, and the content
 * the model must return. The content rules are the service editor's (issue:
 * exactly 6 symptoms whose descriptions fit 150 characters, 6 benefits, 3
 * process steps without a 'Step N:' prefix), so a generated template opens
 * in the editor without a single correction.
 */
export const TEMPLATE_CONTENT_RULES = {
  symptoms: 6,
  benefits: 6,
  processSteps: 3,
  symptomDescriptionMax: 150,
  faqsMin: 5,
  faqsMax: 8,
  testimonialsMin: 3,
  testimonialsMax: 6,
  headlineMax: 90,
  metaDescriptionMax: 160,
} as const;

export const TemplateCreateMessages = {
  nameTooShort: 'Template name must be at least 2 characters',
  descriptionTooShort: 'Service description must be at least 10 characters',
  category: 'Choose a category',
} as const;

/**
 * Who writes a new template's content: the AI model, or the admin by hand
 * (`empty`: the template is made at once with empty content). Without it, the
 * model when one is configured, else empty (docs/platform.md: the Create tab works
 * without AI).
 */
export const TEMPLATE_CONTENT_SOURCES = ['ai', 'empty'] as const;
export type TemplateContentWriter = (typeof TEMPLATE_CONTENT_SOURCES)[number];

/** What the Create New Template screen says when no AI model is configured (README decision). */
export const TEMPLATE_CREATE_TEXTS = {
  /** Under the form. */
  noAi: 'AI writing is not configured: Create Template makes the template with empty content for you to fill in by hand with Edit in Browse Templates.',
  /** How to turn AI writing on, under that. */
  noAiHint: 'To have AI write it, set OPENAI_API_KEY and OPENAI_MODEL for the templates service and its worker.',
  /** The result of such a creation: its stage, the screen's line and the toast's text. */
  emptyCreated: 'Template created with empty content: fill it in by hand with Edit in Browse Templates.',
} as const;

/** `POST /api/templates/create` (docs/admin.md#calls): the Create New Template form. */
export const TemplateCreateSchema = z.object({
  name: requiredText(2, 200, TemplateCreateMessages.nameTooShort),
  description: requiredText(10, 2000, TemplateCreateMessages.descriptionTooShort),
  subcategoryId: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? TemplateCreateMessages.category : 'Category must be a number') })
    .int(TemplateCreateMessages.category)
    .positive(TemplateCreateMessages.category),
  content: z.enum(TEMPLATE_CONTENT_SOURCES, { error: 'Content must be ai or empty' }).optional(),
});
export type TemplateCreate = z.output<typeof TemplateCreateSchema>;
export type TemplateCreateInput = z.input<typeof TemplateCreateSchema>;

/** A 'Step 2:' / 'Step 2 -' / 'Step two.' style prefix: the page numbers steps itself. */
export const STEP_PREFIX = /^\s*step\s*(\d+|one|two|three)\s*[:.\-–—)]/i;

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/**
 * What the model writes for one template. The JSON schema sent to the model
 * says the counts and lengths; these checks hold whatever the model did.
 */
export const GeneratedTemplateContentSchema = z.object({
  headline: text(10, TEMPLATE_CONTENT_RULES.headlineMax).describe('The landing page hero headline: a promise to the patient, no clinic name'),
  description: text(80, 1200).describe('Two or three sentences describing the treatment for patients'),
  metaDescription: text(50, TEMPLATE_CONTENT_RULES.metaDescriptionMax).describe('Search result snippet, at most 160 characters'),
  offer: text(3, 80).describe('The consultation offer, e.g. Free Consultation'),
  symptoms: z
    .array(
      z.object({
        title: text(3, 60),
        description: text(10, TEMPLATE_CONTENT_RULES.symptomDescriptionMax),
        icon: z.enum(SYMPTOM_ICONS),
      }),
    )
    .length(TEMPLATE_CONTENT_RULES.symptoms)
    .describe(`Exactly ${TEMPLATE_CONTENT_RULES.symptoms} signs a patient may recognise; descriptions at most ${TEMPLATE_CONTENT_RULES.symptomDescriptionMax} characters`),
  benefits: z
    .array(z.object({ title: text(3, 60), description: text(10, 300) }))
    .length(TEMPLATE_CONTENT_RULES.benefits)
    .describe(`Exactly ${TEMPLATE_CONTENT_RULES.benefits} benefits of the treatment`),
  process: z
    .array(
      z.object({
        title: text(3, 60).refine((v) => !STEP_PREFIX.test(v), 'Step titles must not start with "Step N:"'),
        description: text(10, 300),
      }),
    )
    .length(TEMPLATE_CONTENT_RULES.processSteps)
    .describe(`Exactly ${TEMPLATE_CONTENT_RULES.processSteps} steps from first contact to treatment; titles without a "Step N:" prefix`),
  faqs: z
    .array(z.object({ question: text(10, 200), answer: text(20, 800) }))
    .min(TEMPLATE_CONTENT_RULES.faqsMin)
    .max(TEMPLATE_CONTENT_RULES.faqsMax),
  testimonials: z
    .array(z.object({ text: text(20, 600), name: z.string().trim().max(80).nullable(), rating: z.number().int().min(4).max(5) }))
    .min(TEMPLATE_CONTENT_RULES.testimonialsMin)
    .max(TEMPLATE_CONTENT_RULES.testimonialsMax)
    .describe('Plausible patient testimonials; name as first name and last initial, or null'),
});
export type GeneratedTemplateContent = z.infer<typeof GeneratedTemplateContentSchema>;

export const GenerationStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type GenerationStatus = z.infer<typeof GenerationStatusSchema>;

/** One AI generation as admins follow it (`GET /api/templates/generations/{id}`). */
export const TemplateGenerationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subcategoryId: z.number().int(),
  status: GenerationStatusSchema,
  /** 0–100: queued 0, asking the model 20, checking 70, saved 100. */
  progress: z.number().int().min(0).max(100),
  /** What is happening now, in words the screen shows. */
  stage: z.string(),
  templateId: z.number().int().nullable(),
  templateSlug: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type TemplateGeneration = z.infer<typeof TemplateGenerationSchema>;

export const GenerationIdParamSchema = z.object({ id: idField('Generation id', { fromText: true }) });

/** Whether the templates service has a model to write with (the Create tab says so before anyone waits). */
export const AiStatusSchema = z.object({ configured: z.boolean(), model: z.string().nullable() });
export type AiStatus = z.infer<typeof AiStatusSchema>;
