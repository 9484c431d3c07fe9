import { randomBytes, randomUUID } from 'node:crypto';
import twilioSdk from 'twilio';
import type { Job } from 'bullmq';
import { DEFAULT_MESSAGING_SETTINGS, LeadTimelineSchema, StoredMessagingSchema, SMS_BLOCKED, SMS_SIGNATURE_REFUSED, SpeedToLeadSchema, TimelineMessageSchema, UnmatchedTextsSchema } from '@hap/contracts';
import type { Identity } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { createSms } from '@hap/service-kit/sms';
import { startFakeTwilio } from '@hap/test-kit/fakes/twilio';
import { createTenantClient } from '../../src/clients/tenant.client';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { createPatientBookingLinks } from '../../src/modules/booking/booking-links';
import { createPatientTexter } from '../../src/modules/messages/patient-text';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { clinicWithService, submittedLeadId } from '../helpers/leads';

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const FROM = '+12025550123';

interface DeliveryRow {
  id: string;
  channel: string;
  recipient: string;
  status: string;
  last_error: string | null;
  due_at: Date | null;
}

/**
 * Speed to lead's patient messages through the real leads app, PostgreSQL, tenant and templates, and the
 * official Twilio SDK against a loopback fake of its REST API (docs/speed-to-lead.md): the first text with
 * the booking link, once however often its job runs; the clinic's reply; Twilio's signed webhooks (inbound,
 * STOP into the consent ledger, delivery receipts); the follow-ups that stop; and speed to lead's figures.
 */
describe('patient messages: first text, replies, webhooks, STOP, speed to lead', () => {
  let t: TestLeads;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let origin: string;
  let clinic: { clientId: number; serviceId: number };
  let owner: Identity;
  const webhooks = createWebhookSender({ timeoutMs: 2000, allowPrivate: true });

  beforeAll(async () => {
    twilio = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    // Where Twilio calls us (PUBLIC_BASE_URL): the webhooks are signed over it; nothing listens there.
    origin = 'http://127.0.0.1:18997';
    t = await startLeads({
      env: { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: FROM, TWILIO_API_BASE_URL: twilio.url, PUBLIC_BASE_URL: origin },
    });
    clinic = await clinicWithService(t, { name: `Harbor Vitality ${randomUUID().slice(0, 6)}`, address: '9 Harbor Way, Portland', phone: '(503) 555-0199' });
    owner = { kind: 'clinic', userId: 93_001, email: 'olivia@harbor.test', name: 'Olivia Owner', clientId: clinic.clientId, role: 'owner' };
    // The clinic's own settings (the product's defaults): what another suite does to the agency's cannot reach these tests.
    expect((await t.api.put(`/api/clients/${clinic.clientId}/messaging`, ADMIN).send(DEFAULT_MESSAGING_SETTINGS)).status).toBe(200);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  const sms = () => createSms({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: FROM, TWILIO_API_BASE_URL: twilio.url, TWILIO_TIMEOUT_MS: 3000 });
  const handler = (now?: () => Date) => {
    const patientBooking = createPatientBookingLinks({ dataSource: t.dataSource, origin, internalSecret: t.config.INTERNAL_SECRET });
    return createDeliveryHandler({
      dataSource: t.dataSource,
      mailer: null,
      webhooks,
      crm: null,
      tenant: createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 }),
      patientBooking,
      texter: createPatientTexter({ dataSource: t.dataSource, sms: sms(), patientBooking, origin, now }),
    });
  };
  const job = (over: Partial<Job> = {}) => ({ attemptsMade: 0, opts: { attempts: 5 }, token: 't', moveToDelayed: jest.fn(), ...over }) as unknown as Job<{ deliveryId: number }>;
  const deliveriesOf = async (leadId: string, channel: string) =>
    (await t.dataSource.query(`SELECT "id", "channel", "recipient", "status", "last_error", "due_at" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 AND "channel" = $2 ORDER BY "recipient"`, [
      leadId,
      channel,
    ])) as DeliveryRow[];
  const newPhone = () => `(212) 555-${String(1000 + Math.floor(Math.random() * 8999)).padStart(4, '0')}`;
  const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`;
  const daytime = () => new Date('2026-06-10T16:00:00Z'); // noon in New York
  const sentTo = (phone: string) => twilio.messages.filter((m) => m.to === e164(phone));
  /**
   * Twilio's webhook as the gateway hands it to leads: a form signed over PUBLIC_BASE_URL + path (the
   * fake's own signing is used by the journey, through the real gateway).
   */
  const webhook = (path: string, params: Record<string, string>, signature = twilioSdk.getExpectedTwilioSignature(AUTH_TOKEN, `${origin}${path}`, params)) =>
    t.api.post(path, ANONYMOUS).type('form').set('x-twilio-signature', signature).send(params);
  const inbound = (from: string, body: string, sid = `SM${randomBytes(16).toString('hex')}`) =>
    webhook('/api/webhooks/sms/inbound', { MessageSid: sid, AccountSid: ACCOUNT_SID, From: from, To: FROM, Body: body, NumMedia: '0' });

  it('texts a consented patient once with the booking link, however often its job runs, and schedules the follow-ups', async () => {
    const phone = newPhone();
    const leadId = await submittedLeadId(t, { name: 'Marcus Reed', phone, clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: 'lead-form-v1' });
    const [first] = await deliveriesOf(leadId, 'patient_sms');
    const run = handler(daytime);
    expect(await run({ deliveryId: Number(first.id) }, job())).toBe('done');
    // A second run (a job Redis gave out twice, an admin's retry) sends nothing more.
    expect(await run({ deliveryId: Number(first.id) }, job())).toBe('delivered');
    const sent = sentTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: FROM, statusCallback: `${origin}/api/webhooks/sms/status` });
    expect(sent[0].body).toMatch(/^Hi Marcus, thanks for contacting Harbor Vitality .*: http:\/\/127\.0\.0\.1:\d+\/book\?client=\d+&service=\d+&token=\S+ Reply STOP to opt out\.$/);
    const followUps = await deliveriesOf(leadId, 'patient_follow_up');
    expect(followUps.map((f) => [f.recipient, f.status])).toEqual([
      ['step 1', 'pending'],
      ['step 2', 'pending'],
    ]);

    const timeline = LeadTimelineSchema.parse((await t.api.get(`/api/portal/leads/${leadId}/timeline`, owner)).body.data);
    expect(timeline.entries.map((e) => e.type)).toEqual(['form', 'message', 'follow_up', 'follow_up']);
    expect(timeline.entries[1]).toMatchObject({ channel: 'sms', direction: 'out', kind: 'first_reply', by: 'Automatic', status: 'queued' });
    expect(timeline.sms).toEqual({ canReply: true, blockedReason: null });
  });

  it('asks Twilio before a retry: an attempt that died after Twilio took the text is not sent again', async () => {
    const phone = newPhone();
    const leadId = await submittedLeadId(t, { name: 'Ivy Lane', phone, clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: 'lead-form-v1' });
    const [first] = await deliveriesOf(leadId, 'patient_sms');
    // The first attempt reached Twilio and died before recording the answer: its row says 'sending', without an id.
    const run = handler(daytime);
    await run({ deliveryId: Number(first.id) }, job());
    await t.dataSource.query(`UPDATE "leads"."messages" SET "provider_id" = NULL, "status" = 'sending' WHERE "delivery_id" = $1`, [first.id]);
    await t.dataSource.query(`UPDATE "leads"."lead_deliveries" SET "status" = 'queued' WHERE "id" = $1`, [first.id]);
    expect(await run({ deliveryId: Number(first.id) }, job())).toBe('done');
    expect(sentTo(phone)).toHaveLength(1);
    const [row] = (await t.dataSource.query(`SELECT "provider_id", "status" FROM "leads"."messages" WHERE "delivery_id" = $1`, [first.id])) as Array<{ provider_id: string; status: string }>;
    expect(row.provider_id).toBe(sentTo(phone)[0].sid);
  });

  it('retries a 500 and a 429 from Twilio, and sends once in the end', async () => {
    const phone = newPhone();
    const leadId = await submittedLeadId(t, { name: 'Rosa Diaz', phone, clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: 'lead-form-v1' });
    const [first] = await deliveriesOf(leadId, 'patient_sms');
    const run = handler(daytime);
    twilio.failNext(500);
    await expect(run({ deliveryId: Number(first.id) }, job())).rejects.toThrow();
    twilio.failNext(429);
    await expect(run({ deliveryId: Number(first.id) }, job({ attemptsMade: 1 }))).rejects.toThrow();
    expect(await run({ deliveryId: Number(first.id) }, job({ attemptsMade: 2 }))).toBe('done');
    expect(sentTo(phone)).toHaveLength(1);
  });

  it('waits out the quiet hours of the clinic’s zone, and texts nobody without SMS consent', async () => {
    const phone = newPhone();
    const leadId = await submittedLeadId(t, { name: 'Night Owl', phone, clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: 'lead-form-v1' });
    const [first] = await deliveriesOf(leadId, 'patient_sms');
    const late = () => new Date('2026-06-11T03:00:00Z'); // 23:00 in New York
    const delayed = job();
    const before = Date.now();
    await expect(handler(late)({ deliveryId: Number(first.id) }, delayed)).rejects.toThrow(/quiet hours/);
    // Until 08:00 New York time: 12:00Z, nine hours on.
    const [until] = (delayed.moveToDelayed as jest.Mock).mock.calls[0] as [number];
    expect(until - before).toBeGreaterThanOrEqual(9 * 3_600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(9 * 3_600_000);
    expect((await deliveriesOf(leadId, 'patient_sms'))[0].last_error).toBe('Waiting for the end of quiet hours (08:00, America/New_York).');
    expect(sentTo(phone)).toHaveLength(0);

    const unconsented = await submittedLeadId(t, { name: 'No Consent', phone: newPhone(), clientId: clinic.clientId, serviceId: clinic.serviceId, consentText: undefined });
    const [row] = await deliveriesOf(unconsented, 'patient_sms');
    await handler(daytime)({ deliveryId: Number(row.id) }, job());
    expect((await deliveriesOf(unconsented, 'patient_sms'))[0]).toMatchObject({ status: 'not_configured', last_error: SMS_BLOCKED.noConsent });
  });

  it('takes the patient’s answer by signed webhook, shows it on the timeline, stops the follow-ups, and lets the clinic reply', async () => {
    const phone = newPhone();
    const leadId = await submittedLeadId(t, { name: 'Dana Cole', phone, clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: 'lead-form-v1' });
    const [first] = await deliveriesOf(leadId, 'patient_sms');
    await handler(daytime)({ deliveryId: Number(first.id) }, job());

    // Unsigned, or signed for other words: 403 and nothing kept.
    const params = { MessageSid: 'SMforged', AccountSid: ACCOUNT_SID, From: e164(phone), To: FROM, Body: 'hi' };
    const unsigned = await t.api.post('/api/webhooks/sms/inbound', ANONYMOUS).type('form').send(params);
    expect(unsigned.status).toBe(403);
    expect(unsigned.text).toContain(SMS_SIGNATURE_REFUSED);
    const tampered = await webhook('/api/webhooks/sms/inbound', { ...params, Body: 'STOP' }, twilioSdk.getExpectedTwilioSignature(AUTH_TOKEN, `${origin}/api/webhooks/sms/inbound`, params));
    expect(tampered.status).toBe(403);
    expect(await t.dataSource.query(`SELECT 1 FROM "leads"."messages" WHERE "provider_id" = 'SMforged'`)).toEqual([]);

    const answer = await inbound(e164(phone), 'Is Saturday possible?');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<Response>');
    expect((await deliveriesOf(leadId, 'patient_follow_up')).map((f) => [f.status, f.last_error])).toEqual([
      ['stopped', 'Stopped: the patient replied.'],
      ['stopped', 'Stopped: the patient replied.'],
    ]);

    const reply = await t.api.post(`/api/portal/leads/${leadId}/messages`, owner).send({ body: 'Yes, Saturday 10 am works. See you then!' });
    expect(reply.status).toBe(201);
    expect(TimelineMessageSchema.parse(reply.body.data)).toMatchObject({ kind: 'reply', by: 'Olivia Owner', direction: 'out' });
    expect(sentTo(phone).map((m) => m.body).at(-1)).toBe('Yes, Saturday 10 am works. See you then!');

    // Twilio's receipt moves the reply to delivered.
    const receipt = await webhook('/api/webhooks/sms/status', { MessageSid: sentTo(phone).at(-1)!.sid, AccountSid: ACCOUNT_SID, MessageStatus: 'delivered' });
    expect(receipt.status).toBe(204);
    const timeline = LeadTimelineSchema.parse((await t.api.get(`/api/portal/leads/${leadId}/timeline`, owner)).body.data);
    const messages = timeline.entries.filter((e) => e.type === 'message');
    // The clinic's first text moved the new lead to contacted, by that user.
    expect(timeline.entries.filter((e) => e.type === 'status')).toEqual([expect.objectContaining({ from: 'new', to: 'contacted', by: 'Olivia Owner' })]);
    expect(messages.map((m) => m.type === 'message' && [m.direction, m.kind, m.status])).toEqual([
      ['out', 'first_reply', 'queued'],
      ['in', 'inbound', 'received'],
      ['out', 'reply', 'delivered'],
    ]);
    // Another clinic's user: 404, and cannot text the patient.
    const stranger: Identity = { ...owner, clientId: clinic.clientId + 100_000 };
    expect((await t.api.get(`/api/portal/leads/${leadId}/timeline`, stranger)).status).toBe(404);
    expect((await t.api.post(`/api/portal/leads/${leadId}/messages`, stranger).send({ body: 'hi' })).status).toBe(404);
    // Bad words: the schema's message.
    const empty = await t.api.post(`/api/portal/leads/${leadId}/messages`, owner).send({ body: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Write a message');

    // The reply was the first contact by a person: speed to lead counts it.
    const today = new Date().toISOString().slice(0, 10);
    const speed = SpeedToLeadSchema.parse((await t.api.get(`/api/results/speed-to-lead?clientId=${clinic.clientId}&from=${today}&to=${today}`, ADMIN)).body.data);
    expect(speed.contacted).toBeGreaterThanOrEqual(1);
    expect(speed.medianMinutes).not.toBeNull();
    expect(speed.bands.find((b) => b.band === 'under_5_min')!.leads).toBeGreaterThanOrEqual(1);
    const portal = SpeedToLeadSchema.parse((await t.api.get(`/api/portal/results/speed-to-lead?from=${today}&to=${today}`, owner)).body.data);
    expect(portal).toEqual(speed);
  });

  it('honours STOP at once: recorded in the ledger, no follow-up, no reply; START opens it again', async () => {
    const phone = newPhone();
    const leadId = await submittedLeadId(t, { name: 'Stop Person', phone, clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: 'lead-form-v1' });
    const [first] = await deliveriesOf(leadId, 'patient_sms');
    await handler(daytime)({ deliveryId: Number(first.id) }, job());
    expect((await inbound(e164(phone), ' Stop ')).status).toBe(200);

    const ledger = (await t.dataSource.query(`SELECT "event", "client_id" FROM "leads"."sms_consent_events" WHERE "phone" = $1`, [e164(phone)])) as Array<{ event: string; client_id: number }>;
    expect(ledger).toEqual([{ event: 'stop', client_id: clinic.clientId }]);
    expect((await deliveriesOf(leadId, 'patient_follow_up')).map((f) => f.last_error)).toEqual(['Stopped: the patient replied STOP.', 'Stopped: the patient replied STOP.']);
    const refused = await t.api.post(`/api/portal/leads/${leadId}/messages`, owner).send({ body: 'Are you sure?' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SMS_BLOCKED.optedOut);
    // A follow-up whose job was queued before the STOP finds its row stopped and sends nothing.
    const [step1] = await deliveriesOf(leadId, 'patient_follow_up');
    expect(await handler(daytime)({ deliveryId: Number(step1.id) }, job())).toBe('stopped');
    expect(sentTo(phone)).toHaveLength(1);

    await inbound(e164(phone), 'START');
    const timeline = LeadTimelineSchema.parse((await t.api.get(`/api/portal/leads/${leadId}/timeline`, owner)).body.data);
    expect(timeline.sms.canReply).toBe(true);
  });

  it('keeps a text from a number that is no lead as a conversation of its own, and a retried webhook once', async () => {
    const stranger = e164(newPhone());
    const sid = `SM${randomBytes(16).toString('hex')}`;
    expect((await inbound(stranger, 'Do you do weight loss?', sid)).status).toBe(200);
    // Twilio retries a webhook it got no answer to: the same MessageSid is kept once.
    expect((await inbound(stranger, 'Do you do weight loss?', sid)).status).toBe(200);
    const rows = (await t.dataSource.query(`SELECT "lead_id", "client_id", "body" FROM "leads"."messages" WHERE "phone" = $1`, [stranger])) as Array<{ lead_id: string | null; body: string }>;
    expect(rows).toEqual([{ lead_id: null, client_id: null, body: 'Do you do weight loss?' }]);

    // The agency reads it in its list of texts from numbers that are no lead's: the newest conversation first.
    expect((await inbound(stranger, 'Call me after 5 please')).status).toBe(200);
    expect((await inbound(stranger, 'STOP')).status).toBe(200);
    const listed = await t.api.get('/api/messaging/unmatched?pageSize=1', ADMIN);
    expect(listed.status).toBe(200);
    const list = UnmatchedTextsSchema.parse(listed.body.data);
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ phone: stranger, count: 3, optedOut: true });
    expect(list.items[0].texts.map((text) => text.body)).toEqual(['Do you do weight loss?', 'Call me after 5 please', 'STOP']);
    // A clinic user may not read it; a bad page is 400 in words.
    expect((await t.api.get('/api/messaging/unmatched', owner)).status).toBe(403);
    const bad = await t.api.get('/api/messaging/unmatched?page=0', ADMIN);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Page must be 1 or more');
  });

  it('keeps the agency’s defaults and a clinic’s own settings, checked at their fields, audited; clinic users may not', async () => {
    const other = await clinicWithService(t, { name: `Quiet Pines ${randomUUID().slice(0, 6)}`, address: '1 Pine St, Bend', phone: '(541) 555-0100' });
    const inherited = StoredMessagingSchema.parse((await t.api.get(`/api/clients/${other.clientId}/messaging`, ADMIN)).body.data);
    expect(inherited).toMatchObject({ clientId: other.clientId, inherited: true, updatedAt: null });

    const own = { ...DEFAULT_MESSAGING_SETTINGS, quietHours: { start: '21:00', end: '07:30' }, followUps: [{ afterHours: 48, text: 'Hi {firstName}, {clinic} again.' }] };
    const saved = await t.api.put(`/api/clients/${other.clientId}/messaging`, ADMIN).send(own);
    expect(saved.status).toBe(200);
    expect(StoredMessagingSchema.parse(saved.body.data)).toMatchObject({ inherited: false, settings: own });
    const [audit] = (await t.dataSource.query(`SELECT "action" FROM "leads"."audit_log" WHERE "entity" = 'messaging_settings' AND "entity_id" = $1`, [String(other.clientId)])) as Array<{ action: string }>;
    expect(audit).toEqual({ action: 'create' });

    const bad = await t.api.put(`/api/clients/${other.clientId}/messaging`, ADMIN).send({ ...own, quietHours: { start: '9pm', end: '07:30' }, followUps: [{ afterHours: 0, text: '' }] });
    expect(bad.status).toBe(400);
    const messages = (bad.body.issues as Array<{ path: string; message: string }>).map((i) => [i.path, i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['quietHours.start', 'Quiet hours start must be a time like 20:00'],
        ['followUps.0.afterHours', 'A follow-up waits at least an hour'],
        ['followUps.0.text', 'Write the follow-up'],
      ]),
    );
    expect((await t.api.put(`/api/clients/${other.clientId}/messaging`, owner).send(own)).status).toBe(403);

    const reset = StoredMessagingSchema.parse((await t.api.delete(`/api/clients/${other.clientId}/messaging`, ADMIN)).body.data);
    expect(reset.inherited).toBe(true);
    expect(StoredMessagingSchema.parse((await t.api.get('/api/messaging/defaults', ADMIN)).body.data).clientId).toBe(0);
  });

  it('says not configured without Twilio, and the portal reply is 409 in words', async () => {
    const bare = await startLeads({ env: { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM: '' } });
    try {
      const leadId = await submittedLeadId(bare, { name: 'Plain Lead', phone: newPhone(), clientId: clinic.clientId, serviceId: clinic.serviceId, consentVersion: 'lead-form-v1' });
      const res = await bare.api.post(`/api/portal/leads/${leadId}/messages`, owner).send({ body: 'Hello' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(SMS_BLOCKED.notConfigured);
      expect((await bare.api.post('/api/webhooks/sms/inbound', ANONYMOUS).type('form').send({ MessageSid: 'SM1', From: '+12125550100', Body: 'hi' })).status).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
