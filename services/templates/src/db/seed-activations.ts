import { join } from 'node:path';
import { BenefitSchema, FaqSchema, TestimonialSchema, type Benefit, type Faq, type Testimonial } from '@hap/contracts';
import { readSeedFile } from '@hap/service-kit';
import { z } from 'zod';

/** A demo clinic's activated service, with some of its own content (tenant's clinics 1–11). */
export interface SeedActivation {
  clientId: number;
  templateId: number;
  customTitle?: string;
  customOffer?: string;
  customOfferDescription?: string;
  customDescription?: string;
  customBenefits?: Benefit[];
  customFaqs?: Faq[];
  customTestimonials?: Testimonial[];
}

const ActivationsFile = z.array(
  z.object({
    clientId: z.number().int().positive(),
    templateId: z.number().int().positive(),
    customTitle: z.string().optional(),
    customOffer: z.string().optional(),
    customOfferDescription: z.string().optional(),
    customDescription: z.string().optional(),
    customBenefits: z.array(BenefitSchema).optional(),
    customFaqs: z.array(FaqSchema).optional(),
    customTestimonials: z.array(TestimonialSchema).optional(),
  }),
);

/** Data in services/templates/seed/activations.json (read from src/db and dist/db alike). */
export const SEED_ACTIVATIONS: SeedActivation[] = readSeedFile(join(__dirname, '../../seed/activations.json'), ActivationsFile);
