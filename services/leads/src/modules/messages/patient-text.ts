import type { DataSource } from 'typeorm';
import { consentCovers, DEFAULT_AVAILABILITY, SMS_BLOCKED, SMS_STATUS_WEBHOOK_PATH, type MessageStatus } from '@hap/contracts';
import { SMS_NOT_CONFIGURED, SmsError, toE164, type Sms } from '@hap/service-kit/sms';
import { consentOf } from '../leads/lead-consent';
import type { DeliveryWithLead } from '../delivery/delivery.repository';
import { DeliveryRepository } from '../delivery/delivery.repository';
import type { PatientBookingLinks } from '../booking/booking-links';
import { messagingSettingsOf, MessageRepository, type MessageRow } from './message.repository';
import { FOLLOW_UP_STOPPED, quietUntil, renderMessage } from './message.rules';

/** What one attempt at a patient's text came to (channels.ts turns it into the delivery's outcome). */
export type TextOutcome =
  | { status: 'delivered'; note: string | null }
  | { status: 'not_configured'; note: string }
  | { status: 'stopped'; note: string }
  | { status: 'deferred'; note: string; retryInMs: number };


/** Twilio's first answer to a message, as our statuses say it. */
const firstStatus = (status: string): MessageStatus => (status === 'sent' || status === 'delivered' || status === 'failed' || status === 'undelivered' ? status : 'queued');

export interface PatientTexter {
  /** The patient's first text (kind first_reply) or a follow-up step, for one delivery of the lead; sent at most once. */
  text(delivery: DeliveryWithLead, clinic: { name: string; phone: string | null }, leadStatus: string): Promise<TextOutcome>;
}

/**
 * Texts a lead's patient for the outbox (docs/speed-to-lead.md): only with SMS consent from the form version
 * they saw, never to a number whose latest word was STOP, never in the quiet hours of the clinic's zone (the
 * delivery waits until they end). Each delivery has one message row: it is written before the provider is
 * called, so an attempt that died mid-call is looked up at the provider (`findSent`) before any second try:
 * a patient gets each text once.
 */
export function createPatientTexter(options: {
  dataSource: DataSource;
  sms: Sms | null;
  patientBooking?: PatientBookingLinks;
  /** Where Twilio posts delivery receipts (the gateway's origin); absent: none asked for. */
  origin?: string;
  now?: () => Date;
}): PatientTexter {
  const messages = new MessageRepository(options.dataSource);
  const deliveries = new DeliveryRepository(options.dataSource);
  const now = options.now ?? (() => new Date());

  async function sendOnce(sms: Sms, delivery: DeliveryWithLead, phone: string, body: string, kind: 'first_reply' | 'follow_up'): Promise<MessageRow> {
    const before = await messages.ofDelivery(delivery.id);
    if (before?.provider_id) return before;
    const row =
      before ??
      (await messages.startOutbound({ clientId: delivery.client_id, leadId: delivery.lead_id, phone, channel: 'sms', kind, body, deliveryId: delivery.id }));
    if (before) {
      // An earlier attempt may have reached the provider before it died: ask before sending again.
      const sent = await sms.findSent({ to: phone, since: new Date(before.created_at.getTime() - 60_000), bodyIncludes: before.body });
      if (sent) {
        await messages.markSent(row.id, sent.sid, firstStatus(sent.status));
        return { ...row, provider_id: sent.sid };
      }
    }
    const statusCallback = options.origin ? `${options.origin}${SMS_STATUS_WEBHOOK_PATH}` : undefined;
    try {
      const sent = await sms.send({ to: phone, body: row.body, statusCallback });
      await messages.markSent(row.id, sent.sid, firstStatus(sent.status));
      return { ...row, provider_id: sent.sid };
    } catch (err) {
      if (err instanceof SmsError && !err.retryable) {
        await messages.markFailed(row.id, err.message);
        // Twilio's 'unsubscribed recipient': the number sent STOP to the sender; the ledger learns it too.
        if (err.code === 21610) await messages.recordConsent({ phone, event: 'stop', clientId: delivery.client_id, providerId: null, body: null });
      }
      throw err;
    }
  }

  return {
    async text(delivery, clinic, leadStatus) {
      const { sms } = options;
      if (!sms) return { status: 'not_configured', note: SMS_NOT_CONFIGURED };
      const kind = delivery.channel === 'patient_follow_up' ? 'follow_up' : 'first_reply';
      if (!consentCovers(consentOf(delivery), 'sms')) return { status: 'not_configured', note: SMS_BLOCKED.noConsent };
      const phone = toE164(delivery.phone);
      if (!phone) return { status: 'not_configured', note: SMS_BLOCKED.noPhone };
      if (await messages.optedOut(phone)) return kind === 'follow_up' ? { status: 'stopped', note: FOLLOW_UP_STOPPED.optedOut } : { status: 'not_configured', note: SMS_BLOCKED.optedOut };

      const settings = await messagingSettingsOf(options.dataSource, delivery.client_id);
      const lead = { id: Number(delivery.lead_id), clientId: delivery.client_id, serviceId: delivery.service_id };
      const booking = options.patientBooking ? await options.patientBooking(lead) : { url: null, booked: false, timeZone: DEFAULT_AVAILABILITY.timeZone };
      let template: string;
      if (kind === 'first_reply') {
        if (!settings.firstReplySms) return { status: 'not_configured', note: 'The clinic sends no first text (its messaging settings).' };
        if (booking.booked) return { status: 'delivered', note: 'Booked already: the appointment’s e-mail confirms it.' };
        template = settings.firstReplyText;
      } else {
        const step = settings.followUps[Number(delivery.recipient.replace(/^step /, '')) - 1];
        if (!step) return { status: 'stopped', note: FOLLOW_UP_STOPPED.noStep };
        if (booking.booked) return { status: 'stopped', note: FOLLOW_UP_STOPPED.booked };
        if (leadStatus !== 'new') return { status: 'stopped', note: FOLLOW_UP_STOPPED.moved(leadStatus) };
        if (await messages.hasInbound(delivery.lead_id)) return { status: 'stopped', note: FOLLOW_UP_STOPPED.replied };
        template = step.text;
      }

      const wait = quietUntil(now(), booking.timeZone, settings.quietHours);
      if (wait) return { status: 'deferred', note: `Waiting for the end of quiet hours (${settings.quietHours.end}, ${booking.timeZone}).`, retryInMs: wait.getTime() - now().getTime() };

      const body = renderMessage(template, { name: delivery.name, clinic: clinic.name, bookingLink: booking.url, clinicPhone: clinic.phone });
      await sendOnce(sms, delivery, phone, body, kind);
      if (kind === 'first_reply' && settings.followUps.length) {
        const start = delivery.created_at.getTime();
        await deliveries.addFollowUps(
          delivery.lead_id,
          settings.followUps.map((step, i) => ({ step: i + 1, dueAt: new Date(start + step.afterHours * 3_600_000) })),
        );
      }
      return { status: 'delivered', note: null };
    },
  };
}
