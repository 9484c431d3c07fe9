import { z } from 'zod';
import { isLeadConsentVersion, LEAD_CONSENT_STATUSES, type LeadConsentVersion } from './consent';
import { LeadSubmitSchema } from './lead';

/**
 * A lead the leads API accepted while PostgreSQL could not be reached: held
 * in Redis (the leads service's `leads.parked` stream) by the API and stored
 * by the leads worker once the database is back. It carries everything the
 * stored row needs, decided when the visitor sent it: the reference the
 * visitor was given, the time, the service check's outcome and the consent
 * record, so the row is the one the visitor would have got at once.
 */
export const ParkedLeadSchema = z.object({
  /** The reference answered to the visitor (202): the stored lead's. */
  reference: z.uuid(),
  /** When the visitor sent it: the stored lead's creation (and consent) time. */
  receivedAt: z.iso.datetime({ offset: true }),
  /** The submission as parsed (it parses again to itself). */
  body: LeadSubmitSchema,
  idempotencyKey: z.string().min(1).max(100).nullable(),
  requestHash: z.string().min(1),
  /** Whether templates confirmed the service (false: it could not answer). */
  serviceChecked: z.boolean(),
  consent: z.object({
    status: z.enum(LEAD_CONSENT_STATUSES),
    version: z
      .string()
      .refine(isLeadConsentVersion)
      .transform((v) => v as LeadConsentVersion)
      .nullable(),
    text: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ParkedLead = z.infer<typeof ParkedLeadSchema>;

/** What a retry of a held lead is answered: its reference, if it is the same submission. */
export interface ParkedLeadReceipt {
  reference: string;
  requestHash: string;
}
