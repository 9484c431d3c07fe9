import { randomBytes } from 'node:crypto';
import { BookedAppointmentSchema, LeadReceiptSchema, ManagedChangeSchema, type Availability } from '@hap/contracts';
import { createMailer, createQueue, createWorker, type JobQueue } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { parseMail, startSmtp } from '@hap/test-kit/smtp-server';
import { suiteQueueRedis } from '@hap/test-kit/test-env';
import { createTenantClient } from '../../src/clients/tenant.client';
import { createAppointmentNoticeHandler } from '../../src/modules/booking/appointment-notices';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { clinicWithService } from '../helpers/leads';
import { openRules } from '../helpers/booking';

/**
 * The patient's appointment e-mails (docs/booking.md#notices) as the worker sends them: a real
 * `leads.appointment-notice` queue and worker on this suite's Redis prefix, the kit's mailer talking
 * SMTP to a real server on loopback, the message read back as a mail client reads it.
 */

const HOUR = 3600_000;
const day = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
const at = (clock: string) => `${day}T${clock}:00.000Z`;
const ORIGIN = 'http://127.0.0.1:18999';

const rules = (serviceId: number): Availability => openRules(serviceId, { timeZone: 'America/Denver', hours: { start: '00:00', end: '23:59' } });

describe('appointment notices: e-mails with .ics, reminders as delayed jobs, nothing for a stale version', () => {
  let t: TestLeads;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clientId: number;
  let serviceId: number;
  let queue: JobQueue<'leads.appointment-notice'>;
  let worker: ReturnType<typeof createWorker<'leads.appointment-notice'>>;
  let handler: ReturnType<typeof createAppointmentNoticeHandler>;
  const mailer = () => createMailer({ smtpUrl: smtp.url, from: 'Bookings <bookings@healthads.local>', timeoutMs: 3000 });
  const clinicEmail = `desk-${randomBytes(3).toString('hex')}@clinic.example`;
  const redis = suiteQueueRedis();

  beforeAll(async () => {
    t = await startLeads();
    smtp = await startSmtp();
    ({ clientId, serviceId } = await clinicWithService(t, { name: 'Summit Vitality Clinic', address: '1 Main St, Denver', phone: '(303) 555-0100', email: clinicEmail }));
    expect((await t.api.put(`/api/clients/${clientId}/booking/availability`, ADMIN).send(rules(serviceId))).status).toBe(200);
    queue = createQueue('leads.appointment-notice', redis);
    const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    handler = createAppointmentNoticeHandler({ dataSource: t.dataSource, mailer: mailer(), tenant, notices: queue, origin: ORIGIN, internalSecret: t.config.INTERNAL_SECRET });
    worker = createWorker('leads.appointment-notice', handler, redis);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await smtp?.close();
    await t?.close();
  });

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const waitForMails = async (email: string, count: number) => {
    const until = Date.now() + 15_000;
    while (mailsTo(email).length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} e-mails to ${email}, got ${mailsTo(email).length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return parseMail(mailsTo(email)[count - 1]!);
  };
  const notifiedVersion = async (id: number) =>
    ((await t.dataSource.query(`SELECT "notified_version" FROM "leads"."appointments" WHERE "id" = $1`, [id])) as [{ notified_version: number }])[0].notified_version;

  const book = async (clock: string, email: string) => {
    const lead = await t.api.post('/api/leads', ANONYMOUS).send({ name: 'Dana Whitfield', email, phone: '(303) 555-0142', clientId, serviceId, consentVersion: 'lead-form-v1' });
    expect(lead.status).toBe(201);
    const leadToken = LeadReceiptSchema.parse(lead.body.data).bookingToken!;
    const res = await t.api.post('/api/bookings', ANONYMOUS).send({ clientId, serviceId, start: at(clock), idempotencyKey: `key_${randomBytes(6).toString('hex')}`, leadToken });
    expect(res.status).toBe(201);
    return BookedAppointmentSchema.parse(res.body.data);
  };

  it('e-mails the booking in the clinic’s name with its .ics and link, queues the 24 h and 2 h reminders, and follows a move and a cancellation', async () => {
    const email = `dana-${randomBytes(3).toString('hex')}@example.com`;
    const booked = await book('16:00', email);
    await queue.add({ appointmentId: booked.id, version: 1, notice: 'change' });

    const first = await waitForMails(email, 1);
    // The clinic's name and the time in its zone (Denver); no service or health detail in the subject.
    expect(first.subject).toMatch(/^Your appointment at Summit Vitality Clinic is booked: \w+day \d+ \w+ \d{4} at \d{1,2}:00 (AM|PM) M[SD]T$/);
    expect(first.from?.value[0]).toMatchObject({ name: 'Summit Vitality Clinic' });
    expect(first.replyTo?.value[0]).toMatchObject({ address: clinicEmail });
    expect(first.text).toContain('Hello Dana Whitfield,');
    expect(first.text).toContain('Questions? Call Summit Vitality Clinic on (303) 555-0100.');
    const link = /Need to change or cancel\? (\S+)/.exec(first.text ?? '')?.[1];
    expect(link).toMatch(new RegExp(`^${ORIGIN}/appointment\\?client=${clientId}&token=`));
    const ics = first.attachments.find((a) => a.filename === 'appointment.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = ics!.content.toString('utf8');
    expect(calendar).toContain('METHOD:REQUEST');
    expect(calendar).toContain(`UID:appointment-${booked.id}@health-ads-platform`);
    expect(calendar).toContain(`DTSTART:${day.replaceAll('-', '')}T160000Z`);
    expect(calendar).toContain('SEQUENCE:1');
    expect(await notifiedVersion(booked.id)).toBe(1);

    // The reminders wait in Redis as delayed jobs, due 24 h and 2 h before the start.
    const delayed = (await queue.queue.getDelayed()).filter((job) => job.data.appointmentId === booked.id);
    const due = Object.fromEntries(delayed.map((job) => [job.data.notice, job.timestamp + (job.opts.delay ?? 0)]));
    expect(Object.keys(due).sort()).toEqual(['reminder-24h', 'reminder-2h']);
    expect(Math.abs(due['reminder-24h']! - (Date.parse(at('16:00')) - 24 * HOUR))).toBeLessThan(60_000);
    expect(Math.abs(due['reminder-2h']! - (Date.parse(at('16:00')) - 2 * HOUR))).toBeLessThan(60_000);

    // The patient moves it by the link: a new e-mail of version 2; version 1's reminders send nothing.
    const token = new URL(link!).searchParams.get('token')!;
    const moved = await t.api.post('/api/bookings/manage/reschedule', ANONYMOUS).send({ token, start: at('18:00') });
    expect(moved.status).toBe(200);
    await queue.add({ appointmentId: booked.id, version: 2, notice: 'change' });
    const second = await waitForMails(email, 2);
    expect(second.subject).toMatch(/^Your appointment at Summit Vitality Clinic has moved to /);
    expect(second.attachments[0]!.content.toString('utf8')).toContain('SEQUENCE:2');
    expect(await handler({ appointmentId: booked.id, version: 1, notice: 'reminder-24h' })).toMatch(/^stale/);
    expect(await handler({ appointmentId: booked.id, version: 2, notice: 'change' })).toBe('already sent');

    // Cancelled with the new link: a CANCEL for the same UID, and no link to change it any more.
    const cancelled = await t.api.post('/api/bookings/manage/cancel', ANONYMOUS).send({ token: ManagedChangeSchema.parse(moved.body.data).token });
    expect(cancelled.status).toBe(200);
    await queue.add({ appointmentId: booked.id, version: 3, notice: 'change' });
    const third = await waitForMails(email, 3);
    expect(third.subject).toBe('Your appointment at Summit Vitality Clinic is cancelled');
    expect(third.text).not.toContain('Need to change or cancel');
    const cancel = third.attachments[0]!.content.toString('utf8');
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain(`UID:appointment-${booked.id}@health-ads-platform`);
    expect(await handler({ appointmentId: booked.id, version: 3, notice: 'reminder-2h' })).toBe('no reminder: not live or already begun');
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('says it is not configured without SMTP and does not try again', async () => {
    const email = `nomail-${randomBytes(3).toString('hex')}@example.com`;
    const booked = await book('20:00', email);
    const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const unconfigured = createAppointmentNoticeHandler({ dataSource: t.dataSource, mailer: null, tenant, notices: queue, origin: ORIGIN, internalSecret: t.config.INTERNAL_SECRET });
    expect(await unconfigured({ appointmentId: booked.id, version: 1, notice: 'change' })).toBe('not configured: SMTP_URL is not set');
    expect(await notifiedVersion(booked.id)).toBe(1);
    expect(mailsTo(email)).toHaveLength(0);
  });
});
