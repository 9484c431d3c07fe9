import { DEFAULT_PORTS, type DeliveryChannel, type LeadRecipient } from '@hap/contracts';
import { PushError, PushSubscriptionGone } from '@hap/service-kit/push';
import { SMS_NOT_CONFIGURED, SmsError } from '@hap/service-kit/sms';
import { DEFAULT_QUIET_ZONE, quietUntil } from '../messages/message.rules';
import { delivered, notConfigured, NOT_CONFIGURED, plural, type DeliveryChannelEntry, type DeliveryOutcome, type DeliveryProviders } from './channel-types';
import type { DeliveryWithLead } from './delivery.repository';
import { agencyWaitingEmail, userLeadEmail, userLeadText, waitingAlert } from './user-email';
import { userLeadPush } from './user-push';

/**
 * A user's alert held for their quiet hours: deferred to their end, read in
 * the clinic's zone (its booking availability's; else DEFAULT_QUIET_ZONE).
 * Null: it goes now.
 */
async function heldForQuietHours(recipient: LeadRecipient, delivery: DeliveryWithLead, providers: DeliveryProviders): Promise<DeliveryOutcome | null> {
  if (!recipient.quietHours) return null;
  const now = providers.now?.() ?? new Date();
  const zone = (await providers.clinicZone?.(delivery.client_id)) ?? DEFAULT_QUIET_ZONE;
  const until = quietUntil(now, zone, recipient.quietHours);
  if (!until) return null;
  return { status: 'deferred', note: `Held for the user’s quiet hours, until ${recipient.quietHours.end} (${zone}).`, retryInMs: Math.max(1000, until.getTime() - now.getTime()) };
}

/**
 * The alerts of a new lead to the clinic's users (docs/leads.md#delivery: e-mail, push, text; each says only
 * 'New enquiry for <clinic> — open the portal' and links to it) and the reminders of a lead still waiting
 * (docs/speed-to-lead.md#nudges), entries of the delivery registry (channels.ts).
 */
export const USER_ALERT_CHANNELS = {
  /**
   * Who of the clinic's users gets an alert of this lead, and how (tenant's
   * answer): a user_email delivery per user who chose e-mails, a user_push per
   * user who chose pushes and has a device, which the relay then hands over
   * like any other (settling those whose provider this worker lacks). A retry
   * adds only the missing ones.
   */
  notify_users: {
    withEachLead: true,
    unavailable: ({ mailer, push }) => (mailer || push ? null : NOT_CONFIGURED.noAlertProvider),
    async deliver(_delivery, { recipients, addUserAlerts }) {
      const found = await recipients();
      const emails = found.filter((r) => r.channels.email).map((r) => ({ channel: 'user_email' as const, recipient: r.email, userId: r.userId }));
      const pushes = found.filter((r) => r.channels.push.length).map((r) => ({ channel: 'user_push' as const, recipient: `push:${r.userId}`, userId: r.userId }));
      const texts = found.filter((r) => r.channels.sms).map((r) => ({ channel: 'user_sms' as const, recipient: `sms:${r.userId}`, userId: r.userId }));
      const alerts = [...emails, ...pushes, ...texts];
      if (!alerts.length) return notConfigured(NOT_CONFIGURED.noRecipients);
      const added = await addUserAlerts(alerts);
      const said = [
        emails.length ? `${plural(emails.length, 'user')} to e-mail` : '',
        pushes.length ? `${plural(pushes.length, 'user')} to push` : '',
        texts.length ? `${plural(texts.length, 'user')} to text` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return delivered(`${said}${added < alerts.length ? ` (${alerts.length - added} added before)` : ''}.`);
    },
  },
  /**
   * One clinic user's e-mail of a new lead: no patient details, a link to the
   * lead in the portal and a one-click unsubscribe. Sent only if the user
   * still chooses it when it goes (tenant is asked again); held for their
   * quiet hours.
   */
  user_email: {
    withEachLead: false,
    unavailable: ({ mailer }) => (mailer ? null : NOT_CONFIGURED.smtp),
    async deliver(delivery, { providers, clinic, recipients }) {
      const { mailer, portalOrigin } = providers;
      if (!mailer) return notConfigured(NOT_CONFIGURED.smtp);
      const recipient = (await recipients()).find((r) => r.userId === delivery.recipient_user_id && r.channels.email);
      if (!recipient) return notConfigured(NOT_CONFIGURED.recipientGone);
      const held = await heldForQuietHours(recipient, delivery, providers);
      if (held) return held;
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
   * One clinic user's push of a new lead to each of their devices (service-kit
   * push.ts): "New enquiry for <clinic>", "Open the portal to see it." and the
   * lead's link; nothing of the patient. Sent only if the user still chooses it
   * (tenant is asked again), held for their quiet hours. A device the push
   * service no longer knows (404/410) is deleted in tenant; the delivery counts
   * when one device took it. No device took it and one failed: retried, unless
   * the push service refused it for good.
   */
  user_push: {
    withEachLead: false,
    unavailable: ({ push }) => (push ? null : NOT_CONFIGURED.push),
    async deliver(delivery, { providers, clinic, recipients, forgetPushSubscription }) {
      const { push, portalOrigin } = providers;
      if (!push) return notConfigured(NOT_CONFIGURED.push);
      const recipient = (await recipients()).find((r) => r.userId === delivery.recipient_user_id && r.channels.push.length);
      if (!recipient) return notConfigured(NOT_CONFIGURED.pushRecipientGone);
      const held = await heldForQuietHours(recipient, delivery, providers);
      if (held) return held;
      const { name } = await clinic();
      const payload = userLeadPush({ clinicName: name, leadId: delivery.lead_id, origin: portalOrigin ?? `http://localhost:${DEFAULT_PORTS.gateway}` });
      const devices = recipient.channels.push;
      let sent = 0;
      let gone = 0;
      let failure: unknown = null;
      for (const device of devices) {
        try {
          await push.send(device, payload);
          sent++;
        } catch (err) {
          if (!(err instanceof PushSubscriptionGone)) {
            failure ??= err;
            continue;
          }
          gone++;
          await forgetPushSubscription(device.endpoint);
        }
      }
      if (!sent && failure) throw failure;
      if (!sent) return notConfigured(NOT_CONFIGURED.pushDevicesGone);
      const unsent = devices.length - sent;
      return delivered(unsent ? `${plural(sent, 'device')} of ${devices.length}${gone ? `; ${plural(gone, 'gone device')} removed` : ''}.` : null);
    },
    // The push service refused the message itself (a bad key, too large): a retry sends the same.
    refusedForGood: (err) => err instanceof PushError && !err.retryable,
  },
  /**
   * One clinic user's text of a new lead (the kit's SMS adapter): the alert's sentence and the lead's link,
   * nothing of the patient. Sent only if the user still chooses it when it goes; held for their quiet hours.
   */
  user_sms: {
    withEachLead: false,
    unavailable: ({ sms }) => (sms ? null : SMS_NOT_CONFIGURED),
    async deliver(delivery, { providers, clinic, recipients }) {
      const { sms, portalOrigin } = providers;
      if (!sms) return notConfigured(SMS_NOT_CONFIGURED);
      const recipient = (await recipients()).find((r) => r.userId === delivery.recipient_user_id && r.channels.sms);
      if (!recipient?.channels.sms) return notConfigured(NOT_CONFIGURED.smsRecipientGone);
      const held = await heldForQuietHours(recipient, delivery, providers);
      if (held) return held;
      const { name } = await clinic();
      await sms.send({ to: recipient.channels.sms, body: userLeadText({ clinicName: name, leadId: delivery.lead_id, origin: portalOrigin ?? `http://localhost:${DEFAULT_PORTS.gateway}` }) });
      return delivered();
    },
    refusedForGood: (err) => err instanceof SmsError && !err.retryable,
  },
  /**
   * A lead still new after the clinic's nudge minutes, in its opening hours (nudges.ts adds the row): a push
   * to each device of the clinic's users who take pushes and are not in their quiet hours, saying how long it
   * has waited; nothing of the patient. One row per lead: a retry may push a device twice (a reminder's tag
   * replaces the first on the device).
   */
  nudge_users: {
    withEachLead: false,
    unavailable: ({ push }) => (push ? null : NOT_CONFIGURED.push),
    async deliver(delivery, { providers, clinic, recipients, forgetPushSubscription }) {
      const { push, portalOrigin } = providers;
      if (!push) return notConfigured(NOT_CONFIGURED.push);
      if (delivery.lead_status !== 'new') return delivered('The lead was contacted meanwhile: no reminder.');
      const now = providers.now?.() ?? new Date();
      const zone = (await providers.clinicZone?.(delivery.client_id)) ?? DEFAULT_QUIET_ZONE;
      const awake = (await recipients()).filter((r) => r.channels.push.length && !quietUntil(now, zone, r.quietHours));
      if (!awake.length) return notConfigured(NOT_CONFIGURED.noNudgeRecipients);
      const { name } = await clinic();
      const minutes = Math.round((now.getTime() - delivery.created_at.getTime()) / 60_000);
      const payload = { ...userLeadPush({ clinicName: name, leadId: delivery.lead_id, origin: portalOrigin ?? `http://localhost:${DEFAULT_PORTS.gateway}` }), title: waitingAlert(name, minutes) };
      let sent = 0;
      for (const device of awake.flatMap((r) => r.channels.push)) {
        try {
          await push.send(device, payload);
          sent++;
        } catch (err) {
          if (err instanceof PushSubscriptionGone) await forgetPushSubscription(device.endpoint);
        }
      }
      return sent ? delivered(`${plural(sent, 'device')} reminded.`) : notConfigured(NOT_CONFIGURED.pushDevicesGone);
    },
  },
  /** A lead still new after the clinic's escalation minutes, in its opening hours: an e-mail to each of the agency's admins. */
  nudge_agency: {
    withEachLead: false,
    unavailable: ({ mailer }) => (mailer ? null : NOT_CONFIGURED.smtp),
    async deliver(delivery, { providers: { mailer, portalOrigin, now }, clinic, agencyRecipients }) {
      if (!mailer) return notConfigured(NOT_CONFIGURED.smtp);
      if (delivery.lead_status !== 'new') return delivered('The lead was contacted meanwhile: the agency was not told.');
      const admins = await agencyRecipients();
      if (!admins.length) return notConfigured(NOT_CONFIGURED.noAgencyRecipients);
      const { name } = await clinic();
      const minutes = Math.round(((now?.() ?? new Date()).getTime() - delivery.created_at.getTime()) / 60_000);
      for (const admin of admins) {
        await mailer.send(agencyWaitingEmail({ to: admin.email, clinicName: name, leadId: delivery.lead_id, minutes, origin: portalOrigin ?? `http://localhost:${DEFAULT_PORTS.gateway}` }));
      }
      return delivered(`${plural(admins.length, 'admin')} told.`);
    },
  },
} satisfies Partial<Record<DeliveryChannel, DeliveryChannelEntry>>;
