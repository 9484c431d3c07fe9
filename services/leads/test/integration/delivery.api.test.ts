import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { createQueue, createWorker, type JobQueue } from '@hap/service-kit';
import { createTenantClient } from '../../src/clients/tenant.client';
import { NOT_CONFIGURED, notConfiguredIn } from '../../src/modules/delivery/channels';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createMailer } from '@hap/service-kit';
import { SMS_NOT_CONFIGURED } from '@hap/service-kit/sms';
import { relayOnce } from '../../src/modules/delivery/relay';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { START_TIMEOUT_MS, relayOnly, startLeads, type TestLeads } from '../helpers/app';
import { clinicWithService, submittedLeadId } from '../helpers/leads';
import { suiteQueueRedis } from '@hap/test-kit/test-env';
import { parseMail, startSmtp } from '@hap/test-kit/smtp-server';
import { createPatientBookingLinks } from '../../src/modules/booking/booking-links';

interface Delivery {
  id: string;
  channel: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe('lead delivery: outbox relay, leads.deliver, SMTP', () => {
  let t: TestLeads;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clientId: number;
  let serviceId: number;
  const clinicEmail = `front-desk-${randomBytes(3).toString('hex')}@clinic.example`;
  const redis = suiteQueueRedis();
  let queue: JobQueue<'leads.deliver'>;

  beforeAll(async () => {
    t = await startLeads();
    smtp = await startSmtp();
    ({ clientId, serviceId } = await clinicWithService(t, { name: 'Harbor Men’s Health', address: '9 Harbor Way, Portland', phone: '(503) 555-0199', email: clinicEmail, leadDetailEmail: true }));
    queue = createQueue('leads.deliver', redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await queue.close();
    await smtp.close();
    await t.close();
  });

  const webhooks = createWebhookSender({ timeoutMs: 2000, allowPrivate: true });
  const tenantClient = () => createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });

  const submitLead = (name: string, fields: Record<string, unknown> = {}): Promise<string> =>
    submittedLeadId(t, { name, phone: '(303) 555-0142', message: 'Evenings, please.', clientId, serviceId, ...fields });
  const deliveriesOf = async (leadId: string) =>
    (await t.dataSource.query(
      `SELECT "id", "channel", "status", "attempts", "last_error" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 ORDER BY "channel"`,
      [leadId],
    )) as Delivery[];
  const waitFor = async (check: () => Promise<boolean>, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('relays pending rows to the queue once, and the worker e-mails the clinic over SMTP', async () => {
    // With the patient's consent to be contacted: they get a receipt.
    const leadId = await submitLead('Marcus Reed', { consentVersion: 'lead-form-v1' });
    expect((await deliveriesOf(leadId)).map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);

    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Leads <leads@healthads.local>', timeoutMs: 3000 });
    // Handed over once: e-mail and webhook as jobs, the CRM push (no GoHighLevel credentials) settled at once without one.
    // Only this lead's rows: other suites' leads wait pending in the same database.
    const relay = () => relayOnly(t.dataSource, { leadId }, () => relayOnce({ dataSource: t.dataSource, queue, notConfigured: notConfiguredIn(mailer) }));
    // The first text (no Twilio in this worker) is settled at once too: messages.api.test.ts sends it.
    expect(await relay()).toBe(6);
    expect((await deliveriesOf(leadId)).map((d) => d.status)).toEqual(['not_configured', 'queued', 'queued', 'queued', 'not_configured', 'queued']);
    expect(await relay()).toBe(0);

    const patientBooking = createPatientBookingLinks({ dataSource: t.dataSource, origin: 'http://127.0.0.1:18999', internalSecret: t.config.INTERNAL_SECRET });
    const worker = createWorker('leads.deliver', createDeliveryHandler({ dataSource: t.dataSource, mailer, webhooks, crm: null, tenant: tenantClient(), patientBooking }), redis);
    try {
      await waitFor(async () => (await deliveriesOf(leadId)).every((d) => d.status !== 'queued'));
    } finally {
      await worker.close();
      mailer?.close();
    }
    const [crm, email, notifyUsers, patientEmail, , webhook] = await deliveriesOf(leadId);
    // This clinic has no users: nobody to e-mail besides its address.
    expect(notifyUsers).toMatchObject({ channel: 'notify_users', status: 'not_configured', last_error: NOT_CONFIGURED.noRecipients });
    expect(email).toMatchObject({ channel: 'email', status: 'delivered', attempts: 1, last_error: null });
    // The patient's receipt, with the link to book a time (the clinic books online by default).
    expect(patientEmail).toMatchObject({ channel: 'patient_email', status: 'delivered', attempts: 1, last_error: 'With the link to book a time.' });
    // This clinic has no webhook: the job found out from tenant and recorded it.
    expect(webhook).toMatchObject({ channel: 'webhook', status: 'not_configured', last_error: NOT_CONFIGURED.webhook });
    // No GoHighLevel credentials: recorded as not configured, never as sent.
    expect(crm).toMatchObject({ channel: 'crm', status: 'not_configured', attempts: 0, last_error: NOT_CONFIGURED.crmProvider });

    // The clinic's mail and the patient's receipt are two jobs: either may arrive first.
    const mail = smtp.received.find((m) => m.raw.includes('Marcus Reed') && m.to.includes(clinicEmail));
    expect(mail?.to).toEqual([clinicEmail]);
    expect(mail?.raw).toContain('Subject: New consultation request from Marcus Reed');
    expect(mail?.raw).toContain('(303) 555-0142');
    expect(mail?.raw).toContain('Evenings, please.');

    const [receipt] = await Promise.all(smtp.received.filter((m) => !m.to.includes(clinicEmail) && m.raw.includes('Marcus Reed')).map(parseMail));
    expect(receipt?.subject).toBe('We have your request: Harbor Men’s Health');
    expect(receipt?.from?.value[0]).toMatchObject({ name: 'Harbor Men’s Health' });
    expect(receipt?.replyTo?.value[0]).toMatchObject({ address: clinicEmail });
    // No service or message in it: the request's words stay with the clinic.
    expect(receipt?.text).not.toContain('Evenings, please.');
    const link = new URL(/(http:\/\/127\.0\.0\.1:18999\/book\?\S+)/.exec(receipt?.text ?? '')![1]!);
    expect(Object.fromEntries(link.searchParams)).toEqual({ client: String(clientId), service: String(serviceId), token: expect.stringMatching(new RegExp(`^${leadId}\\.${clientId}\\.`)) });
  });

  it('settles e-mail as not configured in the relay when SMTP is not set, and sends nothing', async () => {
    const leadId = await submitLead('Lena Ortiz');
    const before = smtp.received.length;
    await relayOnly(t.dataSource, { leadId }, () => relayOnce({ dataSource: t.dataSource, queue, notConfigured: notConfiguredIn(null) }));
    expect(await deliveriesOf(leadId)).toEqual([
      expect.objectContaining({ channel: 'crm', status: 'not_configured', last_error: NOT_CONFIGURED.crmProvider }),
      expect.objectContaining({ channel: 'email', status: 'not_configured', last_error: NOT_CONFIGURED.smtp }),
      expect.objectContaining({ channel: 'notify_users', status: 'not_configured', last_error: NOT_CONFIGURED.noAlertProvider }),
      expect.objectContaining({ channel: 'patient_email', status: 'not_configured', last_error: NOT_CONFIGURED.smtp }),
      expect.objectContaining({ channel: 'patient_sms', status: 'not_configured', last_error: SMS_NOT_CONFIGURED }),
      expect.objectContaining({ channel: 'webhook', status: 'queued' }),
    ]);
    expect(smtp.received.length).toBe(before);
  });

  it('records e-mail as not configured when a job meets a worker without SMTP, and sends nothing', async () => {
    const leadId = await submitLead('Nadia Flores');
    const before = smtp.received.length;
    const [, email] = await deliveriesOf(leadId);
    const handler = createDeliveryHandler({ dataSource: t.dataSource, mailer: null, webhooks, crm: null, tenant: tenantClient() });
    await handler({ deliveryId: Number(email.id) }, { attemptsMade: 0, opts: { attempts: 5 } } as Job<{ deliveryId: number }>);
    expect((await deliveriesOf(leadId))[1]).toMatchObject({ status: 'not_configured', last_error: NOT_CONFIGURED.smtp });
    expect(smtp.received.length).toBe(before);
  });

  it('records each failed attempt, and the last one leaves the delivery failed with its error', async () => {
    const refusing = await startSmtp({ reject: true });
    const mailer = createMailer({ smtpUrl: refusing.url, from: 'Leads <leads@healthads.local>', timeoutMs: 3000 });
    try {
      const leadId = await submitLead('Owen Park');
      const [, email] = await deliveriesOf(leadId);
      const handler = createDeliveryHandler({ dataSource: t.dataSource, mailer, webhooks, crm: null, tenant: tenantClient() });
      const attempt = (made: number) => handler({ deliveryId: Number(email.id) }, { attemptsMade: made, opts: { attempts: 2 } } as Job<{ deliveryId: number }>);

      await expect(attempt(0)).rejects.toThrow(/Mailbox unavailable/);
      expect((await deliveriesOf(leadId))[1]).toMatchObject({ status: 'queued', attempts: 1 });
      await expect(attempt(1)).rejects.toThrow(/Mailbox unavailable/);
      const [, failed] = await deliveriesOf(leadId);
      expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
      expect(failed.last_error).toMatch(/Mailbox unavailable/);
    } finally {
      mailer?.close();
      await refusing.close();
    }
  });
});
