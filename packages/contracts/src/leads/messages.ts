import { z } from 'zod';
import { LeadCallSchema, LeadNoteSchema } from './front-desk';
import { LeadStatusSchema } from './admin';
import { dayRange, isoDay } from '../ads/performance';
import { pagedSchema, pageQuery, pageSizeQuery } from '../paging';

/*
 * Speed to lead (docs/speed-to-lead.md): the messages a lead's patient gets
 * and sends (SMS and e-mail), the lead's one timeline in the portal, the
 * clinic's reply, and how fast leads are first contacted.
 */

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * first_reply: the automatic message right after the form; follow_up: a step
 * of the clinic's sequence; reply: written by a clinic user; inbound: what the
 * patient sent.
 */
export const MESSAGE_KINDS = ['first_reply', 'follow_up', 'reply', 'inbound'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Twilio's statuses as far as the timeline tells them apart; `sending` is ours: handed to the provider, no answer yet. */
export const MESSAGE_STATUSES = ['sending', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What the timeline calls each status of a message going out. */
export const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  sending: 'Sending',
  queued: 'Sent',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
  received: 'Received',
};

/** One SMS segment set: Twilio splits longer bodies; four segments is the most a reply may take. */
export const SMS_REPLY_MAX_LENGTH = 640;

export const SmsReplySchema = z.strictObject(
  {
    body: z
      .string({ error: 'Write a message' })
      .trim()
      .min(1, 'Write a message')
      .max(SMS_REPLY_MAX_LENGTH, `A text message can be at most ${SMS_REPLY_MAX_LENGTH} characters`),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
);
export type SmsReply = z.infer<typeof SmsReplySchema>;

/** Why the clinic cannot text this patient now (the reply box says it and stays closed). */
export const SMS_BLOCKED = {
  notConfigured: 'Text messages are not configured for the agency yet.',
  noPhone: 'The patient’s phone number cannot receive text messages.',
  noConsent: 'The patient did not agree to text messages on the form they sent.',
  optedOut: 'The patient replied STOP: no texts are sent to them until they reply START.',
} as const;

const timestamp = () => z.string();

export const TimelineMessageSchema = z.object({
  type: z.literal('message'),
  id: z.number().int(),
  at: timestamp(),
  channel: z.enum(MESSAGE_CHANNELS),
  direction: z.enum(['out', 'in']),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** A clinic user's name for a reply; 'Automatic' for the clinic's automatic messages; null for the patient's. */
  by: z.string().nullable(),
  /** The provider's words when it was not delivered. */
  error: z.string().nullable(),
});
export type TimelineMessage = z.infer<typeof TimelineMessageSchema>;

export const TimelineEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('form'), at: timestamp(), service: z.string().nullable(), message: z.string().nullable() }),
  TimelineMessageSchema,
  z.object({ type: z.literal('status'), at: timestamp(), from: LeadStatusSchema, to: LeadStatusSchema, by: z.string().nullable() }),
  z.object({ type: z.literal('appointment'), at: timestamp(), startAt: timestamp(), status: z.string(), service: z.string().nullable() }),
  /** A step of the clinic's follow-up sequence: waiting for its time, or stopped and why. */
  z.object({ type: z.literal('follow_up'), at: timestamp(), step: z.number().int(), state: z.enum(['scheduled', 'stopped', 'sent', 'not_sent']), note: z.string().nullable() }),
  /** The front desk's tools (docs/leads.md#the-front-desk): a note (with its versions), a call logged, an assignment, a task. */
  LeadNoteSchema.extend({ type: z.literal('note'), at: timestamp() }),
  LeadCallSchema.extend({ type: z.literal('call') }),
  z.object({ type: z.literal('assignment'), at: timestamp(), assigneeName: z.string().nullable(), by: z.string().nullable() }),
  z.object({ type: z.literal('task'), at: timestamp(), id: z.number().int(), title: z.string(), dueAt: timestamp(), assigneeName: z.string().nullable(), done: z.boolean(), doneAt: timestamp().nullable() }),
]);
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** `GET /api/portal/leads/:id/timeline`: oldest first, and whether the clinic can text the patient from there. */
export const LeadTimelineSchema = z.object({
  entries: z.array(TimelineEntrySchema),
  sms: z.object({ canReply: z.boolean(), blockedReason: z.string().nullable() }),
});
export type LeadTimeline = z.infer<typeof LeadTimelineSchema>;

/**
 * Texts from numbers that are no lead's (docs/speed-to-lead.md#inbound-texts): each number is a
 * conversation of its own for the agency to read and call back, newest first. No reply by text: such
 * a number gave no consent on a form.
 */
export const UNMATCHED_TEXTS_MAX_PAGE_SIZE = 50;
export const UNMATCHED_TEXTS_DEFAULT_PAGE_SIZE = 20;
/** The newest texts of a conversation that the list carries (its count says how many there are). */
export const UNMATCHED_TEXTS_PER_CONVERSATION = 10;

export const UnmatchedTextsQuerySchema = z.object({
  page: pageQuery(),
  pageSize: pageSizeQuery(UNMATCHED_TEXTS_MAX_PAGE_SIZE, UNMATCHED_TEXTS_DEFAULT_PAGE_SIZE),
});
export type UnmatchedTextsQuery = z.output<typeof UnmatchedTextsQuerySchema>;

export const UnmatchedConversationSchema = z.object({
  /** The sender's number, E.164. */
  phone: z.string(),
  /** How many texts that number sent, and when the last came. */
  count: z.number().int(),
  lastAt: timestamp(),
  /** Whether the number's last keyword was STOP (the consent ledger). */
  optedOut: z.boolean(),
  /** Its newest texts, oldest first. */
  texts: z.array(z.object({ id: z.number().int(), at: timestamp(), body: z.string() })),
});
export type UnmatchedConversation = z.infer<typeof UnmatchedConversationSchema>;

export const UnmatchedTextsSchema = pagedSchema(UnmatchedConversationSchema);
export type UnmatchedTexts = z.infer<typeof UnmatchedTextsSchema>;

/** Twilio's webhook paths (inbound messages and delivery receipts), behind the gateway. */
export const SMS_INBOUND_WEBHOOK_PATH = '/api/webhooks/sms/inbound';
export const SMS_STATUS_WEBHOOK_PATH = '/api/webhooks/sms/status';

/** A provider's webhook form: every field is signed, so every field is kept (strings only, as Twilio posts them). */
export const SmsWebhookFormSchema = z.record(z.string().max(64), z.string().max(2000));
export const SMS_WEBHOOK_BODY_LIMIT = 16 * 1024;

/** What a webhook without a valid signature gets. */
export const SMS_SIGNATURE_REFUSED = 'The request’s signature is missing or not valid.';

// ---- Speed to lead ------------------------------------------------------

/** The time bands of the first contact: under 5 minutes, 5–60 minutes, later (or never). */
export const SPEED_BANDS = ['under_5_min', '5_to_60_min', 'later'] as const;
export type SpeedBand = (typeof SPEED_BANDS)[number];
export const SPEED_BAND_LABELS: Readonly<Record<SpeedBand, string>> = {
  under_5_min: 'Under 5 min',
  '5_to_60_min': '5–60 min',
  later: 'Later or not yet',
};

const rangeShape = { from: isoDay('from'), to: isoDay('to') };
export const SpeedToLeadQuerySchema = dayRange(
  z.object({ clientId: z.coerce.number({ error: 'clientId must be a number' }).int().positive('clientId must be a positive number'), ...rangeShape }),
);
export type SpeedToLeadQuery = z.output<typeof SpeedToLeadQuerySchema>;
/** The portal's: its own clinic, from the signed identity. */
export const PortalSpeedToLeadQuerySchema = dayRange(z.object(rangeShape));

export const SpeedFiguresSchema = z.object({
  leads: z.number().int(),
  /** Leads first contacted so far (a message by a person, a call logged, or a booking). */
  contacted: z.number().int(),
  /** Null when no lead was contacted: nothing to take a median of. */
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
});

/** `GET /api/results/speed-to-lead`: the period's figures, its bands and its weeks (ISO weeks, Monday first). */
export const SpeedToLeadSchema = SpeedFiguresSchema.extend({
  bands: z.array(z.object({ band: z.enum(SPEED_BANDS), leads: z.number().int(), booked: z.number().int() })),
  weeks: z.array(SpeedFiguresSchema.extend({ week: z.string() })),
});
export type SpeedToLead = z.infer<typeof SpeedToLeadSchema>;

// ---- A clinic's automatic messages --------------------------------------

const clock = (label: string) => z.string({ error: `${label} must be a time like 20:00` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 20:00`);
const smsText = (label: string) =>
  z.string({ error: `Write the ${label}` }).trim().min(1, `Write the ${label}`).max(SMS_REPLY_MAX_LENGTH, `The ${label} can be at most ${SMS_REPLY_MAX_LENGTH} characters`);

/** Words a message template may use; {bookingLink} is left out when the clinic does not book the service online. */
export const MESSAGE_PLACEHOLDERS = ['{firstName}', '{clinic}', '{bookingLink}', '{clinicPhone}'] as const;

/**
 * What a clinic's patients hear automatically (docs/speed-to-lead.md): the first reply right after the form
 * (SMS and/or e-mail, each only with the patient's consent), follow-ups while the lead stays unbooked and
 * unanswered, and the quiet hours (the clinic's time zone) in which nothing is texted. The agency's defaults
 * apply to every clinic without its own.
 */
export const MessagingSettingsSchema = z.strictObject(
  {
    firstReplySms: z.boolean(),
    firstReplyEmail: z.boolean(),
    firstReplyText: smsText('first reply'),
    followUps: z
      .array(z.strictObject({ afterHours: z.number().int().min(1, 'A follow-up waits at least an hour').max(24 * 30, 'A follow-up waits at most 30 days'), text: smsText('follow-up') }))
      .max(5, 'A sequence has at most 5 follow-ups'),
    quietHours: z.strictObject({ start: clock('Quiet hours start'), end: clock('Quiet hours end') }),
    /** A lead still new this many minutes (in opening hours) nudges the clinic's users again (push). */
    nudgeAfterMinutes: z.number().int().min(5, 'Nudge after at least 5 minutes').max(24 * 60, 'Nudge within a day'),
    /** A lead still new this many minutes (in opening hours) is told to the agency's admins (e-mail). */
    escalateAfterMinutes: z
      .number({ error: 'Tell the agency after a number of minutes' })
      .int()
      .min(10, 'Tell the agency after at least 10 minutes')
      .max(7 * 24 * 60, 'Tell the agency within a week')
      .default(60),
    /** Each new lead is given to the clinic's next assignable user in turn (docs/leads.md#assignment). */
    roundRobin: z.boolean({ error: 'Round-robin must be on or off' }).default(false),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
);
export type MessagingSettings = z.output<typeof MessagingSettingsSchema>;

export const DEFAULT_MESSAGING_SETTINGS: MessagingSettings = {
  firstReplySms: true,
  firstReplyEmail: true,
  firstReplyText: 'Hi {firstName}, thanks for contacting {clinic}. Pick a time that suits you: {bookingLink} Reply STOP to opt out.',
  followUps: [
    { afterHours: 24, text: 'Hi {firstName}, {clinic} here. We would love to help: book a consultation at {bookingLink} or reply to this text. Reply STOP to opt out.' },
    { afterHours: 72, text: 'Hi {firstName}, a last note from {clinic}: times are still open at {bookingLink}. Reply STOP to opt out.' },
  ],
  quietHours: { start: '20:00', end: '08:00' },
  nudgeAfterMinutes: 15,
  escalateAfterMinutes: 60,
  roundRobin: false,
};

/** A clinic's messaging settings as answered: its own (`inherited` false), or the agency's defaults it follows. */
export const StoredMessagingSchema = z.object({
  /** 0: the agency's defaults. */
  clientId: z.number().int(),
  settings: MessagingSettingsSchema,
  inherited: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type StoredMessaging = z.infer<typeof StoredMessagingSchema>;
