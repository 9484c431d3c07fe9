import { ApiError, consentCovers, DELIVERY_CHANNELS, LEAD_CREATED_EVENT, type DeliveryChannel, type LeadWebhookPayload } from '@hap/contracts';
import { GhlError, type GoHighLevel } from '@hap/service-kit/gohighlevel';
import type { WebPush } from '@hap/service-kit/push';
import { SMS_NOT_CONFIGURED, SmsError, type Sms } from '@hap/service-kit/sms';
import type { Mailer } from '@hap/service-kit';
import type { Clinic, TenantClient } from '../../clients/tenant.client';
import { consentOf } from '../leads/lead-consent';
import { attributionOf } from '../leads/lead.rules';
import { delivered, notConfigured, NOT_CONFIGURED, type DeliveryChannelEntry } from './channel-types';
import type { DeliveryWithLead } from './delivery.repository';
import { leadEmail } from './lead-email';
import { patientReceiptEmail } from './patient-email';
import { USER_ALERT_CHANNELS } from './user-alerts';

export * from './channel-types';

/**
 * The delivery channels of a lead (contracts `DELIVERY_CHANNELS`), one entry
 * each: whether a new lead gets it, what the relay can settle without a job,
 * how one delivery is made and which failures no retry fixes. The
 * `leads.deliver` job (deliver.job.ts) looks a row's channel up here; a new
 * channel is one entry and its adapter (the clinic users' alerts: user-alerts.ts).
 */


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
  /**
   * The lead with the patient's details, e-mailed to the clinic's address (SMTP), reply-to the patient:
   * only when the agency turned the clinic's `leadDetailEmail` on, knowing that patient details then travel
   * by plain e-mail (docs/leads.md#delivery). Otherwise the clinic's users get alerts without them
   * (notify_users) and the row says why nothing went.
   */
  email: {
    withEachLead: true,
    unavailable: ({ mailer }) => (mailer ? null : NOT_CONFIGURED.smtp),
    clinicLacks: (clinic) => (!clinic.leadDetailEmail ? NOT_CONFIGURED.leadDetailEmail : clinic.email ? null : NOT_CONFIGURED.clinicEmail),
    async deliver(delivery, { providers: { mailer }, clinic }) {
      if (!mailer) return notConfigured(NOT_CONFIGURED.smtp);
      const { name, email, leadDetailEmail } = await clinic();
      if (!leadDetailEmail) return notConfigured(NOT_CONFIGURED.leadDetailEmail);
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
  ...USER_ALERT_CHANNELS,
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
    unavailable: ({ sms }) => (sms ? null : SMS_NOT_CONFIGURED),
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
 * need the agency's GoHighLevel credentials; web push its VAPID keys. Whether a clinic has a webhook
 * or a CRM sub-account is the job's to find out (tenant knows).
 */
export const notConfiguredIn =
  (mailer: Mailer | null, crm: GoHighLevel | null = null, push: WebPush | null = null, sms: Sms | null = null) =>
  (channel: string): string | null => {
    // A row of no known channel goes to a job, which fails it with the reason.
    if (!isDeliveryChannel(channel)) return null;
    return DELIVERY_CHANNEL_REGISTRY[channel].unavailable?.({ mailer, crm, push, sms }) ?? null;
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
