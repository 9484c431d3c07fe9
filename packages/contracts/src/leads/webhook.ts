import { z } from 'zod';

/**
 * A clinic's lead webhook (issue 7, delivery): what leads POSTs to the URL an
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

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A webhook carries a patient's name, e-mail and phone: https only. Plain
 * http is accepted for a loopback receiver (a developer's machine, tests).
 */
export function isAcceptableWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

export const WEBHOOK_URL_MESSAGE = 'Must be an https:// URL (it receives patient details)';

/** The clinic's webhook URL as admins set it: '' or null clears it. */
export const optionalWebhookUrl = () =>
  z
    .string()
    .trim()
    .max(2048, 'Must be at most 2048 characters')
    .refine((v) => v === '' || isAcceptableWebhookUrl(v), WEBHOOK_URL_MESSAGE)
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
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
    utmTerm: z.string().nullable(),
    utmContent: z.string().nullable(),
    gclid: z.string().nullable(),
  }),
});
export type LeadWebhookPayload = z.infer<typeof LeadWebhookPayloadSchema>;
