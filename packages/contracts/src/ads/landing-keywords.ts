import { z } from 'zod';
import { idField } from '../fields';

/** The message match allow-list's route (docs/campaigns.md#message-match; the rules are in message-match.ts). */

/** `GET /internal/google-ads/landing-keywords`: one clinic's service page. */
export const LandingKeywordsQuerySchema = z.object({
  clientId: idField('Client id', { fromText: true }),
  serviceId: idField('Service id', { fromText: true }),
});
export type LandingKeywordsQuery = z.infer<typeof LandingKeywordsQuerySchema>;

/** The keywords a page may echo: its service's launched campaigns' and its template campaigns' (with the service's saved keywords). */
export const LandingKeywordsSchema = z.object({ keywords: z.array(z.string()) });
export type LandingKeywords = z.infer<typeof LandingKeywordsSchema>;
