import { z } from 'zod';
import { noNul, NUL_MESSAGE } from '../fields';

import { DEFAULT_SYMPTOM_ICON, ITEM_ID_PATTERN, LIST_MAX_ITEMS, SYMPTOM_ICONS, type SymptomIcon } from './content-rules';

const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).refine(noNul, NUL_MESSAGE);

/** An item's id: the admin's answers carry it, a page's content need not (docs/template-rollout.md#item-ids). */
const itemId = z.string().optional();

/** docs/admin.md#records item shapes, as stored and answered. */
export const BenefitSchema = z.object({ id: itemId, title: z.string(), description: z.string() });
export const ProcessStepSchema = z.object({ id: itemId, title: z.string(), description: z.string() });
export const SymptomSchema = z.object({ id: itemId, title: z.string(), description: z.string(), icon: z.enum(SYMPTOM_ICONS) });
export const FaqSchema = z.object({ id: itemId, question: z.string(), answer: z.string() });
export const TestimonialSchema = z.object({ id: itemId, text: z.string(), rating: z.number(), name: z.string().nullable() });
export const BeforeAfterSchema = z.object({
  id: itemId,
  title: z.string(),
  beforeImage: z.string().nullable(),
  afterImage: z.string().nullable(),
  beforeDescription: z.string(),
  afterDescription: z.string(),
  timeframe: z.string(),
});
export type Benefit = z.infer<typeof BenefitSchema>;
export type ProcessStep = z.infer<typeof ProcessStepSchema>;
export type Symptom = z.infer<typeof SymptomSchema>;
export type Faq = z.infer<typeof FaqSchema>;
export type Testimonial = z.infer<typeof TestimonialSchema>;
export type BeforeAfterStory = z.infer<typeof BeforeAfterSchema>;

/** An item's id as a save may carry it; an item without one is given one (docs/template-rollout.md#item-ids). */
const itemIdInput = z.string().regex(ITEM_ID_PATTERN, 'Item id must be 1 to 40 letters, digits, hyphens or underscores').optional();

/** What an admin may send for each item (older clients send bare strings; the editor converts them). */
/** A bare string item becomes `{ [key]: string }` before the item's schema reads it. */
const fromText = <T extends z.ZodType>(key: string, schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? { [key]: v } : v), schema);

const titled = fromText(
  'title',
  z.object({ id: itemIdInput, title: text(500).min(1, 'Title is required'), description: text(5000).nullish().transform((v) => v ?? '') }),
);
const symptomInput = fromText(
  'title',
  z.object({
    id: itemIdInput,
    title: text(500).min(1, 'Title is required'),
    description: text(5000).nullish().transform((v) => v ?? ''),
    icon: z
      .enum(SYMPTOM_ICONS, { error: `Icon must be one of ${SYMPTOM_ICONS.join(', ')}` })
      .nullish()
      .transform((v): SymptomIcon => v ?? DEFAULT_SYMPTOM_ICON),
  }),
);
const faqInput = z.object({ id: itemIdInput, question: text(1000).min(1, 'Question is required'), answer: text(5000) });
const testimonialInput = fromText(
  'text',
  z.object({
    id: itemIdInput,
    text: text(5000).min(1, 'Testimonial text is required'),
    rating: z.number({ error: 'Rating must be a number' }).min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5').nullish().transform((v) => v ?? 5),
    name: text(200).nullish().transform((v) => v || null),
  }),
);
const beforeAfterInput = z.object({
  id: itemIdInput,
  title: text(500),
  beforeImage: text(1024).nullish().transform((v) => v || null),
  afterImage: text(1024).nullish().transform((v) => v || null),
  beforeDescription: text(5000).nullish().transform((v) => v ?? ''),
  afterDescription: text(5000).nullish().transform((v) => v ?? ''),
  timeframe: text(200).nullish().transform((v) => v ?? ''),
});

/**
 * A list field as admins send it: an array, or JSON text of one (docs/admin.md#records
 * "Lists may arrive as arrays or JSON strings"); null or '' is an empty list.
 * Text that is not a JSON list is refused with `label must be a list`.
 */
export function listInput<T extends z.ZodType>(item: T, label: string) {
  return z
    .union([z.array(z.unknown()), z.string(), z.null()], { error: `${label} must be a list` })
    .transform((value, ctx): unknown[] => {
      if (value === null || value === '') return [];
      if (Array.isArray(value)) return value;
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // falls through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: `${label} must be a list` });
      return z.NEVER;
    })
    .pipe(z.array(item).max(LIST_MAX_ITEMS, `${label} can have at most ${LIST_MAX_ITEMS} items`));
}

export const contentListInputs = {
  benefits: listInput(titled, 'Benefits'),
  process: listInput(titled, 'Process'),
  symptoms: listInput(symptomInput, 'Symptoms'),
  faqs: listInput(faqInput, 'FAQs'),
  testimonials: listInput(testimonialInput, 'Testimonials'),
  beforeAfterImages: listInput(beforeAfterInput, 'Before and after stories'),
};

/** The content a landing page renders (docs/public-site.md#what-a-page-shows "Template content"). */
export const TemplateContentSchema = z.object({
  headline: z.string(),
  description: z.string(),
  metaDescription: z.string().nullable(),
  offer: z.string(),
  heroImage: z.string().nullable(),
  benefits: z.array(BenefitSchema),
  symptoms: z.array(SymptomSchema),
  process: z.array(ProcessStepSchema),
  faqs: z.array(FaqSchema),
  testimonials: z.array(TestimonialSchema),
  beforeAfterImages: z.array(BeforeAfterSchema),
});
export type TemplateContent = z.infer<typeof TemplateContentSchema>;
