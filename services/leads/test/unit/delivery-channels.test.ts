import { ApiError, DELIVERY_CHANNELS } from '@hap/contracts';
import { GhlError } from '@hap/service-kit/gohighlevel';
import { deliveryChannel, isDeliveryChannel, NEW_LEAD_CHANNELS, NOT_CONFIGURED, notConfiguredIn, type DeliveryContext } from '../../src/modules/delivery/channels';
import type { DeliveryWithLead } from '../../src/modules/delivery/delivery.repository';
import type { Mailer } from '@hap/service-kit';
import type { WebhookSender } from '../../src/modules/delivery/webhook';

const delivery = (overrides: Partial<DeliveryWithLead> = {}): DeliveryWithLead => ({
  id: '7',
  channel: 'email',
  recipient: '',
  recipient_user_id: null,
  lead_id: '3',
  queued_for: new Date('2026-11-23T10:00:00.000Z'),
  status: 'queued',
  lead_status: 'new',
  client_id: 1,
  service_id: 2,
  reference: '8f14e45f-ceea-467f-a0e8-6a3b1f3e0c11',
  name: 'Jane Smith',
  email: 'jane@example.com',
  phone: '(303) 555-0142',
  message: null,
  created_at: new Date('2026-11-23T10:00:00.000Z'),
  style_variant: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  gclid: null,
  landing_path: null,
  consent_status: 'not_captured',
  consent_text: null,
  consent_version: null,
  consent_at: null,
  ...overrides,
});

const unused = (what: string) => () => Promise.reject(new Error(`${what} was asked`));
const webhooks: WebhookSender = { send: unused('the webhook sender') };
/** No provider set up, and a tenant that must not be asked. */
const bare: DeliveryContext = {
  providers: { mailer: null, webhooks, crm: null },
  clinic: unused('tenant'),
  recipients: unused('tenant'),
  addUserAlerts: unused('the outbox'),
  forgetPushSubscription: unused('tenant'),
  agencyRecipients: unused('tenant'),
};

describe('the delivery channel registry', () => {
  it('has one entry for every channel the contracts name', () => {
    for (const name of DELIVERY_CHANNELS) {
      expect(isDeliveryChannel(name)).toBe(true);
      expect(typeof deliveryChannel(name).deliver).toBe('function');
    }
  });

  it('fails loudly for a channel it does not know', () => {
    expect(isDeliveryChannel('sms')).toBe(false);
    expect(isDeliveryChannel('toString')).toBe(false);
    expect(() => deliveryChannel('sms')).toThrow("No delivery channel is named 'sms' (known: email, webhook, crm, google_ads, notify_users, user_email, patient_email, patient_sms, patient_follow_up, user_push, user_sms, nudge_users, nudge_agency).");
  });

  it('gives every new lead an e-mail, a webhook, a CRM delivery, its users’ e-mails and the patient’s receipt, and no Google Ads conversion', () => {
    expect(NEW_LEAD_CHANNELS).toEqual(['email', 'webhook', 'crm', 'notify_users', 'patient_email', 'patient_sms']);
  });

  it('lets the relay settle what this worker has no provider for, and leaves the rest to a job', () => {
    const mailer: Mailer = { send: () => Promise.resolve(), close: () => undefined };
    expect(notConfiguredIn(null)('email')).toBe(NOT_CONFIGURED.smtp);
    expect(notConfiguredIn(mailer)('email')).toBeNull();
    expect(notConfiguredIn(null)('crm')).toBe(NOT_CONFIGURED.crmProvider);
    expect(notConfiguredIn(null)('webhook')).toBeNull();
    expect(notConfiguredIn(null)('google_ads')).toBeNull();
    expect(notConfiguredIn(null)('notify_users')).toBe(NOT_CONFIGURED.noAlertProvider);
    expect(notConfiguredIn(null)('user_push')).toBe(NOT_CONFIGURED.push);
    expect(notConfiguredIn(null)('user_email')).toBe(NOT_CONFIGURED.smtp);
    expect(notConfiguredIn(null)('patient_email')).toBe(NOT_CONFIGURED.smtp);
    expect(notConfiguredIn(mailer)('notify_users')).toBeNull();
    // A job then fails the row with the registry's reason.
    expect(notConfiguredIn(null)('sms')).toBeNull();
  });

  it('says what is not configured before asking tenant or a provider', async () => {
    await expect(deliveryChannel('email').deliver(delivery(), bare)).resolves.toEqual({ status: 'not_configured', note: NOT_CONFIGURED.smtp });
    await expect(deliveryChannel('crm').deliver(delivery({ channel: 'crm' }), bare)).resolves.toEqual({ status: 'not_configured', note: NOT_CONFIGURED.crmProvider });
    await expect(deliveryChannel('google_ads').deliver(delivery({ channel: 'google_ads' }), bare)).resolves.toEqual({ status: 'not_configured', note: NOT_CONFIGURED.gclid });
    await expect(deliveryChannel('google_ads').deliver(delivery({ channel: 'google_ads', gclid: 'Cj0K' }), bare)).resolves.toEqual({
      status: 'not_configured',
      note: NOT_CONFIGURED.adsService,
    });
  });

  it('e-mails the patient’s details to the clinic’s address only when the agency turned that on', async () => {
    const sent: Array<{ to: string; subject: string }> = [];
    const mailer: Mailer = { send: (mail) => Promise.resolve(void sent.push(mail)), close: () => undefined };
    const clinic = { id: 1, name: 'Summit Vitality Clinic', email: 'desk@summit.example', phone: null, webhook: null, crmLocationId: null, conversionTrackingEnabled: true, offlineConversionStatus: 'booked' as const };
    const email = deliveryChannel('email');
    const context = (leadDetailEmail: boolean): DeliveryContext => ({ ...bare, providers: { mailer, webhooks, crm: null }, clinic: () => Promise.resolve({ ...clinic, leadDetailEmail }) });

    expect(email.clinicLacks?.({ ...clinic, leadDetailEmail: false })).toBe(NOT_CONFIGURED.leadDetailEmail);
    expect(email.clinicLacks?.({ ...clinic, leadDetailEmail: true, email: null })).toBe(NOT_CONFIGURED.clinicEmail);
    expect(email.clinicLacks?.({ ...clinic, leadDetailEmail: true })).toBeNull();
    await expect(email.deliver(delivery(), context(false))).resolves.toEqual({ status: 'not_configured', note: NOT_CONFIGURED.leadDetailEmail });
    expect(sent).toEqual([]);
    await expect(email.deliver(delivery(), context(true))).resolves.toEqual({ status: 'delivered', note: null });
    expect(sent).toEqual([expect.objectContaining({ to: 'desk@summit.example', subject: 'New consultation request from Jane Smith' })]);
  });

  it('sends the patient a receipt only with their consent, and none once they have booked', async () => {
    const sent: unknown[] = [];
    const mailer: Mailer = { send: (mail) => Promise.resolve(void sent.push(mail)), close: () => undefined };
    const clinic = () => Promise.resolve({ id: 1, name: 'Summit Vitality Clinic', email: 'desk@summit.example', phone: null, webhook: null, crmLocationId: null } as never);
    const context = (booked: boolean): DeliveryContext => ({
      ...bare,
      clinic,
      providers: { mailer, webhooks, crm: null, patientBooking: () => Promise.resolve({ url: booked ? null : 'http://127.0.0.1:9/book?client=1&service=2&token=t', booked, timeZone: 'America/New_York' }) },
    });
    const channel = deliveryChannel('patient_email');
    await expect(channel.deliver(delivery({ channel: 'patient_email' }), context(false))).resolves.toEqual({ status: 'not_configured', note: NOT_CONFIGURED.patientConsent });
    const consented = delivery({ channel: 'patient_email', consent_status: 'captured', consent_version: 'lead-form-v1' });
    await expect(channel.deliver(consented, context(true))).resolves.toEqual({ status: 'delivered', note: 'Booked already: the appointment’s e-mail confirms it.' });
    expect(sent).toHaveLength(0);
    await expect(channel.deliver(consented, context(false))).resolves.toEqual({ status: 'delivered', note: 'With the link to book a time.' });
    expect(sent).toEqual([expect.objectContaining({ to: 'jane@example.com', fromName: 'Summit Vitality Clinic', subject: 'We have your request: Summit Vitality Clinic' })]);
  });

  it('names the failures no retry fixes, per channel', () => {
    const crm = deliveryChannel('crm');
    expect(crm.refusedForGood?.(new GhlError('Unknown location', 400, false))).toBe(true);
    expect(crm.refusedForGood?.(new GhlError('Too many requests', 429, true))).toBe(false);
    const ads = deliveryChannel('google_ads');
    expect(ads.refusedForGood?.(new ApiError('The click id is unreadable.', 422, 'VALIDATION_FAILED'))).toBe(true);
    expect(ads.refusedForGood?.(new ApiError('Try again later.', 503, 'SERVICE_UNAVAILABLE'))).toBe(false);
    // E-mail and webhooks retry every failure (a full mailbox server, a receiver down for a while).
    expect(deliveryChannel('email').refusedForGood).toBeUndefined();
    expect(deliveryChannel('webhook').refusedForGood).toBeUndefined();
  });
});
