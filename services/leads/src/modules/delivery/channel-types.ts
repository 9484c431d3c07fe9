import type { LeadRecipient } from '@hap/contracts';
import type { GoHighLevel } from '@hap/service-kit/gohighlevel';
import { GHL_NOT_CONFIGURED } from '@hap/service-kit/gohighlevel';
import { PUSH_NOT_CONFIGURED, type WebPush } from '@hap/service-kit/push';
import type { Sms } from '@hap/service-kit/sms';
import type { Mailer } from '@hap/service-kit';
import type { ConversionUploader } from '../../clients/ads.client';
import type { Clinic } from '../../clients/tenant.client';
import type { PatientBookingLinks } from '../booking/booking-links';
import type { MessageRepository } from '../messages/message.repository';
import type { PatientTexter } from '../messages/patient-text';
import type { DeliveryWithLead } from './delivery.repository';
import type { WebhookSender } from './webhook';

/*
 * What every delivery channel shares (channels.ts holds the registry, user-alerts.ts the clinic users' and
 * the agency's alerts): the providers a worker delivers through, what one attempt comes to, and the words
 * recorded when a channel did not send.
 */

/** Why a channel did not send, recorded on the delivery for admins. */
export const NOT_CONFIGURED = {
  smtp: 'E-mail is not configured (set SMTP_URL).',
  clinicEmail: 'The clinic has no e-mail address.',
  leadDetailEmail: 'The clinic gets no e-mail with patient details (the agency’s switch is off); its users get alerts that link to the portal.',
  crm: 'The clinic has no CRM account yet.',
  crmProvider: GHL_NOT_CONFIGURED,
  webhook: 'The clinic has no webhook set.',
  gclid: 'The lead did not come from a Google ad (no click id).',
  adsService: 'This worker has no ads service to upload conversions through.',
  noRecipients: 'No user of the clinic gets an alert of each new lead.',
  noAlertProvider: 'Neither e-mail nor web push is configured (set SMTP_URL, or VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT).',
  recipientGone: 'This user no longer gets e-mails of new leads (turned off, disabled or removed).',
  push: PUSH_NOT_CONFIGURED,
  pushRecipientGone: 'This user no longer gets pushes of new leads (turned off, no device left, disabled or removed).',
  pushDevicesGone: 'Every device of this user dropped its subscription; they were removed.',
  smsRecipientGone: 'This user no longer gets texts of new leads (turned off, no number, disabled or removed).',
  noNudgeRecipients: 'No user of the clinic takes pushes now (none chose them, no device, or all in quiet hours).',
  noAgencyRecipients: 'The agency has no enabled admin to tell.',
  patientConsent: 'The patient did not agree to be contacted: no e-mail is sent to them.',
  patientEmailOff: 'The clinic sends no first e-mail (its messaging settings).',
} as const;

/** The outside services a worker delivers through; null or absent: not set up in this process. */
export interface DeliveryProviders {
  mailer: Mailer | null;
  webhooks: WebhookSender;
  /** The GoHighLevel adapter; null when the agency's credentials are not set. */
  crm: GoHighLevel | null;
  /** The ads service, which uploads offline conversions to Google Ads (absent: those deliveries say so). */
  ads?: ConversionUploader;
  /** The origin the portal is reached at (PUBLIC_BASE_URL): clinic users' e-mails link there. */
  portalOrigin?: string;
  /** The patient's booking link of a lead (booking-links.ts), null when its service is not booked online; absent: receipts go without one. */
  patientBooking?: PatientBookingLinks;
  /** The SMS adapter (clinic users' text alerts); null when SMS is not configured (TWILIO_*). */
  sms?: Sms | null;
  /** Texts patients (messages/patient-text.ts); null when SMS is not configured (TWILIO_*). */
  texter?: PatientTexter | null;
  /** Where patients' messages are kept for the lead's timeline, and the clinics' messaging settings (absent: not kept, defaults). */
  messages?: MessageRepository;
  /** The web push adapter; null or absent when the VAPID keys are not set. */
  push?: WebPush | null;
  /** The clinic's time zone (its booking availability's), null when it has none: quiet hours are read there. */
  clinicZone?: (clientId: number) => Promise<string | null>;
  /** The clock quiet hours are read on: the real one, or a test's. */
  now?: () => Date;
}

/** What one attempt came to; a failure is thrown instead (and retried unless the channel says no retry helps). */
export type DeliveryOutcome =
  | { status: 'delivered'; note: string | null }
  | { status: 'not_configured'; note: string }
  /** A follow-up that no longer goes (the patient booked, replied or opted out; the clinic moved the lead). */
  | { status: 'stopped'; note: string }
  /** The provider asks for it again after `retryInMs`: the job waits that long without spending a try. */
  | { status: 'deferred'; note: string | null; retryInMs: number };

export interface DeliveryContext {
  providers: DeliveryProviders;
  /** The lead's clinic as tenant knows it (asked only by channels that need it). */
  clinic: () => Promise<Clinic>;
  /** The clinic's users who get any alert of a new lead and where each goes, asked afresh (notify_users, user_email, user_push). */
  recipients: () => Promise<LeadRecipient[]>;
  /** Adds pending deliveries of the lead's alerts to users (one per user and channel, however often asked); how many were new. */
  addUserAlerts: (alerts: ReadonlyArray<{ channel: 'user_email' | 'user_push' | 'user_sms'; recipient: string; userId: number }>) => Promise<number>;
  /** The agency's admins to tell of a lead still waiting (nudge_agency). */
  agencyRecipients: () => Promise<Array<{ email: string }>>;
  /** Tells tenant a push subscription is gone (the push service answered 404/410). */
  forgetPushSubscription: (endpoint: string) => Promise<void>;
}

export interface DeliveryChannelEntry {
  /** Every new lead gets a delivery of this channel in its outbox; otherwise something else makes them. */
  readonly withEachLead: boolean;
  /** Why this process can deliver the channel to no clinic (its provider is not set up), else null: the relay settles such rows without a job. */
  unavailable?(providers: Partial<DeliveryProviders>): string | null;
  /** What a clinic lacks for the channel, else null: the relay settles such rows from tenant's answer, without a job. */
  clinicLacks?(clinic: Clinic): string | null;
  deliver(delivery: DeliveryWithLead, context: DeliveryContext): Promise<DeliveryOutcome>;
  /** A failure no retry can fix: the row fails at once, for an admin to retry after fixing the cause. Absent: every failure is retried. */
  refusedForGood?(err: unknown): boolean;
}

export const delivered = (note: string | null = null): DeliveryOutcome => ({ status: 'delivered', note });
export const notConfigured = (note: string): DeliveryOutcome => ({ status: 'not_configured', note });
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

