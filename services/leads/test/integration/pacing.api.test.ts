import { randomUUID } from 'node:crypto';
import { BudgetPacingSchema, utcDay } from '@hap/contracts';
import { createMailer } from '@hap/service-kit';
import { ADMIN } from '@hap/service-kit/testing';
import { createAdmin } from '@hap/test-kit/factories/tenant';
import { startAdsProcess, type SiblingProcess } from '@hap/test-kit/siblings';
import { parseMail, startSmtp } from '@hap/test-kit/smtp-server';
import { DateTime } from 'luxon';
import { createAdsClient } from '../../src/clients/ads.client';
import { createTenantClient } from '../../src/clients/tenant.client';
import { PacingRepository } from '../../src/modules/results/pacing.repository';
import { PacingService, sweepBudgetAlerts } from '../../src/modules/results/pacing.service';
import { ANONYMOUS, START_TIMEOUT_MS, clinicWithServices, startLeads, type TestLeads } from '../helpers/app';

/**
 * Budget pacing (docs/campaigns.md#budget-pacing) through the real leads app,
 * the real tenant (the clinic's budget and target) and the real ads service
 * (spend as its hourly read stored it, and which campaign Google limits by
 * budget); the alerts e-mailed to the agency's admins through a loopback SMTP
 * server, once each.
 */
describe('budget pacing', () => {
  let ads: SiblingProcess;
  let t: TestLeads;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clientId: number;
  let serviceId: number;
  const today = utcDay(new Date());
  const month = DateTime.utc();
  const customerId = String(Math.floor(1e9 + Math.random() * 8e9));
  const limitedId = String(Math.floor(1e10 + Math.random() * 8e10));
  const otherId = String(Math.floor(1e10 + Math.random() * 8e10));

  const tenantDb = () => t.templates!.tenant!.dataSource;
  const pacingOf = async () => BudgetPacingSchema.parse((await t.api.get(`/api/results/pacing?clientId=${clientId}`, ADMIN)).body.data);

  beforeAll(async () => {
    ads = await startAdsProcess();
    t = await startLeads({ adsUrl: ads.url });
    smtp = await startSmtp();
    ({ clientId, serviceId } = await clinicWithServices(t.templates!));
    // Spent this month: $70 on the limited campaign, $15 on the other (the ads worker's stored read).
    await ads.dataSource.query(
      `INSERT INTO "ads"."campaign_performance" ("customer_id", "campaign_id", "date", "client_id", "campaign_name", "impressions", "clicks", "cost_micros", "conversions")
       VALUES ($1, $2, $4, $5, 'TRT Search', 2000, 90, 70000000, 2), ($1, $3, $4, $5, 'Brand', 400, 10, 15000000, 0)`,
      [customerId, limitedId, otherId, today, clientId],
    );
    await ads.dataSource.query(
      `INSERT INTO "ads"."performance_accounts" ("customer_id", "client_id", "state", "synced_through", "last_synced_at") VALUES ($1, $2, 'ok', $3, now())`,
      [customerId, clientId, today],
    );
    await ads.dataSource.query(
      `INSERT INTO "ads"."campaign_states" ("customer_id", "client_id", "campaign_id", "status", "serving_status", "budget_micros", "budget_limited", "read_at")
       VALUES ($1, $2, $3, 'ENABLED', 'SERVING', 20000000, true, now()), ($1, $2, $4, 'ENABLED', 'SERVING', 10000000, false, now())`,
      [customerId, clientId, limitedId, otherId],
    );
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await smtp.close();
    await t.close();
    await ads.close();
  });

  /** A Google Ads lead of the limited campaign, booked by the admin's route. */
  async function bookedLead() {
    const sent = await t.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Mozilla/5.0 (Test)' })
      .send({ name: 'Ada Park', email: `p-${randomUUID()}@example.com`, phone: '(303) 555-0142', clientId, serviceId, consentVersion: 'lead-form-v1', attribution: { last: { gclid: 'g', campaignId: limitedId } } });
    expect(sent.status).toBe(201);
    const [{ id }] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [sent.body.data.reference])) as Array<{ id: string }>;
    expect((await t.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status: 'booked' })).status).toBe(200);
  }

  it('lists no clinic without a budget; with one, the month’s spend, its share, the projection and the limited campaign against the target', async () => {
    expect((await pacingOf()).clinics).toEqual([]);
    await tenantDb().query(`UPDATE "tenant"."clients" SET "monthly_ad_budget" = 100, "target_cost_per_booking" = 50 WHERE "id" = $1`, [clientId]);

    await bookedLead();
    const once = (await pacingOf()).clinics[0]!;
    expect(once).toMatchObject({ clientId, monthlyBudget: 100, targetCostPerBooking: 50, spend: 85, share: 0.85, reached: 'near', paidBooked: 1, costPerPaidBooking: 85, alerts: [], note: null });
    // The days so far cost $85: the month's days at that pace (Luxon's calendar).
    expect(once.projectedSpend).toBeCloseTo((85 / month.day) * month.daysInMonth!, 2);
    // Limited by budget but $70 a booking is above the $50 target: not worth more budget yet.
    expect(once.limited).toEqual([{ campaignId: limitedId, campaignName: 'TRT Search', dailyBudget: 20, spend: 70, paidBooked: 1, costPerPaidBooking: 70, beatsTarget: false, suggestedDailyBudget: null }]);

    await bookedLead();
    const twice = (await pacingOf()).clinics[0]!;
    // Booking below the target: a fifth more daily budget is recommended ($20 → $24).
    expect(twice.limited[0]).toMatchObject({ paidBooked: 2, costPerPaidBooking: 35, beatsTarget: true, suggestedDailyBudget: 24 });
  });

  it('alerts the agency’s admins once at 80 %, once at 100 %, and once for a limited campaign that books below target', async () => {
    const admin = await createAdmin(tenantDb(), { email: `ads-${randomUUID().slice(0, 6)}@agency.test`, password: 'not used here' });
    const tenant = createTenantClient({ baseUrl: t.templates!.tenant!.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const adsClient = createAdsClient({ baseUrl: ads.url, internalSecret: t.config.INTERNAL_SECRET, timeoutMs: 2000 });
    const repository = new PacingRepository(t.dataSource);
    const deps = {
      pacing: new PacingService(repository, tenant, async (query, requestId) => ({ ...(await adsClient.performance(query, requestId)), note: null })),
      repository,
      tenant,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Ads <ads@healthads.local>', timeoutMs: 3000 }),
      origin: 'https://app.agency.test',
      clientIds: [clientId],
    };
    const mailsToAdmin = () => smtp.received.filter((m) => m.to.includes(admin.email));

    expect(await sweepBudgetAlerts(deps, 'test-pacing-1')).toBe(2);
    expect(await sweepBudgetAlerts(deps, 'test-pacing-2')).toBe(0);
    const subjects = await Promise.all(mailsToAdmin().map(async (m) => (await parseMail(m)).subject));
    expect(subjects).toHaveLength(2);
    const texts = await Promise.all(mailsToAdmin().map(async (m) => (await parseMail(m)).text ?? ''));
    expect(texts.join('\n')).toContain('has spent $85.00 of its $100.00 monthly Google Ads budget (85 %)');
    expect(texts.join('\n')).toContain('TRT Search of');
    expect(texts.join('\n')).toContain('books at $35.00 a booking, below the $50.00 target');
    expect(texts[0]).toContain(`https://app.agency.test/admin/results?client=${clientId}`);

    // Spend passes the budget: the 100 % alert, once.
    await ads.dataSource.query(`UPDATE "ads"."campaign_performance" SET "cost_micros" = 30000000 WHERE "campaign_id" = $1`, [otherId]);
    expect(await sweepBudgetAlerts(deps, 'test-pacing-3')).toBe(1);
    expect(await sweepBudgetAlerts(deps, 'test-pacing-4')).toBe(0);
    const last = await parseMail(mailsToAdmin().at(-1)!);
    expect(last.text).toContain('has spent $100.00 of its $100.00 monthly Google Ads budget (100 %)');

    const pacing = (await pacingOf()).clinics[0]!;
    expect(pacing.reached).toBe('over');
    expect(pacing.alerts.map((a) => [a.kind, a.campaignId])).toEqual(expect.arrayContaining([['near', ''], ['limited', limitedId], ['over', '']]));
  });

  it('refuses a bad clinic id with 400 and strangers with 401; answers without Google Ads figures, saying why', async () => {
    const bad = await t.api.get('/api/results/pacing?clientId=abc', ADMIN);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Client id must be a number');
    expect((await t.api.get('/api/results/pacing', ANONYMOUS)).status).toBe(401);

    const noAds = await startLeads({ templatesUrl: t.config.TEMPLATES_URL, tenantUrl: t.templates!.tenant!.url, databaseUrl: t.config.DATABASE_URL });
    try {
      const [clinic] = BudgetPacingSchema.parse((await noAds.api.get(`/api/results/pacing?clientId=${clientId}`, ADMIN)).body.data).clinics;
      expect(clinic).toMatchObject({ spend: null, share: null, reached: null, limited: [] });
      expect(clinic!.note).toMatch(/^Google Ads figures are not available now/);
    } finally {
      await noAds.close();
    }
  });
});
