import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  LeadCountsSchema,
  LeadDeliverySchema,
  LeadDetailSchema,
  LeadListSchema,
  Messages,
  type LeadDetail,
  type LeadList,
} from '@hap/contracts';
import { createServer } from 'node:net';
import { createQueue, createWorker, type JobQueue, type QueueRedis } from '@hap/service-kit';
import { ADMIN, startService } from '@hap/service-kit/testing';
import { buildApp } from '../../src/app';
import { createDataSource } from '../../src/db/data-source';
import { createClientService, createTemplate, uniqueClientId } from '@hap/test-kit/factories/templates';
import { createTenantClient } from '../../src/clients/tenant.client';
import { notConfiguredIn } from '../../src/modules/delivery/channels';
import { createDeliveryHandler } from '../../src/modules/delivery/deliver.job';
import { createMailer } from '@hap/service-kit';
import { relayOnce } from '../../src/modules/delivery/relay';
import { createWebhookSender } from '../../src/modules/delivery/webhook';
import { createDeliveryJobs } from '../../src/modules/admin/delivery-jobs';
import { ANONYMOUS, GATEWAY, START_TIMEOUT_MS, relayOnly, startLeads, type TestLeads } from '../helpers/app';
import { startSmtp } from '@hap/test-kit/smtp-server';

const CONSENT = 'By submitting, you agree that Test Clinic may contact you by phone, text or e-mail about your enquiry.';

describe('admin Leads inbox: /api/leads (admin), /api/lead-deliveries/:id/retry', () => {
  let t: TestLeads;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const redis: QueueRedis = {
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_adm_${randomBytes(4).toString('hex')}`,
  };
  let queue: JobQueue<'leads.deliver'>;
  let clientId: number;
  let trtId: number;
  let edId: number;
  /** Reference → id of the leads the suite submitted. */
  const ids = new Map<string, number>();

  const submit = async (name: string, overrides: Record<string, unknown> = {}) => {
    const res = await t.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'x-forwarded-for': '198.51.100.23', 'user-agent': 'Mozilla/5.0 (Admin inbox test)' })
      .send({
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        phone: '(303) 555-0142',
        clientId,
        serviceId: trtId,
        consentText: CONSENT,
        ...overrides,
      });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
    ids.set(res.body.data.reference as string, Number(row.id));
    return { reference: res.body.data.reference as string, id: Number(row.id) };
  };
  const setCreatedAt = (id: number, at: string) =>
    t.dataSource.query(`UPDATE "leads"."leads" SET "created_at" = $2 WHERE "id" = $1`, [id, at]);
  const list = async (query: string): Promise<LeadList> => {
    const res = await t.api.get(`/api/leads?clientId=${clientId}${query}`, ADMIN);
    expect(res.status).toBe(200);
    return LeadListSchema.parse(res.body.data);
  };
  const names = (page: LeadList) => page.items.map((item) => item.name);
  /**
   * Runs the real relay on one outbox row: the other pending rows (other
   * suites share the database) are held locked meanwhile, so the relay's
   * SKIP LOCKED scan passes them by and this suite's queue never takes them.
   */
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startLeads({ dependencies: { deliveryJobs: createDeliveryJobs(redis) } });
    queue = createQueue('leads.deliver', redis);
    const templates = t.templates!;
    clientId = uniqueClientId();
    trtId = (await createClientService(templates.dataSource, clientId, (await createTemplate(templates.dataSource, { name: 'Testosterone Replacement' })).id)).id;
    edId = (await createClientService(templates.dataSource, clientId, (await createTemplate(templates.dataSource, { name: 'Erectile Dysfunction' })).id)).id;

    // Five leads over three days, two services, three style variants.
    const a = await submit('Alice Moreno', {
      phone: '+1 (720) 555-0101',
      attribution: {
        first: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'trt-denver', gclid: 'Cj0-first', landingPath: '/trt', at: '2026-11-01T09:00:00.000Z' },
        last: { utmSource: 'facebook', utmCampaign: 'retarget', fbclid: 'fb-last', landingPath: '/trt', referrer: 'https://facebook.com/' },
        styleVariant: 'a',
      },
      message: 'Mornings are best.',
    });
    const b = await submit('Bruno Alvarez', { serviceId: edId, attribution: { styleVariant: 'b' } });
    const c = await submit('Carla Nguyen', { attribution: { styleVariant: 'a' } });
    const d = await submit('Dmitri Okafor', { serviceId: edId, attribution: { styleVariant: 'c' } });
    const e = await submit('Erin 50% Off_Smith', {});
    await setCreatedAt(a.id, '2026-11-01T10:00:00Z');
    await setCreatedAt(b.id, '2026-11-02T10:00:00Z');
    await setCreatedAt(c.id, '2026-11-02T15:00:00Z');
    await setCreatedAt(d.id, '2026-11-03T10:00:00Z');
    await setCreatedAt(e.id, '2026-11-03T23:30:00Z');
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await queue.close();
    await t.close();
    await smtp.close();
  });

  describe('GET /api/leads', () => {
    it("lists one clinic's leads newest first with their service names, and the page's figures", async () => {
      const page = await list('');
      expect(names(page)).toEqual(['Erin 50% Off_Smith', 'Dmitri Okafor', 'Carla Nguyen', 'Bruno Alvarez', 'Alice Moreno']);
      expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25, pageCount: 1 });
      expect(page.items[1]).toMatchObject({ serviceId: edId, serviceName: 'Erectile Dysfunction', status: 'new', styleVariant: 'c', failedDeliveries: 0 });
      expect(page.items[4]).toMatchObject({ serviceName: 'Testosterone Replacement', utmSource: 'facebook', utmCampaign: 'retarget' });
      // Another clinic sees none of them.
      const other = await t.api.get(`/api/leads?clientId=${uniqueClientId()}`, ADMIN);
      expect(other.body.data).toMatchObject({ items: [], total: 0, pageCount: 1 });
    });

    it('filters by service, status and period (from inclusive, to through that day)', async () => {
      expect(names(await list(`&serviceId=${edId}`))).toEqual(['Dmitri Okafor', 'Bruno Alvarez']);
      expect(names(await list('&from=2026-11-02&to=2026-11-02'))).toEqual(['Carla Nguyen', 'Bruno Alvarez']);
      expect(names(await list('&from=2026-11-03'))).toEqual(['Erin 50% Off_Smith', 'Dmitri Okafor']);
      expect(names(await list('&to=2026-11-01'))).toEqual(['Alice Moreno']);
      // An instant bound (the screen's local midnight) is exact: 23:30 UTC on the 3rd is the 4th in Berlin.
      expect(names(await list(`&from=${encodeURIComponent('2026-11-04T00:00:00+01:00')}`))).toEqual(['Erin 50% Off_Smith']);
      expect(names(await list('&status=contacted'))).toEqual([]);
      // Empty fields of the filter form count as absent.
      expect((await list('&serviceId=&status=&from=&to=&q=')).total).toBe(5);
    });

    it('searches the name, e-mail, phone digits and reference, taking % and _ literally', async () => {
      expect(names(await list('&q=carla'))).toEqual(['Carla Nguyen']);
      expect(names(await list('&q=BRUNO.ALVAREZ%40example'))).toEqual(['Bruno Alvarez']);
      expect(names(await list(`&q=${encodeURIComponent('720-555')}`))).toEqual(['Alice Moreno']);
      expect(names(await list('&q=50%25'))).toEqual(['Erin 50% Off_Smith']);
      expect(names(await list('&q=_'))).toEqual(['Erin 50% Off_Smith']);
      const reference = [...ids.keys()][2]!;
      expect(names(await list(`&q=${reference.slice(0, 8)}`))).toEqual(['Carla Nguyen']);
      expect(names(await list(`&q=${encodeURIComponent("'; DROP TABLE leads.leads; --").replaceAll("'", '%27')}`))).toEqual([]);
    });

    it('pages with a total', async () => {
      const first = await list('&pageSize=2');
      expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, pageCount: 3 });
      expect(names(first)).toEqual(['Erin 50% Off_Smith', 'Dmitri Okafor']);
      expect(names(await list('&pageSize=2&page=2'))).toEqual(['Carla Nguyen', 'Bruno Alvarez']);
      expect(names(await list('&pageSize=2&page=3'))).toEqual(['Alice Moreno']);
      expect(await list('&pageSize=2&page=9')).toMatchObject({ items: [], total: 5 });
    });

    it.each([
      // No clientId is the 'All clinics' view (admin-leads-bulk.api.test.ts).
      ['clientId=1&page=x', 'page', 'Page must be a whole number'],
      ['clientId=abc', 'clientId', 'Client id must be a number'],
      ['clientId=1&pageSize=101', 'pageSize', 'Page size must be at most 100'],
      ['clientId=1&pageSize=0', 'pageSize', 'Page size must be 1 or more'],
      ['clientId=1&page=-1', 'page', 'Page must be a whole number'],
      ['clientId=1&status=archived', 'status', 'Status must be one of new, contacted, booked, won or lost'],
      ['clientId=1&from=2026-13-40', 'from', 'Must be a date (YYYY-MM-DD)'],
      ['clientId=1&from=2026-11-05&to=2026-11-01', 'to', 'The start date must be on or before the end date'],
      ['clientId=1&serviceId=0', 'serviceId', 'Service id must be a positive number'],
      [`clientId=1&q=${'x'.repeat(201)}`, 'q', 'Search text must be at most 200 characters'],
      ['clientId=1&q=%00', 'q', 'Text must not contain NUL characters'],
      ['clientId=1&status=new&status=won', 'status', 'Status must be one of new, contacted, booked, won or lost'],
      ['clientId=1&delivery=delivered', 'delivery', 'Delivery filter must be failed'],
    ])('refuses ?%s with 400 and says why', async (query, path, message) => {
      const res = await t.api.get(query ? `/api/leads?${query}` : '/api/leads', ADMIN);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining(path), message })]));
    });
  });

  describe('GET /api/leads/:id', () => {
    it('answers the attribution (both touches), consent, deliveries and an empty status history', async () => {
      const id = [...ids.values()][0]!;
      const res = await t.api.get(`/api/leads/${id}`, ADMIN);
      expect(res.status).toBe(200);
      const lead = LeadDetailSchema.parse(res.body.data);
      expect(lead).toMatchObject({
        id,
        name: 'Alice Moreno',
        message: 'Mornings are best.',
        serviceChecked: true,
        serviceName: 'Testosterone Replacement',
        attribution: {
          styleVariant: 'a',
          utmSource: 'facebook',
          fbclid: 'fb-last',
          firstTouch: { utmSource: 'google', utmCampaign: 'trt-denver', gclid: 'Cj0-first', at: '2026-11-01T09:00:00.000Z', referrer: null },
          lastTouch: { utmSource: 'facebook', referrer: 'https://facebook.com/', at: null },
        },
        // This clinic exists in templates only: tenant cannot name it, so the recorded sentence names it by id.
        consent: {
          status: 'captured',
          version: 'lead-form-v1',
          text: `By submitting, you agree that client ${clientId} may contact you by phone, text or e-mail about your enquiry.`,
          ip: '198.51.100.23',
          userAgent: 'Mozilla/5.0 (Admin inbox test)',
        },
        statusHistory: [],
      });
      expect(lead.consent.at).toEqual(expect.any(String));
      expect(lead.deliveries.map((d) => d.channel)).toEqual(expect.arrayContaining(['crm', 'email']));
      // Never the idempotency key or request hash.
      expect(JSON.stringify(res.body)).not.toMatch(/request_?hash|idempotency/i);
    });

    it('is 404 for an unknown lead and 400 for a malformed id', async () => {
      const missing = await t.api.get('/api/leads/2000000000', ADMIN);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: Messages.leadNotFound(2_000_000_000) });
      expect((await t.api.get('/api/leads/abc', ADMIN)).status).toBe(400);
      expect((await t.api.get('/api/leads/99999999999', ADMIN)).status).toBe(400);
    });
  });

  describe('PATCH /api/leads/:id/status', () => {
    const patch = (id: number, body: object) => t.api.patch(`/api/leads/${id}/status`, ADMIN).send(body);
    const auditOf = async (id: number) =>
      (await t.dataSource.query(
        `SELECT "actor_user_id", "action", "changes", "request_id" FROM "leads"."audit_log" WHERE "entity" = 'lead' AND "entity_id" = $1 ORDER BY "id"`,
        [String(id)],
      )) as Array<{ actor_user_id: number; action: string; changes: Record<string, unknown>; request_id: string }>;

    it('moves a lead along the pipeline, records each change with who made it, and allows a correction back', async () => {
      const id = [...ids.values()][1]!;
      for (const status of ['contacted', 'booked', 'won'] as const) {
        const res = await patch(id, { status });
        expect(res.status).toBe(200);
        expect(res.body.data.status).toBe(status);
      }
      // A correction: won by mistake, the patient has not come in yet.
      const back = await patch(id, { status: 'booked', from: 'won' });
      expect(back.status).toBe(200);
      const lead: LeadDetail = LeadDetailSchema.parse(back.body.data);
      expect(lead.statusHistory.map((h) => `${h.from}->${h.to}`)).toEqual(['new->contacted', 'contacted->booked', 'booked->won', 'won->booked']);
      expect(lead.statusHistory.every((h) => h.by === ADMIN.email)).toBe(true);

      const audit = await auditOf(id);
      expect(audit).toHaveLength(4);
      expect(audit[3]).toMatchObject({
        actor_user_id: ADMIN.userId,
        action: 'update',
        changes: { before: { status: 'won' }, after: { status: 'booked' }, move: 'reopen', by: ADMIN.email },
      });
      expect(audit[3].request_id).toBeTruthy();
      expect(names(await list('&status=booked'))).toEqual(['Bruno Alvarez']);
    });

    it('skips steps, and the same status again changes and records nothing', async () => {
      const id = [...ids.values()][3]!;
      expect((await patch(id, { status: 'lost' })).body.data.status).toBe('lost');
      expect((await patch(id, { status: 'lost' })).status).toBe(200);
      expect(await auditOf(id)).toHaveLength(1);
    });

    it("refuses to overwrite another admin's change (409 when `from` is stale)", async () => {
      const id = [...ids.values()][4]!;
      await patch(id, { status: 'contacted' });
      const stale = await patch(id, { status: 'booked', from: 'new' });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'CONFLICT', message: Messages.leadStatusMovedOn('contacted') });
      expect((await t.api.get(`/api/leads/${id}`, ADMIN)).body.data.status).toBe('contacted');
    });

    it('refuses an unknown status (400) and an unknown lead (404)', async () => {
      const id = [...ids.values()][0]!;
      const bad = await patch(id, { status: 'archived' });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.issues)).toContain('Status must be one of new, contacted, booked, won or lost');
      expect((await patch(id, {})).status).toBe(400);
      expect((await t.api.patch(`/api/leads/${id}/status`, ADMIN).set('content-type', 'application/json').send('{"status":')).status).toBe(400);
      expect((await patch(2_000_000_000, { status: 'won' })).status).toBe(404);
    });
  });

  describe('GET /api/leads/counts', () => {
    it('counts by service (the clinic’s services, with names), by style variant and by status', async () => {
      const res = await t.api.get(`/api/leads/counts?clientId=${clientId}`, ADMIN);
      expect(res.status).toBe(200);
      const counts = LeadCountsSchema.parse(res.body.data);
      expect(counts.total).toBe(5);
      expect(counts.failedDeliveries).toBe(0);
      expect((await list('&delivery=failed')).total).toBe(0);
      expect(counts.byService).toEqual([
        { serviceId: trtId, serviceName: 'Testosterone Replacement', count: 3 },
        { serviceId: edId, serviceName: 'Erectile Dysfunction', count: 2 },
      ]);
      expect(counts.byVariant).toEqual([
        { variant: 'a', count: 2 },
        { variant: 'b', count: 1 },
        { variant: 'c', count: 1 },
        { variant: null, count: 1 },
      ]);
      expect(Object.values(counts.byStatus).reduce((a, b) => a + b, 0)).toBe(5);
    });

    it('counts one period', async () => {
      const res = await t.api.get(`/api/leads/counts?clientId=${clientId}&from=2026-11-03&to=2026-11-03`, ADMIN);
      expect(res.body.data.total).toBe(2);
      expect(res.body.data.byService).toEqual(
        expect.arrayContaining([expect.objectContaining({ serviceId: trtId, count: 1 }), expect.objectContaining({ serviceId: edId, count: 1 })]),
      );
      expect((await t.api.get(`/api/leads/counts?clientId=x`, ADMIN)).status).toBe(400);
    });
  });

  describe('GET /api/leads/export.csv', () => {
    const parseCsv = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

    it('answers an attachment with a header row and the filtered leads, newest first', async () => {
      const res = await t.api.get(`/api/leads/export.csv?clientId=${clientId}&serviceId=${edId}`, ADMIN).buffer(true).parse((r, cb) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => cb(null, text));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="leads-client-${clientId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      const text = res.body as string;
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = parseCsv(text);
      expect(lines[0]).toMatch(/^Reference,Created at,Status,Service id,Service,Name,Email,Phone,Message,Style variant,UTM source/);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(',Dmitri Okafor,');
      expect(lines[1]).toContain(',Erectile Dysfunction,');
      expect(lines[2]).toContain(',Bruno Alvarez,');
    });

    it('neutralises cells a spreadsheet would run as a formula, and quotes commas, quotes and line breaks', async () => {
      const { id } = await submit('=HYPERLINK("http://evil.example","Click")', {
        email: 'evil@example.com',
        message: '@SUM(1+1)\nsecond line, "quoted"',
        phone: '+1 303 555 0199',
        attribution: { last: { utmSource: '-2+3', utmCampaign: '=cmd|/C calc!A0' } },
      });
      const res = await t.api.get(`/api/leads/export.csv?clientId=${clientId}&q=evil.example`, ADMIN).buffer(true).parse((r, cb) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => cb(null, text));
      });
      expect(res.status).toBe(200);
      const text = res.body as string;
      expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
      expect(text).toContain(`,'+1 303 555 0199,`);
      expect(text).toContain(`,"'@SUM(1+1)\nsecond line, ""quoted""",`);
      expect(text).toContain(`,'-2+3,`);
      expect(text).toContain(`,'=cmd|/C calc!A0,`);
      expect(text).not.toMatch(/,=|,\+|,-|,@/);
      await t.dataSource.query(`DELETE FROM "leads"."leads" WHERE "id" = $1`, [id]);
    });

    it('refuses bad filters with the JSON error, not a CSV', async () => {
      const res = await t.api.get(`/api/leads/export.csv?clientId=1&to=yesterday`, ADMIN);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    });
  });

  describe('POST /api/lead-deliveries/:id/retry', () => {
    it('sends a delivery that exhausted its tries again: visible with its error, back to the outbox, then delivered', async () => {
      // A clinic that tenant does not know yet: the e-mail's job fails for good ("Client … was not found.").
      const orphanClientId = uniqueClientId();
      const serviceId = (await createClientService(t.templates!.dataSource, orphanClientId, (await createTemplate(t.templates!.dataSource)).id)).id;
      const inbox = `desk-${randomBytes(3).toString('hex')}@clinic.example`;
      const { id: leadId } = await submit('Farah Haddad', { clientId: orphanClientId, serviceId });
      const [email] = (await t.dataSource.query(
        // Claimed at once as queued (as the relay would), so no other suite's relay takes it.
        `UPDATE "leads"."lead_deliveries" SET "status" = 'queued' WHERE "lead_id" = $1 AND "channel" = 'email' RETURNING "id"`,
        [leadId],
      ))[0] as Array<{ id: string }>;
      const deliveryId = Number(email.id);

      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Leads <leads@healthads.local>', timeoutMs: 3000 });
      const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
      // The worker's own dependencies (crm: none; set for the delivery issue's version of the handler).
      const dependencies = { dataSource: t.dataSource, mailer, tenant, webhooks: createWebhookSender({ timeoutMs: 2000, allowPrivate: false }), crm: null };
      const worker = createWorker('leads.deliver', createDeliveryHandler(dependencies as Parameters<typeof createDeliveryHandler>[0]), redis);
      const deliveryOf = async () => (await t.api.get(`/api/leads/${leadId}`, ADMIN)).body.data.deliveries.find((d: { id: number }) => d.id === deliveryId);
      const waitFor = async (check: () => Promise<boolean>, ms = 15_000) => {
        const until = Date.now() + ms;
        while (!(await check())) {
          if (Date.now() > until) throw new Error('timed out waiting');
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      try {
        await queue.add({ deliveryId });
        await waitFor(async () => (await deliveryOf())?.status === 'failed');
        const failed = LeadDeliverySchema.parse(await deliveryOf());
        expect(failed).toMatchObject({ channel: 'email', status: 'failed', attempts: 1, lastError: `Client ${orphanClientId} was not found.` });
        expect((await queue.queue.getJob(`delivery-${deliveryId}`))?.failedReason).toBe(`Client ${orphanClientId} was not found.`);
        // The list flags it, its filter finds it, and the counts say how many leads have one.
        const listed = await t.api.get(`/api/leads?clientId=${orphanClientId}`, ADMIN);
        expect(listed.body.data.items[0]).toMatchObject({ name: 'Farah Haddad', failedDeliveries: 1 });
        const onlyFailed = await t.api.get(`/api/leads?clientId=${orphanClientId}&delivery=failed`, ADMIN);
        expect(onlyFailed.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Farah Haddad']);
        expect((await t.api.get(`/api/leads/counts?clientId=${orphanClientId}`, ADMIN)).body.data).toMatchObject({ total: 1, failedDeliveries: 1 });

        // The clinic is set up in tenant; the admin retries.
        await t.dataSource.query(`INSERT INTO "tenant"."clients" ("id", "name", "email", "lead_detail_email") VALUES ($1, 'Farah Test Clinic', $2, true)`, [orphanClientId, inbox]);
        const retried = await t.api.post(`/api/lead-deliveries/${deliveryId}/retry`, ADMIN);
        expect(retried.status).toBe(200);
        // Back in the outbox; its attempts and last error stay until the next attempt.
        expect(LeadDeliverySchema.parse(retried.body.data)).toMatchObject({ id: deliveryId, status: 'pending', attempts: 1, queuedAt: null });
        // The finished job is gone, so the relay's add is a new job, not the kept failed one.
        expect(await queue.queue.getJob(`delivery-${deliveryId}`)).toBeUndefined();
        const [audit] = (await t.dataSource.query(
          `SELECT "actor_user_id", "changes" FROM "leads"."audit_log" WHERE "entity" = 'lead_delivery' AND "entity_id" = $1`,
          [String(deliveryId)],
        )) as Array<{ actor_user_id: number; changes: unknown }>;
        expect(audit).toMatchObject({ actor_user_id: ADMIN.userId, changes: { before: { status: 'failed', attempts: 1 }, after: { status: 'pending' } } });

        // A second retry while it is in the outbox is refused.
        const again = await t.api.post(`/api/lead-deliveries/${deliveryId}/retry`, ADMIN);
        expect(again.status).toBe(409);
        expect(again.body.message).toBe(Messages.leadDeliveryNotFailed('pending'));

        expect(await relayOnly(t.dataSource, { deliveryId }, () => relayOnce({ dataSource: t.dataSource, queue, notConfigured: notConfiguredIn(mailer) }))).toBe(1);
        await waitFor(async () => (await deliveryOf())?.status === 'delivered');
        expect(await deliveryOf()).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
        expect(smtp.received.find((m) => m.raw.includes('Farah Haddad'))?.to).toEqual([inbox]);
      } finally {
        await worker.close();
        mailer?.close();
        await t.dataSource.query(`DELETE FROM "tenant"."clients" WHERE "id" = $1`, [orphanClientId]);
      }
    });

    it('answers 503 and leaves the delivery failed when the queue cannot be reached', async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const down = await startService(
        () => buildApp(t.config, createDataSource(t.config.DATABASE_URL), { deliveryJobs: createDeliveryJobs({ url: `redis://127.0.0.1:${port}`, prefix: redis.prefix }, () => {}) }),
        { internalSecret: t.config.INTERNAL_SECRET },
      );
      try {
        const { id: leadId } = await submit('Gus Down');
        const [rows] = (await t.dataSource.query(
          `UPDATE "leads"."lead_deliveries" SET "status" = 'failed', "last_error" = 'Mailbox unavailable' WHERE "lead_id" = $1 AND "channel" = 'email' RETURNING "id"`,
          [leadId],
        )) as [Array<{ id: string }>];
        const res = await down.api.post(`/api/lead-deliveries/${rows[0]!.id}/retry`, ADMIN);
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable('delivery queue') });
        const [after] = (await t.dataSource.query(`SELECT "status" FROM "leads"."lead_deliveries" WHERE "id" = $1`, [rows[0]!.id])) as Array<{ status: string }>;
        expect(after.status).toBe('failed');
        await t.dataSource.query(`DELETE FROM "leads"."leads" WHERE "id" = $1`, [leadId]);
      } finally {
        await down.close();
      }
    }, 20_000);

    it('refuses a delivery that did not fail (409), an unknown one (404) and a malformed id (400)', async () => {
      const id = [...ids.values()][0]!;
      const [row] = (await t.dataSource.query(`SELECT "id", "status" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 AND "channel" = 'crm'`, [id])) as Array<{
        id: string;
        status: string;
      }>;
      const res = await t.api.post(`/api/lead-deliveries/${row.id}/retry`, ADMIN);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
      expect((await t.api.post('/api/lead-deliveries/2000000000/retry', ADMIN)).status).toBe(404);
      expect((await t.api.post('/api/lead-deliveries/x/retry', ADMIN)).status).toBe(400);
    });
  });

  describe('admins only', () => {
    const calls = (id: number) =>
      [
        ['get', `/api/leads?clientId=${clientId}`],
        ['get', `/api/leads/counts?clientId=${clientId}`],
        ['get', `/api/leads/export.csv?clientId=${clientId}`],
        ['get', `/api/leads/${id}`],
        ['patch', `/api/leads/${id}/status`],
        ['post', `/api/lead-deliveries/1/retry`],
      ] as const;

    it('refuses a visitor (401) and the public shell, and never changes a status for them', async () => {
      const id = [...ids.values()][0]!;
      for (const [method, url] of calls(id)) {
        const call = t.api[method](url, ANONYMOUS);
        const res = method === 'patch' ? await call.send({ status: 'won' }) : await call;
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
        const shell = await t.api[method](url, { kind: 'service', service: 'public-shell' });
        expect(shell.status).toBe(401);
      }
      expect((await t.api.get(`/api/leads/${id}`, ADMIN)).body.data.status).toBe('new');
      // A backend service acting for an admin may read (the gateway's own calls).
      expect((await t.api.get(`/api/leads?clientId=${clientId}`, GATEWAY)).status).toBe(200);
    });

    it('refuses a call the gateway did not sign', async () => {
      const res = await request(t.app.server).get(`/api/leads?clientId=${clientId}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_SIGNATURE');
    });
  });

  it('GET /api/leads/new: the sidebar’s count of new leads, 304 while it has not changed, then the new number', async () => {
    const read = (etag?: string) => t.api.get('/api/leads/new', ADMIN).set(etag ? { 'if-none-match': etag } : {});
    // Other suites may add leads meanwhile: ask until two answers in a row agree.
    let first = await read();
    let again = await read(first.headers.etag);
    for (let i = 0; again.status !== 304 && i < 5; i += 1) {
      first = again;
      again = await read(first.headers.etag);
    }
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.body.data).toEqual({ count: expect.any(Number), newestAt: expect.any(String) });
    expect(again.status).toBe(304);
    const before = first.body.data.count as number;
    await submit('Noor Haddad');
    const after = await read(first.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.data.count).toBeGreaterThanOrEqual(before + 1);
    expect((await t.api.get('/api/leads/new', ANONYMOUS)).status).toBe(401);
  });
});
