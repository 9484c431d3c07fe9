import { z } from 'zod';
import { optionalUrl, requiredEmail, requiredText } from '../fields';

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
