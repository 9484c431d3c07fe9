import { join } from 'node:path';
import {
  BeforeAfterSchema,
  BenefitSchema,
  DEMO_TEMPLATE_ART,
  FaqSchema,
  ProcessStepSchema,
  SymptomSchema,
  TestimonialSchema,
  type BeforeAfterStory,
  type Benefit,
  type DemoArtSlug,
  type Faq,
  type ProcessStep,
  type Symptom,
  type Testimonial,
} from '@hap/contracts';
import { readSeedFile } from '@hap/service-kit';
import { z } from 'zod';

/**
 * The demo service templates (data in services/templates/seed/templates.json),
 * written as a clinic's marketer would but with care: health claims stay modest
 * (no cures, results vary, a clinician decides). Each has a hero image and
 * before/after pictures: abstract art that tenant's seed draws under the paths
 * of `DEMO_TEMPLATE_ART` (contracts), filled in here.
 */
export interface SeedTemplate {
  id: number;
  subcategoryId: number;
  slug: DemoArtSlug;
  /** `DEMO_TEMPLATE_ART[slug].hero`. */
  heroImage: string;
  name: string;
  headline: string;
  description: string;
  metaDescription: string;
  offer: string;
  symptoms: Symptom[];
  benefits: Benefit[];
  process: ProcessStep[];
  faqs: Faq[];
  testimonials: Testimonial[];
  beforeAfterImages: BeforeAfterStory[];
}

const TemplatesFile = z.array(
  z.object({
    id: z.number().int().positive(),
    subcategoryId: z.number().int().positive(),
    slug: z.string().refine((slug): slug is DemoArtSlug => Object.hasOwn(DEMO_TEMPLATE_ART, slug), 'not a demo art slug'),
    name: z.string().min(1),
    headline: z.string(),
    description: z.string(),
    metaDescription: z.string(),
    offer: z.string(),
    symptoms: z.array(SymptomSchema),
    benefits: z.array(BenefitSchema),
    process: z.array(ProcessStepSchema),
    faqs: z.array(FaqSchema),
    testimonials: z.array(TestimonialSchema),
    beforeAfterImages: z.array(BeforeAfterSchema),
  }),
);

// From src/db (tests) and dist/db (the built service) alike.
const TEMPLATE_TEXTS: Array<Omit<SeedTemplate, 'heroImage'>> = readSeedFile(join(__dirname, '../../seed/templates.json'), TemplatesFile);

/** A template's stories with the demo art's before and after pictures, story by story. */
export function withDemoArt(template: Omit<SeedTemplate, 'heroImage'>): SeedTemplate {
  const art = DEMO_TEMPLATE_ART[template.slug];
  return {
    ...template,
    heroImage: art.hero,
    beforeAfterImages: template.beforeAfterImages.map((story, i) => ({
      ...story,
      beforeImage: story.beforeImage ?? art.stories[i]?.before ?? null,
      afterImage: story.afterImage ?? art.stories[i]?.after ?? null,
    })),
  };
}

export const SEED_TEMPLATES: SeedTemplate[] = TEMPLATE_TEXTS.map(withDemoArt);
