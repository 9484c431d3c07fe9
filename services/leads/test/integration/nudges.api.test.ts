import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { DEFAULT_MESSAGING_SETTINGS } from '@hap/contracts';
import { createMailer } from '@hap/service-kit';
import { createWebPush } from '@hap/service-kit/push';
import { ADMIN } from '@hap/service-kit/testing';
import { createAdmin, createClinicUser, createPushSubscription } from '@hap/test-kit/factories/tenant';
import { startFakeWebPush, type FakeWebPush } from '@hap/test-kit/fakes/web-push';
import { parseMail, startSmtp } from '@hap/test-kit/smtp-server';
import { createTenantClient } from '../../src/clients/tenant.client';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { sweepNudges } from '../../src/modules/messages/nudges';
import { START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { openRules } from '../helpers/booking';
import { clinicWithService, submittedLeadId } from '../helpers/leads';

const VAPID = {
  VAPID_PUBLIC_KEY: 'BPWDpLSTCJNeNTVGpTIPiv_QTiAqDr9GJSxFmth5bl16wzXCV33_y72_fOgfVfr4GumGC4Kp8vZM7DmdWIP-Mpk',
  VAPID_PRIVATE_KEY: '9Nc6fkgUYxI-PwBluBij5h3lchemsDeWqgJnPlFy4I4',
  VAPID_SUBJECT: 'mailto:alerts@agency.test',
  PUSH_TIMEOUT_MS: 2000,
};

/**
 * Nobody waits unseen (docs/speed-to-lead.md#nudges): a lead still new after the clinic's nudge minutes, in
 * its opening hours, pushes the clinic's users once; after the escalation minutes, e-mails the agency's
 * admins once; nothing of the patient in either. Through the real outbox, tenant, a push-service fake and a
 * loopback SMTP server.
 */
describe('reminders of a lead still new', () => {
  let t: TestLeads;
  let push: FakeWebPush;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clinic: { clientId: number; serviceId: number };
  const clinicName = `Birch Hollow ${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    t = await startLeads();
    push = await startFakeWebPush();
    smtp = await startSmtp();
    clinic = await clinicWithService(t, { name: clinicName, address: '3 Birch Ln, Bend', phone: '(541) 555-0133' });
    // Open all day, every day (UTC): the reminder's hours never get in the test's way.
    expect((await t.api.put(`/api/clients/${clinic.clientId}/booking/availability`, ADMIN).send(openRules(clinic.serviceId, { hours: { start: '00:00', end: '23:59' } }))).status).toBe(200);
    expect((await t.api.put(`/api/clients/${clinic.clientId}/messaging`, ADMIN).send({ ...DEFAULT_MESSAGING_SETTINGS, nudgeAfterMinutes: 15, escalateAfterMinutes: 45 })).status).toBe(200);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await smtp.close();
    await push.close();
    await t.close();
  });

  const tenantDb = () => t.templates!.tenant!.dataSource;
  const nudgesOf = async (leadId: string) =>
    (await t.dataSource.query(`SELECT "id", "channel", "status", "last_error" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 AND "channel" LIKE 'nudge_%' ORDER BY "channel"`, [leadId])) as Array<{
      id: string;
      channel: string;
      status: string;
      last_error: string | null;
    }>;
  const waited = (leadId: string, minutes: number) => t.dataSource.query(`UPDATE "leads"."leads" SET "created_at" = now() - make_interval(mins => $2) WHERE "id" = $1`, [leadId, minutes]);
  const sweep = () => sweepNudges(t.dataSource, { clientIds: [clinic.clientId] });
  const job = { attemptsMade: 0, opts: { attempts: 5 } } as Job<{ deliveryId: number }>;
  const handler = () =>
    createDeliveryHandler({
      dataSource: t.dataSource,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Leads <leads@healthads.local>', timeoutMs: 3000 }),
      webhooks: createWebhookSender({ timeoutMs: 2000, allowPrivate: false }),
      crm: null,
      push: createWebPush(VAPID),
      portalOrigin: 'https://app.agency.test',
      tenant: createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 }),
    });

  it('nudges the clinic’s users by push after its minutes, then the agency by e-mail, once each; never a contacted lead', async () => {
    const owner = await createClinicUser(tenantDb(), clinic.clientId, { role: 'owner' });
    const device = push.subscribe();
    await createPushSubscription(tenantDb(), owner.id, device);
    const admin = await createAdmin(tenantDb(), { email: `ops-${randomUUID().slice(0, 6)}@agency.test`, password: 'not used here' });

    const leadId = await submittedLeadId(t, { name: 'Quinn Harlow', phone: '(541) 555-0177', message: 'Knee pain', clientId: clinic.clientId, serviceId: clinic.serviceId });
    const contacted = await submittedLeadId(t, { name: 'Already Called', phone: '(541) 555-0178', clientId: clinic.clientId, serviceId: clinic.serviceId });
    await t.dataSource.query(`UPDATE "leads"."leads" SET "status" = 'contacted' WHERE "id" = $1`, [contacted]);
    await waited(contacted, 50);

    await waited(leadId, 10);
    expect(await sweep()).toBe(0);
    await waited(leadId, 20);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const [users] = await nudgesOf(leadId);
    expect(users).toMatchObject({ channel: 'nudge_users', status: 'pending' });
    expect(await handler()({ deliveryId: Number(users.id) }, job)).toBe('done');
    const reminder = JSON.parse(push.received.filter((p) => p.endpoint === device.endpoint).at(-1)!.payload) as { title: string; body: string; data: { url: string } };
    expect(reminder.title).toBe(`An enquiry for ${clinicName} has waited 20 minutes — open the portal`);
    expect(reminder.data.url).toBe(`https://app.agency.test/portal/leads?lead=${leadId}`);

    await waited(leadId, 50);
    expect(await sweep()).toBe(1);
    const agency = (await nudgesOf(leadId)).find((n) => n.channel === 'nudge_agency')!;
    expect(await handler()({ deliveryId: Number(agency.id) }, job)).toBe('done');
    const mail = await parseMail(smtp.received.find((m) => m.to.includes(admin.email))!);
    expect(mail.subject).toBe(`A lead of ${clinicName} has waited 50 minutes`);
    // Nothing of the patient in either reminder.
    for (const text of [JSON.stringify(reminder), mail.text ?? '', mail.html || '']) {
      for (const secret of ['Quinn', 'Harlow', '555-0177', 'Knee pain']) expect(text).not.toContain(secret);
    }
    expect(await nudgesOf(contacted)).toEqual([]);
    expect(await sweep()).toBe(0);
  });

  it('waits for opening hours', async () => {
    const leadId = await submittedLeadId(t, { name: 'After Hours', phone: '(541) 555-0179', clientId: clinic.clientId, serviceId: clinic.serviceId });
    await waited(leadId, 20);
    // A Sunday the clinic is closed: nothing now.
    const closed = { ...openRules(clinic.serviceId, { hours: { start: '00:00', end: '23:59' } }), weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] } };
    expect((await t.api.put(`/api/clients/${clinic.clientId}/booking/availability`, ADMIN).send(closed)).status).toBe(200);
    try {
      expect(await sweep()).toBe(0);
    } finally {
      await t.api.put(`/api/clients/${clinic.clientId}/booking/availability`, ADMIN).send(openRules(clinic.serviceId, { hours: { start: '00:00', end: '23:59' } }));
    }
    expect(await sweep()).toBe(1);
  });
});
