import { z } from 'zod';
import { noNul, NUL_MESSAGE, phoneDigits, requiredEmail, requiredText } from '../fields';

/** The public lead form (docs/public-site.md#validation). */
export const LeadFormSchema = z.object({
  name: requiredText(2, 200, 'Name must be at least 2 characters'),
  email: requiredEmail('Please enter a valid email address'),
  phone: z
    .string({ error: 'Phone number must be at least 10 digits' })
    .trim()
    .max(40, 'Must be at most 40 characters')
    .refine((v) => phoneDigits(v) >= 10, 'Phone number must be at least 10 digits')
    .refine(noNul, NUL_MESSAGE),
  message: z.string().trim().max(5000, 'Must be at most 5000 characters').refine(noNul, NUL_MESSAGE).optional(),
});
export type LeadForm = z.infer<typeof LeadFormSchema>;
