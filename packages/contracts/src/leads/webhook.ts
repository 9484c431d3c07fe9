import { z } from 'zod';
import { LeadConsentSchema } from './lead';
import { LeadTouchSchema } from './admin';
import { isPublicHost } from '../public-address';

/**
 * A clinic's lead webhook (delivery): what leads POSTs to the URL an
 * admin set on the clinic, and how the receiver checks it came from us.
 *
 * Signature: `X-HAP-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the clinic's webhook secret>`.
 * A receiver recomputes v1 over the raw body, compares in constant time and
 * refuses a `t` older than a few minutes (a replayed request). `X-HAP-Delivery`
 * is the same on every retry of one delivery: a receiver that saw it already
 * answers 2xx and skips it.
 */
export const WEBHOOK_HEADERS = {
  signature: 'x-hap-signature',
  event: 'x-hap-event',
  delivery: 'x-hap-delivery',
} as const;

/** The one event sent today. */
export const LEAD_CREATED_EVENT = 'lead.created';

/** A webhook carries a patient's name, e-mail and phone: https only, and no credentials in the address. */
export function isHttpsWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password;
}

/**
 * An https URL whose host is on the internet (public-address.ts): an address
 * literal must be global unicast (`https://127.0.0.1/`, `https://[::127.0.0.1]/`,
 * `https://2130706433/` and `https://10.0.0.1/` are refused when saved, not
 * only at delivery) and a name must not be a local one (`localhost`,
 * `*.internal`, a bare `redis`). Leads checks every address a name resolves
 * to again when it connects (services/leads/src/modules/delivery/webhook.ts).
 */
export function isAcceptableWebhookUrl(value: string): boolean {
  return isHttpsWebhookUrl(value) && isPublicHost(new URL(value).hostname);
}

export const WEBHOOK_URL_MESSAGE = 'Must be an https:// URL (it receives patient details)';
export const WEBHOOK_HOST_MESSAGE = 'Must be a public internet address, not a local, private or reserved one';

/** The clinic's webhook URL as admins set it: '' or null clears it. */
export const optionalWebhookUrl = () =>
  z
    .string()
    .trim()
    .max(2048, 'Must be at most 2048 characters')
    .refine((v) => v === '' || isHttpsWebhookUrl(v), { message: WEBHOOK_URL_MESSAGE, abort: true })
    .refine((v) => v === '' || isAcceptableWebhookUrl(v), WEBHOOK_HOST_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null));

/** The body of a `lead.created` delivery. */
export const LeadWebhookPayloadSchema = z.object({
  event: z.literal(LEAD_CREATED_EVENT),
  /** The delivery's id, as in `X-HAP-Delivery`. */
  deliveryId: z.string(),
  lead: z.object({
    reference: z.uuid(),
    createdAt: z.iso.datetime({ offset: true }),
    clientId: z.number().int(),
    serviceId: z.number().int().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string().nullable(),
    landingPath: z.string().nullable(),
    styleVariant: z.string().nullable(),
    ...LeadTouchSchema.pick({ utmSource: true, utmMedium: true, utmCampaign: true, utmTerm: true, utmContent: true, gclid: true }).shape,
    /**
     * Added with consent versions (docs/consent.md; receivers that ignore unknown
     * fields are unaffected): `status` 'not_captured' when the lead came without
     * consent, and then no sentence; never the consent IP or user agent.
     */
    consent: LeadConsentSchema,
  }),
});
export type LeadWebhookPayload = z.infer<typeof LeadWebhookPayloadSchema>;
