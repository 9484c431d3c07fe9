import { z } from 'zod';
import type { ClinicRole } from '../clinic-roles';

/*
 * A clinic user's alerts of new leads (docs/leads.md#delivery): by e-mail, by
 * web push to their devices, by text, each on or off, and quiet hours that
 * hold them back. Every alert says only "New enquiry for <clinic> — open the
 * portal" with a link; the patient's details stay behind the sign-in.
 */

/** each: one e-mail per new lead; off: none (the portal still shows new leads live). */
export const NEW_LEAD_EMAIL_CHOICES = ['each', 'off'] as const;
export const NewLeadEmailSchema = z.enum(NEW_LEAD_EMAIL_CHOICES, { error: 'New-lead e-mail must be each or off' });
export type NewLeadEmail = z.infer<typeof NewLeadEmailSchema>;

/**
 * The default of a new user: owners hear of each lead (someone must, and the
 * owner is who the agency signed up), front desk and viewers opt in (a front
 * desk of five should not get five e-mails per lead unless each asks).
 */
export const defaultNewLeadEmail = (role: ClinicRole): NewLeadEmail => (role === 'owner' ? 'each' : 'off');

/** A push to the user's devices for each new lead; the same default as e-mail (owners on, the others opt in). */
export const NewLeadPushSchema = z.enum(NEW_LEAD_EMAIL_CHOICES, { error: 'New-lead notifications must be each or off' });
export type NewLeadPush = z.infer<typeof NewLeadPushSchema>;
export const defaultNewLeadPush = (role: ClinicRole): NewLeadPush => defaultNewLeadEmail(role);

/** A text for each new lead: off for everyone until they add a number and turn it on (a text costs, and wakes people). */
export const NewLeadSmsSchema = z.enum(NEW_LEAD_EMAIL_CHOICES, { error: 'New-lead texts must be each or off' });
export type NewLeadSms = z.infer<typeof NewLeadSmsSchema>;

/** A time of day, 24-hour 'HH:MM'. */
const timeOfDay = (which: 'start' | 'end', example: string) =>
  z
    .string({ error: `Quiet hours ${which} must be a time like ${example}` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Quiet hours ${which} must be a time like ${example}`);

/**
 * When alerts wait: from `start` to `end` in the clinic's time zone (overnight
 * when start is later than end, e.g. 20:00 to 07:00); an alert due then goes
 * at `end`. Null: alerts go at once, any hour.
 */
export const QuietHoursSchema = z
  .object({ start: timeOfDay('start', '20:00'), end: timeOfDay('end', '07:00') }, { error: 'Quiet hours must have a start and an end' })
  .refine((q) => q.start !== q.end, { message: 'Quiet hours must end at another time than they start', path: ['end'] });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/**
 * The mobile number texts go to, as typed ('(303) 555-0142', '+44 7700 900123'):
 * tenant reads it with libphonenumber-js (US when no country code is given) and
 * keeps it in E.164, or refuses it.
 */
export const SmsNumberSchema = z
  .string({ error: 'Must be a phone number' })
  .trim()
  .max(32, 'Must be a phone number like +1 303 555 0142')
  .nullable()
  .transform((v) => (v === '' ? null : v));

/** Said when texts are turned on with no number to send them to. */
export const SMS_NUMBER_REQUIRED = 'Add the mobile number the texts go to';

/** `GET /api/portal/me/notifications`: the signed-in user's own choices. */
export const NotificationPreferencesSchema = z.object({
  newLeadEmail: NewLeadEmailSchema,
  newLeadPush: NewLeadPushSchema,
  newLeadSms: NewLeadSmsSchema,
  /** E.164, or null. */
  smsNumber: z.string().nullable(),
  quietHours: QuietHoursSchema.nullable(),
  /** How many devices (browsers) of the user are subscribed to pushes. */
  pushDevices: z.number().int(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** `PATCH /api/portal/me/notifications`: any of the choices; what is not sent stays. */
export const NotificationPreferencesUpdateSchema = z
  .strictObject(
    {
      newLeadEmail: NewLeadEmailSchema.optional(),
      newLeadPush: NewLeadPushSchema.optional(),
      newLeadSms: NewLeadSmsSchema.optional(),
      smsNumber: SmsNumberSchema.optional(),
      quietHours: QuietHoursSchema.nullable().optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
  )
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change');
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

/** A push subscription's key, base64url as the browser gives it. */
const pushKey = (name: string) => z.string({ error: `The subscription's ${name} key is missing` }).regex(/^[A-Za-z0-9_-]{16,200}=*$/, `The subscription's ${name} key is not valid`);

/**
 * `POST /api/portal/me/push-subscriptions`: `PushSubscription.toJSON()` of the
 * signed-in user's browser. The endpoint must be https (tenant allows http to
 * a loopback host only when PUSH_ALLOW_LOOPBACK is set, for tests).
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'The subscription’s endpoint must be an https address' }).max(2000, 'The subscription’s endpoint is too long'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: pushKey('p256dh'), auth: pushKey('auth') }, { error: 'The subscription has no keys' }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** `DELETE /api/portal/me/push-subscriptions` (this device turns pushes off), and the leads worker's forgetting of a gone one. */
export const PushSubscriptionRefSchema = z.object({ endpoint: z.string({ error: 'Say which subscription: its endpoint' }).min(1).max(2000) });

/** `GET /api/portal/push/public-key`: the VAPID key the browser subscribes with. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });

/** Where one device gets pushes: what the push adapter needs (service-kit/push.ts `PushTarget`). */
export const PushTargetSchema = z.object({ endpoint: z.string(), keys: z.object({ p256dh: z.string(), auth: z.string() }) });
export type PushTarget = z.infer<typeof PushTargetSchema>;

/**
 * `GET /internal/clients/:id/lead-recipients` (leads' worker): the clinic's
 * active users who get any alert of a new lead, each with the token of their
 * one-click unsubscribe link (valid until their preference next changes) and,
 * per channel, where it goes: `email` when they chose e-mails, their devices'
 * subscriptions when they chose pushes (none: no push), their E.164 number
 * when they chose texts. `email` (the address) stays at the top for callers
 * that only e-mail.
 */
export const LeadRecipientSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  unsubscribeToken: z.string(),
  channels: z.object({ email: z.boolean(), push: z.array(PushTargetSchema), sms: z.string().nullable() }),
  quietHours: QuietHoursSchema.nullable(),
});
export type LeadRecipient = z.infer<typeof LeadRecipientSchema>;

/** The one-click unsubscribe link's path (RFC 8058): GET shows a button, POST turns the e-mails off. */
export const UNSUBSCRIBE_PATH = '/api/portal/unsubscribe';

export const UnsubscribeQuerySchema = z.object({
  token: z.string({ error: 'The link is missing its token' }).trim().min(1, 'The link is missing its token').max(300, 'This link is not valid'),
});

/** What a mail client posts (RFC 8058 `List-Unsubscribe=One-Click`), or the confirmation page's button; nothing is required. */
export const UnsubscribeFormSchema = z.object({ 'List-Unsubscribe': z.string().max(100).optional() }).optional();

/** The unsubscribe link for a token, on the origin the portal is reached at. */
export const unsubscribeUrl = (origin: string, token: string) => `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
