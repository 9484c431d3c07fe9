import { z } from 'zod';
import { successEnvelope } from '../envelope';

/**
 * A client's service as `GET /api/client-services/{clientId}` lists it for
 * pages (public spec §3 "Client service", field names as the spec has them).
 * The templates service that answers it arrives with the templates issue;
 * pages read it through this schema already.
 */
export const ClientServiceSummarySchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string().nullish(),
  customTitle: z.string().nullish(),
  path: z.string().nullish(),
  template_slug: z.string().nullish(),
  templateId: z.union([z.string(), z.number()]).nullish(),
  description: z.string().nullish(),
  customDescription: z.string().nullish(),
  custom_offer: z.string().nullish(),
  heroBackgroundPath: z.string().nullish(),
  isActive: z.boolean().default(true),
});
export type ClientServiceSummary = z.infer<typeof ClientServiceSummarySchema>;

/** The whole answer of `GET /api/client-services/{clientId}`. */
export const ClientServiceListAnswerSchema = successEnvelope(z.array(ClientServiceSummarySchema));

/** public spec §4: the description a service card shows when it has none. */
export const DEFAULT_SERVICE_DESCRIPTION = 'Learn more about this specialized service.';
