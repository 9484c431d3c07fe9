import { z } from 'zod';
import { optionalUrl, requiredEmail } from '../fields';

/** Onboarding step 1: business details (public spec §5). */
export const OnboardingDetailsSchema = z.object({
  name: z
    .string({ error: 'Business name must be at least 3 characters' })
    .trim()
    .min(3, 'Business name must be at least 3 characters')
    .max(200, 'Must be at most 200 characters'),
  address: z.string({ error: 'Address is required' }).trim().min(5, 'Address is required').max(500),
  phone: z.string({ error: 'Phone number is required' }).trim().min(10, 'Phone number is required').max(40),
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
