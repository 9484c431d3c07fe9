import { randomBytes } from 'node:crypto';
import { createQueue, createWorker, type JobQueue } from '@hap/service-kit';
import { createClinicUser } from '@hap/test-kit/factories/tenant';
import { createTenantClient } from '../../src/clients/tenant.client';
import { clinicAwareNotConfigured, NOT_CONFIGURED, notConfiguredIn } from '../../src/modules/delivery/channels';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createMailer } from '@hap/service-kit';
import { relayOnce } from '../../src/modules/delivery/relay';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { clinicWithService, submittedLeadId } from '../helpers/leads';
import { suiteQueueRedis } from '@hap/test-kit/test-env';
import { parseMail, startSmtp, type ReceivedMail } from '@hap/test-kit/smtp-server';

interface Delivery {
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

const PORTAL = 'https://app.agency.test';

/** A received message with quoted-printable soft breaks and `=3D` undone, headers unfolded. */
const plain = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=').replace(/\r?\n[ \t]+/g, ' ');
const unsubscribeLinkIn = (mail: ReceivedMail) => {
  const match = /^List-Unsubscribe: <([^>]+)>/m.exec(plain(mail));
  if (!match) throw new Error(`no List-Unsubscribe in:\n${mail.raw}`);
  return new URL(match[1]);
};

describe('new-lead e-mails to the clinic’s users', () => {
  let t: TestLeads;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clientId: number;
  let serviceId: number;
  let users: Record<'owner' | 'optedInStaff' | 'staff' | 'optedOutOwner' | 'disabledOwner' | 'invitedStaff', { id: number; email: string }>;
  const clinicEmail = `front-desk-${randomBytes(3).toString('hex')}@clinic.example`;
  const redis = suiteQueueRedis();
  let queue: JobQueue<'leads.deliver'>;

  beforeAll(async () => {
    t = await startLeads();
    smtp = await startSmtp();
    const tenant = t.templates!.tenant!;
    ({ clientId, serviceId } = await clinicWithService(t, { name: 'Summit Vitality', address: '9 Peak Rd, Denver', phone: '(303) 555-0199', email: clinicEmail }));
    const user = (options: Parameters<typeof createClinicUser>[2]) => createClinicUser(tenant.dataSource, clientId, options);
    users = {
      owner: await user({ role: 'owner' }),
      optedInStaff: await user({ role: 'front_desk', newLeadEmail: 'each' }),
      staff: await user({ role: 'front_desk' }),
      optedOutOwner: await user({ role: 'owner', newLeadEmail: 'off' }),
      disabledOwner: await user({ role: 'owner', status: 'disabled' }),
      invitedStaff: await user({ role: 'front_desk', status: 'invited', newLeadEmail: 'each' }),
    };
    queue = createQueue('leads.deliver', redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await queue.close();
    await smtp.close();
    await t.close();
  });

  const submitLead = (name: string): Promise<string> => submittedLeadId(t, { name, phone: '(303) 555-0177', message: 'About my blood tests.', clientId, serviceId });
  const deliveriesOf = async (leadId: string) =>
    (await t.dataSource.query(
      `SELECT "channel", "recipient", "status", "attempts", "last_error" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 ORDER BY "channel", "recipient"`,
      [leadId],
    )) as Delivery[];

  /** Relays and delivers until every delivery of the lead is settled (notify_users adds user_email rows on the way). */
  async function deliverAll(leadId: string) {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Leads <leads@healthads.local>', timeoutMs: 3000 });
    const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const handler = createDeliveryHandler({ dataSource: t.dataSource, mailer, webhooks: createWebhookSender({ timeoutMs: 2000, allowPrivate: true }), crm: null, tenant, portalOrigin: PORTAL });
    const worker = createWorker('leads.deliver', handler, redis);
    try {
      const until = Date.now() + 15_000;
      for (;;) {
        // As the worker's relay is given (worker.ts): what the clinic lacks is settled without a job.
        await relayOnce({ dataSource: t.dataSource, queue, notConfigured: clinicAwareNotConfigured(notConfiguredIn(mailer), tenant) });
        if ((await deliveriesOf(leadId)).every((d) => !['pending', 'queued'].includes(d.status))) break;
        if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(await deliveriesOf(leadId))}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.close();
      mailer?.close();
    }
  }
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  it('e-mails each active user who chose it, one delivery each, without patient details; the clinic’s address gets no details by default', async () => {
    const leadId = await submitLead('Priya Raman');
    await deliverAll(leadId);

    const rows = await deliveriesOf(leadId);
    expect(rows.find((d) => d.channel === 'notify_users')).toMatchObject({ status: 'delivered', last_error: '2 users to e-mail.' });
    expect(rows.filter((d) => d.channel === 'user_email')).toEqual(
      [users.owner.email, users.optedInStaff.email].sort().map((recipient) => ({ channel: 'user_email', recipient, status: 'delivered', attempts: 1, last_error: null })),
    );
    // The agency's switch is off (the default): the relay settles the clinic's e-mail without a job.
    expect(rows.find((d) => d.channel === 'email')).toMatchObject({ status: 'not_configured', attempts: 0, last_error: NOT_CONFIGURED.leadDetailEmail });

    for (const user of [users.owner, users.optedInStaff]) {
      const [mail] = mailsTo(user.email);
      expect(mail).toBeDefined();
      const text = plain(mail);
      const parsed = await parseMail(mail);
      expect(parsed.subject).toBe('New enquiry for Summit Vitality — open the portal');
      expect(parsed.text?.split('\n')[0]).toBe('New enquiry for Summit Vitality — open the portal');
      expect(text).toContain(`${PORTAL}/portal/leads?lead=${leadId}`);
      expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(unsubscribeLinkIn(mail).origin + unsubscribeLinkIn(mail).pathname).toBe(`${PORTAL}/api/portal/unsubscribe`);
      for (const patient of ['Priya', 'Raman', '555-0177', 'About my blood tests']) expect(text).not.toContain(patient);
    }
    // Staff who never chose, an owner who turned it off, a disabled owner and a user not yet accepted get nothing.
    for (const user of [users.staff, users.optedOutOwner, users.disabledOwner, users.invitedStaff]) expect(mailsTo(user.email)).toEqual([]);
    // The clinic's address got nothing with the patient's details.
    expect(mailsTo(clinicEmail)).toEqual([]);
  });

  it('the unsubscribe link turns the owner’s e-mails off once; a forged link is refused; the next lead skips them', async () => {
    const tenant = t.templates!.tenant!;
    const link = unsubscribeLinkIn(mailsTo(users.owner.email)[0]);
    const path = `${link.pathname}${link.search}`;
    const forged = `${link.pathname}?token=${encodeURIComponent(`${users.optedInStaff.id}${link.searchParams.get('token')!.replace(/^\d+/, '')}`)}`;

    const refused = await tenant.api.post(forged, ANONYMOUS).type('form').send('List-Unsubscribe=One-Click');
    const first = await tenant.api.post(path, ANONYMOUS).type('form').send('List-Unsubscribe=One-Click');
    const again = await tenant.api.post(path, ANONYMOUS).type('form').send('List-Unsubscribe=One-Click');

    expect(refused.status).toBe(400);
    expect(first.status).toBe(200);
    expect(again.status).toBe(410);

    const before = mailsTo(users.owner.email).length;
    const leadId = await submitLead('Tomas Lind');
    await deliverAll(leadId);
    const rows = await deliveriesOf(leadId);
    expect(rows.filter((d) => d.channel === 'user_email').map((d) => d.recipient)).toEqual([users.optedInStaff.email]);
    expect(rows.find((d) => d.channel === 'notify_users')).toMatchObject({ status: 'delivered', last_error: '1 user to e-mail.' });
    expect(mailsTo(users.owner.email)).toHaveLength(before);
    expect(mailsTo(users.optedInStaff.email)).toHaveLength(2);
  });

  it('sends nothing to a user disabled between the lead and their e-mail', async () => {
    const tenant = t.templates!.tenant!;
    const leadId = await submitLead('Ana Silva');
    // The fan-out only: the relay hands notify_users over, the job adds the user_email rows.
    const tenantClient = createTenantClient({ baseUrl: tenant.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const [{ id: fanOutId }] = (await t.dataSource.query(`SELECT "id" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 AND "channel" = 'notify_users'`, [leadId])) as Array<{ id: string }>;
    const recipients = await tenantClient.leadRecipients(clientId);
    await t.dataSource.query(
      `INSERT INTO "leads"."lead_deliveries" ("lead_id", "channel", "recipient", "recipient_user_id") SELECT $1::bigint, 'user_email', r."email", r."user_id" FROM unnest($2::text[], $3::int[]) AS r("email", "user_id")`,
      [leadId, recipients.map((r) => r.email), recipients.map((r) => r.userId)],
    );
    await t.dataSource.query(`UPDATE "leads"."lead_deliveries" SET "status" = 'delivered' WHERE "id" = $1`, [fanOutId]);
    await tenant.dataSource.query(`UPDATE "tenant"."users" SET "disabled_at" = now() WHERE "id" = $1`, [users.optedInStaff.id]);
    const before = mailsTo(users.optedInStaff.email).length;

    await deliverAll(leadId);

    expect((await deliveriesOf(leadId)).find((d) => d.channel === 'user_email')).toMatchObject({
      recipient: users.optedInStaff.email,
      status: 'not_configured',
      last_error: NOT_CONFIGURED.recipientGone,
    });
    expect(mailsTo(users.optedInStaff.email)).toHaveLength(before);
  });
});
