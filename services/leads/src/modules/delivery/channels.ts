import { ApiError, consentCovers, DEFAULT_PORTS, DELIVERY_CHANNELS, LEAD_CREATED_EVENT, type DeliveryChannel, type LeadRecipient, type LeadWebhookPayload } from '@hap/contracts';
import { GhlError, GHL_NOT_CONFIGURED, type GoHighLevel } from '@hap/service-kit/gohighlevel';
import type { ConversionUploader } from '../../clients/ads.client';
import type { Clinic, TenantClient } from '../../clients/tenant.client';
import { consentOf } from '../leads/lead-consent';
import { attributionOf } from '../leads/lead.rules';
import type { DeliveryWithLead } from './delivery.repository';
import { leadEmail } from './lead-email';
import type { Mailer } from '@hap/service-kit';
import { patientReceiptEmail } from './patient-email';
import { userLeadEmail } from './user-email';
import type { PatientBookingLinks } from '../booking/booking-links';
import type { WebhookSender } from './webhook';
import type { PatientTexter } from '../messages/patient-text';
import type { MessageRepository } from '../messages/message.repository';
import { SMS_NOT_CONFIGURED, SmsError } from '@hap/service-kit/sms';

/**
 * The delivery channels of a lead (contracts `DELIVERY_CHANNELS`), one entry
 * each: whether a new lead gets it, what the relay can settle without a job,
 * how one delivery is made and which failures no retry fixes. The
 * `leads.deliver` job (deliver.job.ts) looks a row's channel up here; a new
 * channel is one entry and its adapter.
 */

/** Why a channel did not send, recorded on the delivery for admins. */
export const NOT_CONFIGURED = {
  smtp: 'E-mail is not configured (set SMTP_URL).',
  clinicEmail: 'The clinic has no e-mail address.',
  crm: 'The clinic has no CRM account yet.',
  crmProvider: GHL_NOT_CONFIGURED,
  webhook: 'The clinic has no webhook set.',
  gclid: 'The lead did not come from a Google ad (no click id).',
  adsService: 'This worker has no ads service to upload conversions through.',
  noRecipients: 'No user of the clinic gets an e-mail for each new lead.',
  recipientGone: 'This user no longer gets e-mails of new leads (turned off, disabled or removed).',
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
  /** Texts patients (messages/patient-text.ts); null when SMS is not configured (TWILIO_*). */
  texter?: PatientTexter | null;
  /** Where patients' messages are kept for the lead's timeline, and the clinics' messaging settings (absent: not kept, defaults). */
  messages?: MessageRepository;
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
  /** The clinic's users who chose an e-mail for each new lead, asked afresh (notify_users, user_email). */
  recipients: () => Promise<LeadRecipient[]>;
  /** Adds a pending user_email delivery of the lead per recipient (one each, however often asked); how many were new. */
  addUserEmails: (recipients: readonly LeadRecipient[]) => Promise<number>;
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

const delivered = (note: string | null = null): DeliveryOutcome => ({ status: 'delivered', note });
const notConfigured = (note: string): DeliveryOutcome => ({ status: 'not_configured', note });

/** How a lead appears in the clinic's CRM. */
export const CRM_CONTACT_SOURCE = 'Website form';
export const CRM_CONTACT_TAGS = ['website lead'];
/**
 * The contact's tag for its consent (docs/consent.md): the clinic's automations
 * can tell a patient who agreed to be contacted by text or e-mail from one
 * whose request came without consent, who must not be treated as consented.
 */
export const CRM_CONSENT_TAGS = { captured: 'consent captured', not_captured: 'consent not captured' } as const;

/** What a clinic's receiver gets: the lead, its service, attribution and consent (never its IP or user agent). */
function webhookPayload(delivery: DeliveryWithLead): LeadWebhookPayload {
  return {
    event: LEAD_CREATED_EVENT,
    deliveryId: delivery.id,
    lead: {
      reference: delivery.reference,
      createdAt: delivery.created_at.toISOString(),
      clientId: delivery.client_id,
      serviceId: delivery.service_id,
      name: delivery.name,
      email: delivery.email,
      phone: delivery.phone,
      message: delivery.message,
      ...attributionOf(delivery),
      consent: consentOf(delivery),
    },
  };
}

/** A Google Ads answer that no retry changes (an unreadable or expired click id). */
const REFUSED_CONVERSION_STATUSES = new Set([400, 404, 422]);

const DELIVERY_CHANNEL_REGISTRY: { readonly [C in DeliveryChannel]: DeliveryChannelEntry } = {
  /** The clinic's e-mail (SMTP), reply-to the patient. */
  email: {
    withEachLead: true,
    unavailable: ({ mailer }) => (mailer ? null : NOT_CONFIGURED.smtp),
    async deliver(delivery, { providers: { mailer }, clinic }) {
      if (!mailer) return notConfigured(NOT_CONFIGURED.smtp);
      const { name, email } = await clinic();
      if (!email) return notConfigured(NOT_CONFIGURED.clinicEmail);
      await mailer.send(
        leadEmail(
          {
            reference: delivery.reference,
            name: delivery.name,
            email: delivery.email,
            phone: delivery.phone,
            message: delivery.message,
            createdAt: delivery.created_at,
            utmSource: delivery.utm_source,
            utmCampaign: delivery.utm_campaign,
            landingPath: delivery.landing_path,
            consent: consentOf(delivery),
          },
          { name, email },
        ),
      );
      return delivered();
    },
  },
  /**
   * Who of the clinic's users gets an e-mail of this lead (tenant's answer):
   * one user_email delivery each, which the relay then hands over like any
   * other. A retry adds only the missing ones.
   */
  notify_users: {
    withEachLead: true,
    unavailable: ({ mailer }) => (mailer ? null : NOT_CONFIGURED.smtp),
    async deliver(_delivery, { recipients, addUserEmails }) {
      const found = await recipients();
      if (!found.length) return notConfigured(NOT_CONFIGURED.noRecipients);
      const added = await addUserEmails(found);
      return delivered(`${found.length} user${found.length === 1 ? '' : 's'} to e-mail${added < found.length ? ` (${found.length - added} added before)` : ''}.`);
    },
  },
  /**
   * One clinic user's e-mail of a new lead: no patient details, a link to the
   * lead in the portal and a one-click unsubscribe. Sent only if the user
   * still chooses it when it goes (tenant is asked again).
   */
  user_email: {
    withEachLead: false,
    unavailable: ({ mailer }) => (mailer ? null : NOT_CONFIGURED.smtp),
    async deliver(delivery, { providers: { mailer, portalOrigin }, clinic, recipients }) {
      if (!mailer) return notConfigured(NOT_CONFIGURED.smtp);
      const recipient = (await recipients()).find((r) => r.userId === delivery.recipient_user_id);
      if (!recipient) return notConfigured(NOT_CONFIGURED.recipientGone);
      const { name } = await clinic();
      await mailer.send(
        userLeadEmail({
          to: recipient.email,
          clinicName: name,
          leadId: delivery.lead_id,
          origin: portalOrigin ?? `http://localhost:${DEFAULT_PORTS.gateway}`,
          unsubscribeToken: recipient.unsubscribeToken,
        }),
      );
      return delivered();
    },
  },
  /**
   * The patient's receipt in the clinic's name (patient-email.ts), with the link to book a time when the
   * clinic books the service online; only with the patient's consent to be contacted. A lead booked
   * already (on the thank-you page) gets none: the appointment's e-mail confirms it.
   */
  patient_email: {
    withEachLead: true,
    unavailable: ({ mailer }) => (mailer ? null : NOT_CONFIGURED.smtp),
    async deliver(delivery, { providers: { mailer, patientBooking, messages }, clinic }) {
      if (!mailer) return notConfigured(NOT_CONFIGURED.smtp);
      if (!consentCovers(consentOf(delivery), 'email')) return notConfigured(NOT_CONFIGURED.patientConsent);
      if (messages && !(await messages.settingsOf(delivery.client_id)).firstReplyEmail) return notConfigured(NOT_CONFIGURED.patientEmailOff);
      const lead = { id: Number(delivery.lead_id), clientId: delivery.client_id, serviceId: delivery.service_id };
      const booking = patientBooking ? await patientBooking(lead) : { url: null, booked: false };
      if (booking.booked) return delivered('Booked already: the appointment’s e-mail confirms it.');
      const { name, email, phone } = await clinic();
      const { fromName, ...mail } = patientReceiptEmail({ to: delivery.email, patientName: delivery.name, clinic: { name, email, phone }, bookingUrl: booking.url });
      await mailer.send({ ...mail, fromName });
      await messages?.recordEmail({ clientId: delivery.client_id, leadId: delivery.lead_id, deliveryId: delivery.id, body: `${mail.subject}\n\n${mail.text}` });
      return delivered(booking.url ? 'With the link to book a time.' : null);
    },
  },
  /**
   * The patient's first text, in the clinic's words with the booking link, within a minute of the form
   * (docs/speed-to-lead.md): only with SMS consent, never after STOP or in quiet hours. Once sent, it adds
   * the clinic's follow-up steps to the outbox, each due in its time.
   */
  patient_sms: {
    withEachLead: true,
    unavailable: ({ texter }) => (texter ? null : SMS_NOT_CONFIGURED),
    async deliver(delivery, { providers: { texter }, clinic }) {
      if (!texter) return notConfigured(SMS_NOT_CONFIGURED);
      const { name, phone } = await clinic();
      return texter.text(delivery, { name, phone }, delivery.lead_status);
    },
    refusedForGood: (err) => err instanceof SmsError && !err.retryable,
  },
  /** A step of the clinic's follow-up sequence, made by patient_sms and due at its time; stopped once the lead moves on. */
  patient_follow_up: {
    withEachLead: false,
    async deliver(delivery, { providers: { texter }, clinic }) {
      if (!texter) return notConfigured(SMS_NOT_CONFIGURED);
      const { name, phone } = await clinic();
      return texter.text(delivery, { name, phone }, delivery.lead_status);
    },
    refusedForGood: (err) => err instanceof SmsError && !err.retryable,
  },
  /** A signed POST to the clinic's receiver; only a 2xx counts. */
  webhook: {
    withEachLead: true,
    clinicLacks: (clinic) => (clinic.webhook ? null : NOT_CONFIGURED.webhook),
    async deliver(delivery, { providers: { webhooks }, clinic }) {
      const { webhook } = await clinic();
      if (!webhook) return notConfigured(NOT_CONFIGURED.webhook);
      await webhooks.send({ url: webhook.url, secret: webhook.secret, deliveryId: delivery.id, payload: webhookPayload(delivery) });
      return delivered();
    },
  },
  /** A contact in the clinic's GoHighLevel sub-account (an upsert: a retry never makes a second one). */
  crm: {
    withEachLead: true,
    unavailable: ({ crm }) => (crm ? null : NOT_CONFIGURED.crmProvider),
    clinicLacks: (clinic) => (clinic.crmLocationId ? null : NOT_CONFIGURED.crm),
    async deliver(delivery, { providers: { crm }, clinic }) {
      if (!crm) return notConfigured(NOT_CONFIGURED.crmProvider);
      const { crmLocationId } = await clinic();
      if (!crmLocationId) return notConfigured(NOT_CONFIGURED.crm);
      await crm.upsertContact(crmLocationId, {
        name: delivery.name,
        email: delivery.email,
        phone: delivery.phone,
        source: CRM_CONTACT_SOURCE,
        tags: [...CRM_CONTACT_TAGS, CRM_CONSENT_TAGS[delivery.consent_status]],
      });
      return delivered();
    },
    // Bad credentials, an unknown location: GoHighLevel's words are kept on the row.
    refusedForGood: (err) => err instanceof GhlError && !err.retryable,
  },
  /**
   * An offline click conversion through the ads service, made when an admin
   * moves a lead with a gclid to its clinic's conversion status (never with
   * the lead). Whether Google Ads is set up is the ads service's to say.
   */
  google_ads: {
    withEachLead: false,
    async deliver(delivery, { providers: { ads } }) {
      if (!delivery.gclid || !ads) return notConfigured(delivery.gclid ? NOT_CONFIGURED.adsService : NOT_CONFIGURED.gclid);
      try {
        const uploaded = await ads.upload({
          leadId: Number(delivery.lead_id),
          clientId: delivery.client_id,
          gclid: delivery.gclid,
          convertedAt: delivery.queued_for.toISOString(),
        });
        // Google asks for it again in hours (a click or conversion action too recent).
        if (uploaded.status === 'deferred') return { status: 'deferred', note: uploaded.note, retryInMs: (uploaded.retryAfterSeconds ?? 3600) * 1000 };
        return delivered(uploaded.status === 'already_uploaded' ? 'Google Ads had this conversion already.' : null);
      } catch (err) {
        // Google Ads, its connection or the clinic's account missing: said on the lead, not retried.
        if (err instanceof ApiError && err.status === 409 && err.code === 'NOT_CONFIGURED') return notConfigured(err.message);
        throw err;
      }
    },
    refusedForGood: (err) => err instanceof ApiError && REFUSED_CONVERSION_STATUSES.has(err.status),
  },
};

export const isDeliveryChannel = (name: string): name is DeliveryChannel => Object.hasOwn(DELIVERY_CHANNEL_REGISTRY, name);

/** The entry of a delivery's channel; a name no entry has is a programming error, said loudly. */
export function deliveryChannel(name: string): DeliveryChannelEntry {
  if (!isDeliveryChannel(name)) throw new Error(`No delivery channel is named '${name}' (known: ${DELIVERY_CHANNELS.join(', ')}).`);
  return DELIVERY_CHANNEL_REGISTRY[name];
}

/** The outbox rows every new lead gets, in the contract's order. */
export const NEW_LEAD_CHANNELS: readonly DeliveryChannel[] = DELIVERY_CHANNELS.filter((name) => DELIVERY_CHANNEL_REGISTRY[name].withEachLead);

/**
 * The channels this worker cannot deliver for any clinic, and why: the relay
 * settles their rows without a job (relay.ts). E-mail needs SMTP; CRM pushes
 * need the agency's GoHighLevel credentials. Whether a clinic has a webhook
 * or a CRM sub-account is the job's to find out (tenant knows).
 */
export const notConfiguredIn =
  (mailer: Mailer | null, crm: GoHighLevel | null = null, texter: PatientTexter | null = null) =>
  (channel: string): string | null => {
    // A row of no known channel goes to a job, which fails it with the reason.
    if (!isDeliveryChannel(channel)) return null;
    return DELIVERY_CHANNEL_REGISTRY[channel].unavailable?.({ mailer, crm, texter }) ?? null;
  };

/**
 * `notConfiguredIn` plus what the clinic lacks (tenant's answer, reused for
 * the tenant client's cache time): a clinic without a webhook or a CRM
 * account has those rows settled by the relay, without a job that would only
 * say so. When tenant cannot answer, the job decides.
 */
export const clinicAwareNotConfigured =
  (base: (channel: string) => string | null, tenant: TenantClient) =>
  async (channel: string, clientId: number): Promise<string | null> => {
    const reason = base(channel);
    const lacks = isDeliveryChannel(channel) ? DELIVERY_CHANNEL_REGISTRY[channel].clinicLacks : undefined;
    if (reason || !lacks) return reason;
    let clinic: Clinic;
    try {
      clinic = await tenant.clinic(clientId);
    } catch {
      return null;
    }
    return lacks(clinic);
  };
