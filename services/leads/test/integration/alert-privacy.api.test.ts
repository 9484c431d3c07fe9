import { randomBytes } from 'node:crypto';
import { createMailer, createQueue, createWorker, type JobQueue } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { createWebPush } from '@hap/service-kit/push';
import { createClinicUser, createPushSubscription } from '@hap/test-kit/factories/tenant';
import { startFakeWebPush, type FakeWebPush } from '@hap/test-kit/fakes/web-push';
import { startFakeTwilio } from '@hap/test-kit/fakes/twilio';
import { createSms } from '@hap/service-kit/sms';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { parseMail, startSmtp } from '@hap/test-kit/smtp-server';
import { suiteQueueRedis } from '@hap/test-kit/test-env';
import { createTenantClient } from '../../src/clients/tenant.client';
import { clinicAwareNotConfigured, notConfiguredIn } from '../../src/modules/delivery/channels';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { relayOnce } from '../../src/modules/delivery/relay';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';

/**
 * The product's rule for alerts of a new lead (docs/leads.md#delivery): every
 * alert, on every channel a clinic user can choose, says only "New enquiry for
 * <clinic> — open the portal" with a link; never the patient's name, contact
 * details, message or the service asked about. A lead full of distinctive
 * strings goes through the real outbox, relay and worker to real providers on
 * loopback, and everything they received is searched for any of them.
 */
describe('alerts of a new lead carry no patient data', () => {
  let t: TestLeads;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let pushService: FakeWebPush;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  const twilioAccount = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') };
  let queue: JobQueue<'leads.deliver'>;
  const redis = suiteQueueRedis();
  const token = randomBytes(3).toString('hex');
  const clinicName = `Juniper Ridge Clinic ${token}`;
  const patient = {
    name: 'Zephyrine Quillfeather',
    phone: '(303) 555-0186',
    email: `zephyrine.quill.${token}@patient.example`,
    message: 'Asking about my thyroxine levels',
  };
  const serviceName = `Xylophage Peptide Therapy ${token}`;
  /** Every string of the patient's or their enquiry that must not leave in an alert (the phone in the forms it may be written). */
  const secrets = [patient.name, 'Zephyrine', 'Quillfeather', patient.phone, '555-0186', '5550186', patient.email, 'zephyrine.quill', patient.message, 'thyroxine', serviceName, 'Xylophage'];
  let clientId: number;
  let serviceId: number;
  let owner: { id: number; email: string };
  let staff: { id: number; email: string };

  beforeAll(async () => {
    t = await startLeads();
    smtp = await startSmtp();
    pushService = await startFakeWebPush();
    twilio = await startFakeTwilio(twilioAccount);
    const tenant = t.templates!.tenant!;
    // The clinic's own address stays without details (the agency's switch is off, the default).
    clientId = (await tenant.api.post('/api/clients', ADMIN).send({ name: clinicName, address: '2 Juniper Rd, Boulder', phone: '(303) 555-0100', email: `desk-${token}@clinic.example` })).body.data.id;
    const template = await createTemplate(t.templates!.dataSource, { name: serviceName });
    serviceId = (await createClientService(t.templates!.dataSource, clientId, template.id, { isActive: true })).id;
    owner = await createClinicUser(tenant.dataSource, clientId, { role: 'owner' });
    // The staff member also takes a text of each new lead on their mobile.
    staff = await createClinicUser(tenant.dataSource, clientId, { role: 'front_desk', newLeadEmail: 'each', newLeadPush: 'each', smsNumber: '+13035550160' });
    // Each has a device subscribed to pushes (a loopback push service, as a browser's would be).
    await createPushSubscription(tenant.dataSource, owner.id, pushService.subscribe());
    await createPushSubscription(tenant.dataSource, staff.id, pushService.subscribe());
    queue = createQueue('leads.deliver', redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await queue.close();
    await smtp.close();
    await pushService.close();
    await twilio.close();
    await t.close();
  });

  const deliveriesOf = async (leadId: string) =>
    (await t.dataSource.query(`SELECT "channel", "recipient", "status", "last_error" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 ORDER BY "channel", "recipient"`, [
      leadId,
    ])) as Array<{ channel: string; recipient: string; status: string; last_error: string | null }>;

  /** The worker's relay and handler, as worker.ts builds them, until every delivery of the lead is settled. */
  async function deliverAll(leadId: string) {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Leads <leads@healthads.local>', timeoutMs: 3000 });
    const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const push = createWebPush({
      VAPID_PUBLIC_KEY: 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk',
      VAPID_PRIVATE_KEY: '9Nc6fkgUYxI-PwBluBij5h3lchemsDeWqgJnPlFy4I4',
      VAPID_SUBJECT: 'mailto:alerts@agency.test',
      PUSH_TIMEOUT_MS: 2000,
    });
    const sms = createSms({ TWILIO_ACCOUNT_SID: twilioAccount.accountSid, TWILIO_AUTH_TOKEN: twilioAccount.authToken, TWILIO_FROM: '+12025550100', TWILIO_API_BASE_URL: twilio.url, TWILIO_TIMEOUT_MS: 2000 });
    const handler = createDeliveryHandler({ dataSource: t.dataSource, mailer, push, sms, webhooks: createWebhookSender({ timeoutMs: 2000, allowPrivate: false }), crm: null, tenant, portalOrigin: 'https://app.agency.test' });
    const worker = createWorker('leads.deliver', handler, redis);
    try {
      const until = Date.now() + 15_000;
      for (;;) {
        await relayOnce({ dataSource: t.dataSource, queue, notConfigured: clinicAwareNotConfigured(notConfiguredIn(mailer, null, push, sms), tenant) });
        if ((await deliveriesOf(leadId)).every((d) => !['pending', 'queued'].includes(d.status))) break;
        if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(await deliveriesOf(leadId))}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.close();
      mailer?.close();
    }
  }

  it('e-mails, pushes and texts each chosen user the one sentence and a link, and nothing of the patient', async () => {
    const res = await t.api.post('/api/leads', ANONYMOUS).send({ ...patient, clientId, serviceId, consentText: 'I agree to be contacted.' });
    expect(res.status).toBe(201);
    const [{ id: leadId }] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;

    await deliverAll(leadId);

    const alerts = smtp.received.filter((m) => m.to.includes(owner.email) || m.to.includes(staff.email));
    expect(alerts.map((m) => m.to[0]).sort()).toEqual([owner.email, staff.email].sort());
    for (const alert of alerts) {
      const parsed = await parseMail(alert);
      const seen = [parsed.subject, parsed.text, parsed.html, alert.raw].join('\n');
      expect(parsed.subject).toBe(`New enquiry for ${clinicName} — open the portal`);
      expect(parsed.text).toContain(`New enquiry for ${clinicName} — open the portal`);
      expect(parsed.text).toContain(`https://app.agency.test/portal/leads?lead=${leadId}`);
      for (const secret of secrets) expect(seen).not.toContain(secret);
    }
    // Every push, decrypted as the device reads it: the sentence split as a notification shows it, the link, nothing else.
    expect(pushService.received).toHaveLength(2);
    for (const push of pushService.received) {
      const shown = JSON.parse(push.payload) as { title: string; body: string; data: { url: string } };
      expect(`${shown.title} — ${shown.body}`).toBe(`New enquiry for ${clinicName} — Open the portal to see it.`);
      expect(shown.data.url).toBe(`https://app.agency.test/portal/leads?lead=${leadId}`);
      for (const secret of secrets) expect(push.payload).not.toContain(secret);
    }
    // The text: the sentence and the link, to the staff member's mobile only (the patient gave no SMS consent).
    expect(twilio.messages.map((m) => [m.to, m.body])).toEqual([['+13035550160', `New enquiry for ${clinicName} — open the portal: https://app.agency.test/portal/leads?lead=${leadId}`]]);
    // Only the patient's own receipt (to their address) names them; nothing else that left does.
    for (const mail of smtp.received.filter((m) => !m.to.includes(patient.email))) {
      const parsed = await parseMail(mail);
      for (const secret of secrets) expect([parsed.subject, parsed.text, parsed.html, mail.raw].join('\n')).not.toContain(secret);
    }
  });
});
