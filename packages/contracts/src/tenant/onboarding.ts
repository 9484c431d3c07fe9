import { z } from 'zod';
import { optionalUrl, requiredEmail, requiredText } from '../fields';
import { isHostName, normaliseHost } from './domain';

/** Onboarding step 1: business details (public spec §5). */
export const OnboardingDetailsSchema = z.object({
  name: requiredText(3, 200, 'Business name must be at least 3 characters'),
  address: requiredText(5, 500, 'Address is required'),
  phone: requiredText(10, 40, 'Phone number is required'),
  email: requiredEmail('Must be a valid email'),
  website: optionalUrl(),
});
export type OnboardingDetails = z.infer<typeof OnboardingDetailsSchema>;

/** Onboarding step 2: at least one service. */
export const OnboardingServicesSchema = z.object({
  selectedServiceIds: z
    .array(z.number().int().positive())
    .min(1, 'Please select at least one service'),
});

/** The onboarding's progress bar per step (public spec §2). */
export const ONBOARDING_PROGRESS = { details: 33, services: 66, done: 100 } as const;
export type OnboardingStep = keyof typeof ONBOARDING_PROGRESS;

/** Descriptions on service cards are cut here (public spec §2). */
export const ONBOARDING_DESCRIPTION_LIMIT = 100;

/** How many services one business may pick at once (the catalogue is far smaller). */
export const MAX_ONBOARDING_SERVICES = 50;

/**
 * `POST /api/onboarding` (DESIGN §2: one public call instead of the spec's
 * admin calls): the details, the chosen service templates and, optionally,
 * the host the clinic's pages should answer on (it becomes a domain mapping).
 */
export const OnboardingSubmitSchema = OnboardingDetailsSchema.extend({
  domain: z
    .string()
    .trim()
    .max(253, 'Must be at most 253 characters')
    .transform((v) => normaliseHost(v.replace(/^https?:\/\//i, '').replace(/\/.*$/, '')))
    .refine((v) => v === '' || isHostName(v), 'Must be a domain like www.yourclinic.com')
    .nullish()
    .transform((v) => (v ? v : null)),
  selectedServiceIds: OnboardingServicesSchema.shape.selectedServiceIds
    .max(MAX_ONBOARDING_SERVICES, `Please select at most ${MAX_ONBOARDING_SERVICES} services`)
    .transform((ids) => [...new Set(ids)]),
});
export type OnboardingSubmit = z.output<typeof OnboardingSubmitSchema>;
export type OnboardingSubmitInput = z.input<typeof OnboardingSubmitSchema>;

/** What the onboarding answers: the new (or, for the same business again, the existing) clinic. */
export const OnboardingResultSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  /** The service templates now active for the clinic. */
  activatedServiceIds: z.array(z.number().int()),
  /** False when this submission found the clinic the same business created earlier. */
  created: z.boolean(),
});
export type OnboardingResult = z.infer<typeof OnboardingResultSchema>;
