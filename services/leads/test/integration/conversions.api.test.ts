import { randomBytes, randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { createQueue, createWorker, type QueueRedis } from '@hap/service-kit';
import { LeadDetailSchema } from '@hap/contracts';
import { startFakeGoogleAds, type FakeGoogleAds } from '@hap/test-kit/fakes/google-ads';
import type { SiblingProcess } from '@hap/test-kit/siblings';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { createTenantClient } from '../../src/clients/tenant.client';
import { ADMIN } from '@hap/service-kit/testing';
import { ANONYMOUS, START_TIMEOUT_MS, startLeads, type TestLeads } from '../helpers/app';
import { conversionsHandler, startAdsWithGoogle, stopAdsWithGoogle } from '../helpers/google-ads';

const TOKEN_KEY = randomBytes(32).toString('base64');

/**
 * Offline conversions: a lead from a Google ad (gclid) that
 * reaches its clinic's conversion status gets one google_ads delivery; the
 * worker uploads it through the real ads service to a loopback fake of the
 * Google Ads API, order id = lead id, and the result shows on the lead.
 */
describe('offline conversions: lead status → google_ads delivery → ads → Google Ads', () => {
  let t: TestLeads;
  let ads: SiblingProcess;
  let adsUrl: string;
  let google: FakeGoogleAds;

  beforeAll(async () => {
    google = await startFakeGoogleAds();
    t = await startLeads();
    ({ ads, url: adsUrl } = await startAdsWithGoogle(t, google, TOKEN_KEY));
  }, START_TIMEOUT_MS * 2);
  afterAll(() => stopAdsWithGoogle(ads, t, google));

  const handler = () => conversionsHandler(t, adsUrl);
  const job = { attemptsMade: 0, opts: { attempts: 5 } } as Job<{ deliveryId: number }>;

  async function clinic(fields: Record<string, unknown>) {
    const created = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `Peak Wellness ${randomUUID().slice(0, 6)}`, address: '7 Peak Rd, Boulder, CO 80302', phone: '(303) 555-0170', ...fields });
    expect(created.status).toBe(201);
    const clientId = created.body.data.id as number;
    const serviceId = (await createClientService(t.templates!.dataSource, clientId, (await createTemplate(t.templates!.dataSource)).id, { isActive: true })).id;
    return { clientId, serviceId };
  }
  async function lead(clientId: number, serviceId: number, gclid: string | null) {
    const res = await t.api.post('/api/leads', ANONYMOUS).send({
      name: 'Marco Diaz',
      email: `${randomUUID()}@example.com`,
      phone: '(303) 555-0111',
      clientId,
      serviceId,
      consentText: 'I agree to be contacted.',
      ...(gclid ? { attribution: { last: { utmSource: 'google', gclid } } } : {}),
    });
    expect(res.status).toBe(201);
    const [row] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [res.body.data.reference])) as Array<{ id: string }>;
    return Number(row!.id);
  }
  const move = (id: number, status: string) => t.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status });
  const conversionOf = async (id: number) => LeadDetailSchema.parse((await t.api.get(`/api/leads/${id}`, ADMIN)).body.data).deliveries.find((d) => d.channel === 'google_ads');

  it('uploads a booked lead with a gclid once, order id = lead id, and shows it on the lead', async () => {
    const { clientId, serviceId } = await clinic({ googleAdsAccountId: '345-678-9012' });
    const id = await lead(clientId, serviceId, 'Cj0KCQiA-booked-click');
    expect((await move(id, 'contacted')).status).toBe(200);
    expect(await conversionOf(id)).toBeUndefined();

    expect((await move(id, 'booked')).status).toBe(200);
    const pending = await conversionOf(id);
    expect(pending).toMatchObject({ channel: 'google_ads', status: 'pending' });
    await handler()({ deliveryId: Number(pending!.id) }, job);

    expect(await conversionOf(id)).toMatchObject({ status: 'delivered', lastError: null });
    const uploaded = google.conversions().filter((c) => c.orderId === String(id));
    expect(uploaded).toEqual([expect.objectContaining({ customerId: '3456789012', gclid: 'Cj0KCQiA-booked-click', dateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/) })]);
    expect(google.conversionActions()).toEqual([expect.objectContaining({ customerId: '3456789012', name: 'Health Ads: lead converted (offline)' })]);

    // Booked again after a correction: no second delivery; the same upload again is counted once by Google.
    await move(id, 'contacted');
    await move(id, 'booked');
    const [{ count }] = (await t.dataSource.query(`SELECT count(*)::int AS "count" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 AND "channel" = 'google_ads'`, [id])) as Array<{ count: number }>;
    expect(count).toBe(1);
    await t.dataSource.query(`UPDATE "leads"."lead_deliveries" SET "status" = 'queued' WHERE "lead_id" = $1 AND "channel" = 'google_ads'`, [id]);
    await handler()({ deliveryId: Number(pending!.id) }, job);
    expect(await conversionOf(id)).toMatchObject({ status: 'delivered', lastError: 'Google Ads had this conversion already.' });
    expect(google.conversions().filter((c) => c.orderId === String(id))).toHaveLength(1);
  });

  it('follows the clinic’s conversion status (won here), and leaves leads without a gclid alone', async () => {
    const { clientId, serviceId } = await clinic({ googleAdsAccountId: '345-678-9012', offlineConversionStatus: 'won' });
    const id = await lead(clientId, serviceId, 'Cj0KCQiA-won-click');
    await move(id, 'booked');
    expect(await conversionOf(id)).toBeUndefined();
    await move(id, 'won');
    expect(await conversionOf(id)).toMatchObject({ status: 'pending' });

    const organic = await lead(clientId, serviceId, null);
    await move(organic, 'won');
    expect(await conversionOf(organic)).toBeUndefined();
  });

  it('waits the hours Google asks for when the conversion is too recent, without spending a try, then uploads it', async () => {
    const redis: QueueRedis = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `${process.env.REDIS_PREFIX ?? 'hap_test'}_conv_${randomBytes(4).toString('hex')}` };
    const queue = createQueue('leads.deliver', redis);
    const worker = createWorker('leads.deliver', handler(), redis);
    try {
      const { clientId, serviceId } = await clinic({ googleAdsAccountId: '345-678-9012' });
      const id = await lead(clientId, serviceId, 'Cj0KCQiA-too-recent');
      await move(id, 'booked');
      const delivery = (await conversionOf(id))!;
      google.script({ conversionTooRecent: 1 });
      const job = await queue.add({ deliveryId: delivery.id });
      const until = Date.now() + 10_000;
      while ((await job.getState()) !== 'delayed' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const waiting = await queue.queue.getJob(job.id!);
      expect(await waiting!.getState()).toBe('delayed');
      expect(waiting!.delay).toBeGreaterThanOrEqual(5 * 3600 * 1000);
      expect(await conversionOf(id)).toMatchObject({ status: 'pending', lastError: expect.stringContaining('Google Ads asks for it again later') });

      // Six hours later (promoted now): uploaded, and the wait spent no try.
      await waiting!.promote();
      const done = Date.now() + 10_000;
      while ((await conversionOf(id))?.status !== 'delivered' && Date.now() < done) await new Promise((r) => setTimeout(r, 100));
      expect(await conversionOf(id)).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(google.conversions().filter((c) => c.orderId === String(id))).toHaveLength(1);
    } finally {
      await worker.close();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('refuses the status change (503) when tenant cannot say what the clinic counts, rather than guess, and changes nothing', async () => {
    const { clientId, serviceId } = await clinic({ googleAdsAccountId: '345-678-9012' });
    const id = await lead(clientId, serviceId, 'Cj0KCQiA-tenant-down');
    const organic = await lead(clientId, serviceId, null);
    const blind = await startLeads({ dependencies: { tenant: createTenantClient({ baseUrl: 'http://127.0.0.1:9', internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 500 }) } });
    try {
      const res = await blind.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status: 'booked' });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The tenant service is temporarily unavailable. Please try again in a moment.');
      expect(LeadDetailSchema.parse((await t.api.get(`/api/leads/${id}`, ADMIN)).body.data).status).toBe('new');
      // A lead not from an ad needs no answer from tenant.
      expect((await blind.api.patch(`/api/leads/${organic}/status`, ADMIN).send({ status: 'booked' })).status).toBe(200);
    } finally {
      await blind.close();
    }
  }, START_TIMEOUT_MS);

  it('says on the lead what is missing or what Google refused: no Google Ads account (not configured), an unreadable click id (failed)', async () => {
    const noAccount = await clinic({});
    const a = await lead(noAccount.clientId, noAccount.serviceId, 'Cj0KCQiA-no-account');
    await move(a, 'booked');
    await handler()({ deliveryId: Number((await conversionOf(a))!.id) }, job);
    expect(await conversionOf(a)).toMatchObject({ status: 'not_configured', lastError: 'The clinic has no Google Ads account id: set it in the client settings.' });

    const withAccount = await clinic({ googleAdsAccountId: '345-678-9012' });
    const b = await lead(withAccount.clientId, withAccount.serviceId, 'bad!');
    await move(b, 'booked');
    const delivery = (await conversionOf(b))!;
    await expect(handler()({ deliveryId: Number(delivery.id) }, job)).rejects.toThrow(/Google Ads refused the conversion: The click identifier could not be parsed/);
    expect(await conversionOf(b)).toMatchObject({ status: 'failed' });
  });
});
