import { z } from 'zod';
import { optionalUrl, requiredEmail, requiredText } from '../fields';
import { domainFromInput, isHostName } from '../web-address';
import { MAX_ONBOARDING_SERVICES, ONBOARDING_LENGTHS as L, ONBOARDING_MESSAGES as M } from './onboarding-wire';

/** Onboarding step 1: business details (docs/public-site.md#validation). */
export const OnboardingDetailsSchema = z.object({
  name: requiredText(L.name.min, L.name.max, M.name),
  address: requiredText(L.address.min, L.address.max, M.address),
  phone: requiredText(L.phone.min, L.phone.max, M.phone),
  email: requiredEmail(M.email),
  website: optionalUrl(),
});
export type OnboardingDetails = z.infer<typeof OnboardingDetailsSchema>;

/** Onboarding step 2: at least one service. */
export const OnboardingServicesSchema = z.object({
  selectedServiceIds: z.array(z.number().int().positive()).min(1, M.services),
});

/**
 * `POST /api/onboarding` (ARCHITECTURE.md#who-owns-what: one public call instead of the spec's
 * admin calls): the details, the chosen service templates and, optionally,
 * the host the clinic's pages should answer on (it becomes a domain mapping).
 */
export const OnboardingSubmitSchema = OnboardingDetailsSchema.extend({
  domain: z
    .string()
    .trim()
    .max(L.domain.max, `Must be at most ${L.domain.max} characters`)
    .transform(domainFromInput)
    .refine((v) => v === '' || isHostName(v), M.domain)
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
