import { randomUUID } from 'node:crypto';
import { MIN_VIEWS_FOR_RATE, ResultsBreakdownSchema, ResultsSummarySchema, utcDay } from '@hap/contracts';
import { ADMIN } from '@hap/service-kit/testing';
import { startAdsProcess, type SiblingProcess } from '@hap/test-kit/siblings';
import { createClientService, createTemplate } from '@hap/test-kit/factories/templates';
import { createClinic } from '@hap/test-kit/factories/tenant';
import { ANONYMOUS, START_TIMEOUT_MS, clinicWithServices, startLeads, type TestLeads } from '../helpers/app';

/**
 * GET /api/results/summary and /api/results/breakdown
 * through the real leads app: page view rollups as the worker's fold leaves
 * them, leads sent through the real lead API and moved along by the admin's
 * status route. The ads service is not reachable here: the answer still
 * comes, without Google Ads figures and saying so.
 */
describe('results: views → leads → contacted → booked → won', () => {
  let t: TestLeads;
  let clientId: number;
  let serviceId: number;
  const today = utcDay(new Date());
  const yesterday = utcDay(new Date(Date.now() - 86_400_000));

  beforeAll(async () => {
    t = await startLeads();
    ({ clientId, serviceId } = await clinicWithServices(t.templates!));
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  async function viewed(day: string, fields: { serviceId?: number; kind?: string; variant?: string; source?: string; campaignId?: string; views: number; visitors: number }) {
    await t.dataSource.query(
      `INSERT INTO "leads"."page_view_rollups" ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [day, clientId, fields.serviceId ?? serviceId, fields.kind ?? 'service', fields.variant ?? 'A', fields.source ?? 'paid_google', fields.campaignId ?? '', fields.views, fields.visitors],
    );
  }

  /** A lead through the public API, moved to `status` by the admin route. */
  async function lead(status: 'new' | 'contacted' | 'booked' | 'won' | 'lost', attribution: object, styleVariant = 'a') {
    const sent = await t.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Test)' })
      .send({ name: 'Jane Smith', email: `r-${randomUUID()}@example.com`, phone: '(303) 555-0142', clientId, serviceId, consentVersion: 'lead-form-v1', attribution: { ...attribution, styleVariant } });
    expect(sent.status).toBe(201);
    if (status === 'new') return;
    const [{ id }] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [sent.body.data.reference])) as Array<{ id: string }>;
    expect((await t.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status })).status).toBe(200);
  }

  it('counts one clinic’s funnel over a range, by day, and says why there is no spend', async () => {
    await viewed(yesterday, { views: 150, visitors: 120, campaignId: '20123456789' });
    await viewed(today, { views: 50, visitors: 45, source: 'organic_search' });
    await viewed(today, { serviceId: 0, kind: 'home', variant: '-', source: 'direct', views: 30, visitors: 25 });
    // A thank-you page view is not a visit.
    await viewed(today, { kind: 'thanks', variant: '-', views: 9, visitors: 9 });
    const google = { last: { gclid: 'Cj0KCQ', campaignId: '20123456789', landingPath: '/trt' } };
    await lead('new', google);
    await lead('contacted', google);
    await lead('booked', google, 'c');
    await lead('won', { last: { referrer: 'https://www.bing.com/', landingPath: '/trt' } });
    await lead('lost', {});

    const res = await t.api.get(`/api/results/summary?clientId=${clientId}&from=${yesterday}&to=${today}`, ADMIN);
    expect(res.status).toBe(200);
    const summary = ResultsSummarySchema.parse(res.body.data);
    expect(summary).toMatchObject({ views: 230, visitors: 190, leads: 5, contacted: 3, booked: 2, won: 1, spend: null, clicks: null, costPerLead: null, clientId });
    expect(summary.adsNote).toMatch(/^Google Ads figures are not available now/);
    expect(summary.series).toEqual([
      { date: yesterday, views: 150, leads: 0, spend: null, clicks: null, impressions: null },
      { date: today, views: 80, leads: 5, spend: null, clicks: null, impressions: null },
    ]);
    // 5 leads of 230 views, with its 95 % Wilson interval.
    expect(summary.leadRate.rate).toBeCloseTo(5 / 230, 6);
    expect(summary.leadRate.low!).toBeGreaterThan(0.007);
    expect(summary.leadRate.high!).toBeLessThan(0.051);
    expect(summary.bookingRate.rate).toBeCloseTo(2 / 230, 6);

    // Another clinic's numbers are not in it; agency-wide has them all.
    const agency = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?from=${yesterday}&to=${today}`, ADMIN)).body.data);
    expect(agency.views).toBeGreaterThanOrEqual(230);
    expect(agency.clientId).toBeNull();
  });

  it('breaks the same measures down by source, variant, campaign and service', async () => {
    const range = `clientId=${clientId}&from=${yesterday}&to=${today}`;
    const by = async (what: string) => ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=${what}&${range}`, ADMIN)).body.data).rows;

    const sources = await by('source');
    expect(sources.find((r) => r.key === 'paid_google')).toMatchObject({ label: 'Google Ads', views: 150, leads: 3, booked: 1 });
    expect(sources.find((r) => r.key === 'organic_search')).toMatchObject({ label: 'Organic search', views: 50, leads: 1, won: 1 });
    expect(sources.find((r) => r.key === 'direct')).toMatchObject({ views: 30, leads: 1 });

    const variants = await by('variant');
    expect(variants.find((r) => r.key === 'A')).toMatchObject({ label: 'Style A', views: 200, leads: 4 });
    expect(variants.find((r) => r.key === 'C')).toMatchObject({ views: 0, leads: 1, booked: 1 });
    // Too few views to tell a rate; enough: a number.
    expect(variants.find((r) => r.key === 'C')!.leadRate).toEqual({ rate: null, low: null, high: null, note: 'too few visits to tell' });
    expect(variants.find((r) => r.key === 'A')!.views).toBeGreaterThanOrEqual(MIN_VIEWS_FOR_RATE);
    expect(variants.find((r) => r.key === 'A')!.leadRate.rate).toBeCloseTo(4 / 200, 6);

    const campaigns = await by('campaign');
    expect(campaigns.find((r) => r.key === '20123456789')).toMatchObject({ label: 'Campaign 20123456789', views: 150, leads: 3 });
    expect(campaigns.find((r) => r.key === '')).toMatchObject({ label: 'No campaign', views: 80, leads: 2 });

    const services = await by('service');
    expect(services.find((r) => r.key === String(serviceId))).toMatchObject({ clientId, views: 200, leads: 5 });
    expect(services.find((r) => r.key === String(serviceId))!.label).not.toMatch(/^Service \d+$/);
    expect(services.find((r) => r.key === '0')).toMatchObject({ label: 'Pages of no one service (home, client landing)', views: 30, leads: 0 });
  });

  it('a range across months reads whole months from the totals and edge days from the cells, and totals follow every change', async () => {
    // Jan 31 and Mar 1 are edge days of the range, February a whole month in it.
    for (const [day, views] of [['2026-01-30', 1000], ['2026-01-31', 3], ['2026-02-10', 5], ['2026-02-28', 7], ['2026-03-01', 11], ['2026-03-02', 1000]] as const) {
      await viewed(day, { views, visitors: 1, source: 'referral' });
    }
    // The fold adds to a cell already there (ON CONFLICT … DO UPDATE): the totals follow.
    await t.dataSource.query(
      `UPDATE "leads"."page_view_rollups" SET "views" = "views" + 2 WHERE "client_id" = $1 AND "day" = '2026-02-10' AND "source" = 'referral'`,
      [clientId],
    );
    const range = `clientId=${clientId}&from=2026-01-31&to=2026-03-01`;
    const sources = ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=source&${range}`, ADMIN)).body.data).rows;
    expect(sources.find((r) => r.key === 'referral')).toMatchObject({ views: 3 + 7 + 7 + 11 });
    const summary = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?${range}`, ADMIN)).body.data);
    expect(summary.views).toBe(28);
    expect(summary.series.filter((d) => d.views > 0)).toEqual([
      { date: '2026-01-31', views: 3, leads: 0, spend: null, clicks: null, impressions: null },
      { date: '2026-02-10', views: 7, leads: 0, spend: null, clicks: null, impressions: null },
      { date: '2026-02-28', views: 7, leads: 0, spend: null, clicks: null, impressions: null },
      { date: '2026-03-01', views: 11, leads: 0, spend: null, clicks: null, impressions: null },
    ]);
    // The cells equal the page view cells they stand for, by day and by month.
    const [check] = (await t.dataSource.query(
      `SELECT (SELECT sum("views") FROM "leads"."page_view_rollups" WHERE "client_id" = $1 AND "page_kind" <> 'thanks')::int AS "cells",
              (SELECT sum("views") FROM "leads"."result_days" WHERE "scope" = $1 AND "dim" = 'all')::int AS "days",
              (SELECT sum("views") FROM "leads"."result_months" WHERE "scope" = $1 AND "dim" = 'source')::int AS "months"`,
      [clientId],
    )) as Array<{ cells: number; days: number; months: number }>;
    expect(check.days).toBe(check.cells);
    expect(check.months).toBe(check.cells);
  });

  it('counts follow every change of a lead and of its appointments, and the agency’s are every clinic’s added up', async () => {
    const from = '2025-06-01';
    const to = '2025-06-30';
    // A Google Ads lead moved into June 2025 (a change of its day), then booked through the admin's route.
    await lead('new', { last: { gclid: 'Cj0KCQ', campaignId: '20123456789', landingPath: '/trt' } }, 'b');
    const [[{ id }]] = (await t.dataSource.query(
      `UPDATE "leads"."leads" SET "created_at" = '2025-06-10T12:00:00Z'
       WHERE "id" = (SELECT max("id") FROM "leads"."leads" WHERE "client_id" = $1) RETURNING "id"`,
      [clientId],
    )) as [Array<{ id: string }>, number];
    expect((await t.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status: 'booked' })).status).toBe(200);
    const summary = async (scope = `clientId=${clientId}&`) => ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?${scope}from=${from}&to=${to}`, ADMIN)).body.data);
    expect(await summary()).toMatchObject({ leads: 1, booked: 1, paidLeads: 1, paidBooked: 1, showed: 0, noShow: 0 });

    const appointment = async (status: string, hour: number) =>
      (
        (await t.dataSource.query(
          `INSERT INTO "leads"."appointments" ("client_id", "service_id", "lead_id", "seat", "start_at", "end_at", "status", "idempotency_key")
           VALUES ($1, $2, $3, 1, $4, $4::timestamptz + interval '30 minutes', $5, $6) RETURNING "id"`,
          [clientId, serviceId, id, `2025-06-11T${String(hour).padStart(2, '0')}:00:00Z`, status, randomUUID()],
        )) as Array<{ id: string }>
      )[0].id;
    const missed = await appointment('no_show', 9);
    expect(await summary()).toMatchObject({ showed: 0, noShow: 1 });
    // The clinic corrects it to showed: attended, no longer a no-show; a cancelled one beside it changes nothing.
    await t.dataSource.query(`UPDATE "leads"."appointments" SET "status" = 'showed' WHERE "id" = $1`, [missed]);
    const cancelled = await appointment('cancelled', 10);
    expect(await summary()).toMatchObject({ showed: 1, noShow: 0 });
    await t.dataSource.query(`DELETE FROM "leads"."appointments" WHERE "id" = ANY($1)`, [[missed, cancelled]]);
    expect(await summary()).toMatchObject({ showed: 0, noShow: 0 });

    // A status change moves the lead between stages; a deleted lead leaves no count behind.
    expect((await t.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status: 'lost' })).status).toBe(200);
    expect(await summary()).toMatchObject({ leads: 1, booked: 0, paidBooked: 0 });
    const agency = await summary('');
    const [direct] = (await t.dataSource.query(
      `SELECT count(*)::int AS "leads", count(*) FILTER (WHERE "traffic_source" = 'paid_google')::int AS "paidLeads" FROM "leads"."leads"
       WHERE "created_at" >= '2025-06-01' AND "created_at" < '2025-07-01'`,
    )) as Array<{ leads: number; paidLeads: number }>;
    expect(agency).toMatchObject(direct);
    await t.dataSource.query(`DELETE FROM "leads"."leads" WHERE "id" = $1`, [id]);
    expect(await summary()).toMatchObject({ leads: 0, paidLeads: 0 });
    const variants = ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=variant&clientId=${clientId}&from=${from}&to=${to}`, ADMIN)).body.data);
    expect(variants.rows).toEqual([]);
  });

  it('agency-wide, a service is its template across the clinics: one row named as the template', async () => {
    const day = '2025-03-15';
    const template = await createTemplate(t.templates!.dataSource, { name: `Hormone Therapy ${randomUUID().slice(0, 6)}` });
    const services: number[] = [];
    for (const name of ['First Grouped Clinic', 'Second Grouped Clinic']) {
      const clinic = await createClinic(t.templates!.tenant, name);
      const service = (await createClientService(t.templates!.dataSource, clinic, template.id, { isActive: true })).id;
      services.push(service);
      await t.dataSource.query(
        `INSERT INTO "leads"."page_view_rollups" ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
         VALUES ($1, $2, $3, 'service', 'A', 'direct', '', $4::int, $4::int)`,
        [day, clinic, service, services.length * 5],
      );
    }
    const rows = ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=service&from=${day}&to=${day}`, ADMIN)).body.data).rows;
    expect(rows.find((r) => r.key === `template:${template.id}`)).toMatchObject({ label: template.name, clientId: null, views: 15 });
    expect(rows.filter((r) => services.map(String).includes(r.key))).toEqual([]);
    // One clinic's: its own service, as before.
    const own = ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=service&clientId=${clientId}&from=${yesterday}&to=${today}`, ADMIN)).body.data).rows;
    expect(own.find((r) => r.key === String(serviceId))).toMatchObject({ clientId });
  });

  it('refuses what it cannot answer with 400 and the field’s message, and strangers with 401', async () => {
    const bad = async (query: string) => {
      const res = await t.api.get(`/api/results/summary?${query}`, ADMIN);
      expect(res.status).toBe(400);
      return JSON.stringify(res.body);
    };
    expect(await bad(`from=${today}`)).toContain('to');
    expect(await bad(`from=2026-02-30&to=2026-03-01`)).toContain('from must be a real date');
    expect(await bad(`from=${today}&to=${yesterday}`)).toContain('from must not be after to');
    expect(await bad(`from=2024-01-01&to=2026-01-01`)).toContain('A range covers at most 366 days');
    expect(await bad(`from=${today}&to=${today}&clientId=abc`)).toContain('Client id must be a number');
    const by = await t.api.get(`/api/results/breakdown?by=colour&from=${today}&to=${today}`, ADMIN);
    expect(by.status).toBe(400);
    expect(JSON.stringify(by.body)).toContain('by must be service, variant, source or campaign');
    expect((await t.api.get(`/api/results/summary?from=${today}&to=${today}`, ANONYMOUS)).status).toBe(401);
  });
});

describe('results with Google Ads figures from the real ads service', () => {
  let ads: SiblingProcess;
  let t: TestLeads;
  let clientId: number;
  let serviceId: number;
  const today = utcDay(new Date());
  const customerId = String(Math.floor(1e9 + Math.random() * 8e9));

  beforeAll(async () => {
    ads = await startAdsProcess();
    t = await startLeads({ adsUrl: ads.url });
    ({ clientId, serviceId } = await clinicWithServices(t.templates!));
    // What the ads worker stores after reading the clinic's account (services/ads performance.api.test.ts reads it from the fake).
    await ads.dataSource.query(
      `INSERT INTO "ads"."campaign_performance" ("customer_id", "campaign_id", "date", "client_id", "campaign_name", "impressions", "clicks", "cost_micros", "conversions", "search_impression_share")
       VALUES ($1, '20123456789', $2, $3, 'TRT Austin', 1000, 40, 12500000, 1.5, 0.5), ($1, '20999999999', $2, $3, 'Brand', 300, 5, 2000000, 0, NULL)`,
      [customerId, today, clientId],
    );
    await ads.dataSource.query(
      `INSERT INTO "ads"."performance_accounts" ("customer_id", "client_id", "state", "synced_through", "last_synced_at") VALUES ($1, $2, 'ok', $3, now())`,
      [customerId, clientId, today],
    );
    await t.dataSource.query(
      `INSERT INTO "leads"."page_view_rollups" ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
       VALUES ($1, $2, $3, 'service', 'A', 'paid_google', '20123456789', 120, 100)`,
      [today, clientId, serviceId],
    );
    // Forged campaign ids: rows folded before the fold kept them apart, and leads sent with them.
    await t.dataSource.query(
      `INSERT INTO "leads"."page_view_rollups" ("day", "client_id", "service_id", "page_kind", "variant", "source", "campaign_id", "views", "visitors")
       VALUES ($1, $2, $3, 'service', 'A', 'paid_google', '31000000001', 3, 3), ($1, $2, $3, 'service', 'A', 'paid_google', '31000000002', 4, 4)`,
      [today, clientId, serviceId],
    );
    for (const forged of ['31000000001', '31000000003'])
      await t.api
        .post('/api/leads', ANONYMOUS)
        .set({ 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Test)' })
        .send({ name: 'Sam Lee', email: `f-${randomUUID()}@example.com`, phone: '(303) 555-0142', clientId, serviceId, attribution: { last: { gclid: 'g', campaignId: forged } } });
    for (const status of ['booked', 'new'] as const) {
      const sent = await t.api
        .post('/api/leads', ANONYMOUS)
        .set({ 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Test)' })
        .send({ name: 'Sam Lee', email: `s-${randomUUID()}@example.com`, phone: '(303) 555-0142', clientId, serviceId, consentVersion: 'lead-form-v1', attribution: { last: { gclid: 'g', campaignId: '20123456789' } } });
      const [{ id }] = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "reference" = $1`, [sent.body.data.reference])) as Array<{ id: string }>;
      if (status === 'booked') await t.api.patch(`/api/leads/${id}/status`, ADMIN).send({ status });
    }
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await ads.close();
  });

  it('spend, clicks and impressions, cost per lead and per booking, in the summary and by campaign and source', async () => {
    const range = `clientId=${clientId}&from=${today}&to=${today}`;
    const summary = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?${range}`, ADMIN)).body.data);
    // Search impression share only of the campaign Google gave one for: 1,000 of the 2,000 it was eligible for.
    expect(summary).toMatchObject({ views: 127, leads: 4, booked: 1, spend: 14.5, clicks: 45, impressions: 1300, searchImpressionShare: 0.5, costPerLead: 3.63, costPerBooking: 14.5, adsNote: null });
    expect(summary.series).toEqual([{ date: today, views: 127, leads: 4, spend: 14.5, clicks: 45, impressions: 1300 }]);
    expect(summary.adsAccounts).toEqual([expect.objectContaining({ clientId, customerId, state: 'ok', syncedThrough: today })]);

    const campaigns = ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=campaign&${range}`, ADMIN)).body.data).rows;
    expect(campaigns.map((r) => [r.label, r.spend, r.views, r.leads])).toEqual([
      ['TRT Austin', 12.5, 120, 2],
      // A campaign that spent without a visit or lead still shows what it cost.
      ['Brand', 2, 0, 0],
      // Campaign ids that are none of the clinic's (forged) are one row, whatever their number.
      ['Other campaign', 0, 7, 2],
    ]);
    expect(campaigns.find((r) => r.label === 'TRT Austin')).toMatchObject({ costPerLead: 6.25, paidLeads: 2, costPerPaidLead: 6.25, paidBooked: 1, costPerPaidBooking: 12.5, ctr: 0.04, averageCpc: 0.31, googleConversions: 1.5, searchImpressionShare: 0.5 });
    // Nothing to divide: a dash on screen, never $0.00.
    expect(campaigns.find((r) => r.label === 'Brand')).toMatchObject({ ctr: 5 / 300, averageCpc: 0.4, searchImpressionShare: null, costPerPaidLead: null, costPerPaidBooking: null, googleConversions: 0 });
    const sources = ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=source&${range}`, ADMIN)).body.data).rows;
    expect(sources.find((r) => r.key === 'paid_google')).toMatchObject({ spend: 14.5, clicks: 45, leads: 4 });
  });

  it('show rate and cost per attended consultation from the appointments the clinic marked', async () => {
    const range = `clientId=${clientId}&from=${today}&to=${today}`;
    const before = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?${range}`, ADMIN)).body.data);
    // Nothing marked yet: no rate and nothing to divide by, never 0.
    expect(before).toMatchObject({ showed: 0, noShow: 0, showRate: null, costPerAttended: null });

    // The campaign's two leads (booked, then new): the first came, the second did not (yesterday's appointments).
    const leads = (await t.dataSource.query(`SELECT "id" FROM "leads"."leads" WHERE "client_id" = $1 AND "campaign_id" = '20123456789' ORDER BY "id"`, [clientId])) as Array<{ id: string }>;
    const marked = [
      [leads[0]!.id, 'showed', 9],
      [leads[1]!.id, 'no_show', 10],
    ] as const;
    for (const [leadId, status, hour] of marked) {
      await t.dataSource.query(
        `INSERT INTO "leads"."appointments" ("client_id", "service_id", "lead_id", "seat", "start_at", "end_at", "status", "idempotency_key")
         VALUES ($1, $2, $3, 1, $4::timestamptz, $4::timestamptz + interval '30 minutes', $5, $6)`,
        [clientId, serviceId, leadId, new Date(Date.now() - 86_400_000 - hour * 3_600_000).toISOString(), status, `results-${randomUUID()}`],
      );
    }
    const summary = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?${range}`, ADMIN)).body.data);
    expect(summary).toMatchObject({ showed: 1, noShow: 1, showRate: 0.5, costPerAttended: 14.5 });
    const campaigns = ResultsBreakdownSchema.parse((await t.api.get(`/api/results/breakdown?by=campaign&${range}`, ADMIN)).body.data).rows;
    expect(campaigns.find((r) => r.label === 'TRT Austin')).toMatchObject({ showed: 1, noShow: 1, showRate: 0.5, costPerAttended: 12.5 });
    expect(campaigns.find((r) => r.label === 'Brand')).toMatchObject({ showed: 0, showRate: null, costPerAttended: null });
  });

  it('cost per lead is paid (Google Ads leads) or of any source, never the one for the other', async () => {
    const range = `clientId=${clientId}&from=${today}&to=${today}`;
    const before = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?${range}`, ADMIN)).body.data);
    // A patient who typed the address: a lead, not one the spend bought.
    const sent = await t.api
      .post('/api/leads', ANONYMOUS)
      .set({ 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Test)' })
      .send({ name: 'Ria Diaz', email: `d-${randomUUID()}@example.com`, phone: '(303) 555-0143', clientId, serviceId });
    expect(sent.status).toBe(201);
    const after = ResultsSummarySchema.parse((await t.api.get(`/api/results/summary?${range}`, ADMIN)).body.data);
    expect(after.leads).toBe(before.leads + 1);
    expect(after.paidLeads).toBe(before.paidLeads);
    expect(after).toMatchObject({ costPerLead: 2.9, costPerPaidLead: before.costPerPaidLead, ctr: 45 / 1300, averageCpc: 0.32, googleConversions: 1.5 });
  });
});

