import {
  costPer,
  OTHER_CAMPAIGN_KEY,
  OTHER_CAMPAIGN_LABEL,
  rateOf,
  searchImpressionShareOf,
  shareOf,
  TRAFFIC_SOURCE_LABELS,
  type BudgetLimitedCampaign,
  type CampaignDay,
  type ClinicCampaignIds,
  type PerformanceAccount,
  type ResultsBreakdown,
  type ResultsBreakdownQuery,
  type ResultsBreakdownRow,
  type ResultsMeasures,
  type ResultsQuery,
  type ResultsSummary,
  type TrafficSource,
} from '@hap/contracts';
import { assertAdmin, type Actor } from '@hap/service-kit';
import type { CatalogueClient } from '../../clients/catalogue.client';
import type { Counts, Keyed, LeadCounts, ResultsRepository, ViewCounts } from './results.repository';

/** Google Ads figures of a range as the ads service last read them; `note` says why there are none. */
export interface AdsFigures {
  days: CampaignDay[];
  accounts: PerformanceAccount[];
  /** The campaigns Google limits by budget now (budget pacing, docs/campaigns.md#budget-pacing). */
  budgetLimited: BudgetLimitedCampaign[];
  note: string | null;
}

/** Where results get Google Ads figures (the ads service's internal performance route). */
export type AdsFiguresSource = (query: { clientId?: number; from: string; to: string }, requestId: string) => Promise<AdsFigures>;

/** Spend, clicks, impressions and Google's conversions of some campaign days (money from micros to dollars, to the cent). */
interface AdsTotals {
  spend: number;
  clicks: number;
  impressions: number;
  conversions: number;
  searchImpressionShare: number | null;
}

const NO_VIEWS: ViewCounts = { views: 0, visitors: 0 };
const NO_LEADS: LeadCounts = { leads: 0, contacted: 0, booked: 0, won: 0, showed: 0, noShow: 0, paidLeads: 0, paidBooked: 0 };

/** Two lead counts added. */
const addLeads = (a: LeadCounts, b: LeadCounts): LeadCounts => ({
  leads: a.leads + b.leads,
  contacted: a.contacted + b.contacted,
  booked: a.booked + b.booked,
  won: a.won + b.won,
  showed: a.showed + b.showed,
  noShow: a.noShow + b.noShow,
  paidLeads: a.paidLeads + b.paidLeads,
  paidBooked: a.paidBooked + b.paidBooked,
});

function totalsOf(days: readonly CampaignDay[]): AdsTotals {
  const micros = days.reduce((sum, d) => sum + d.costMicros, 0);
  return {
    spend: Math.round(micros / 10_000) / 100,
    clicks: days.reduce((s, d) => s + d.clicks, 0),
    impressions: days.reduce((s, d) => s + d.impressions, 0),
    conversions: Math.round(days.reduce((s, d) => s + d.conversions, 0) * 100) / 100,
    searchImpressionShare: searchImpressionShareOf(days),
  };
}

/** The measures of some views, leads and (when known) Google Ads figures. */
export function measuresOf(views: ViewCounts, leads: LeadCounts, ads: AdsTotals | null): ResultsMeasures {
  const spend = ads?.spend ?? null;
  return {
    views: views.views,
    visitors: views.visitors,
    ...addLeads(NO_LEADS, leads),
    spend,
    clicks: ads?.clicks ?? null,
    impressions: ads?.impressions ?? null,
    googleConversions: ads?.conversions ?? null,
    ctr: shareOf(ads?.clicks ?? null, ads?.impressions ?? null),
    searchImpressionShare: ads?.searchImpressionShare ?? null,
    averageCpc: costPer(spend, ads?.clicks ?? null),
    costPerLead: costPer(spend, leads.leads),
    costPerBooking: costPer(spend, leads.booked),
    costPerPaidLead: costPer(spend, leads.paidLeads),
    costPerPaidBooking: costPer(spend, leads.paidBooked),
    costPerAttended: costPer(spend, leads.showed),
    showRate: leads.showed + leads.noShow === 0 ? null : leads.showed / (leads.showed + leads.noShow),
    leadRate: rateOf(leads.leads, views.views),
    bookingRate: rateOf(leads.booked, views.views),
  };
}

/** Items by a key of theirs, in their order (read once, not once a row: a year of every clinic's campaign days is large). */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Every day from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

const NO_SERVICE_LABEL = 'Pages of no one service (home, client landing)';

const VARIANT_LABELS: Record<string, string> = { A: 'Style A', B: 'Style B (find a provider)', C: 'Style C (urgency)', '-': 'No style (home, unified and other pages)' };

/** Where results learn which campaign ids the clinics have (ads' internal campaign-ids route). */
export type CampaignIdsSource = (clientId: number | undefined, requestId: string) => Promise<ClinicCampaignIds>;

/**
 * Rows of the campaign breakdown whose campaign is none of the clinics' own
 * (rows folded before forged ids were kept apart, and leads sent with a
 * forged `hap_cid`) as one 'Other campaign' row: counts added up.
 */
export function withOtherCampaign<T extends Keyed>(rows: readonly T[], known: ReadonlySet<string>, add: (a: T, b: T) => T): T[] {
  const out = new Map<string, T>();
  for (const row of rows) {
    const key = row.key === '' || known.has(row.key) ? row.key : OTHER_CAMPAIGN_KEY;
    const kept = { ...row, key };
    const before = out.get(key);
    out.set(key, before ? { ...add(before, kept), key, clientId: row.clientId } : kept);
  }
  return [...out.values()];
}

export class ResultsService {
  constructor(
    private readonly repository: ResultsRepository,
    private readonly catalogue: CatalogueClient,
    private readonly ads: AdsFiguresSource,
    /** Without it (or while ads cannot answer) the campaign rows stay as stored; the page-view fold already keeps forged ids apart. */
    private readonly campaignIds: CampaignIdsSource | null = null,
  ) {}

  /** The campaign ids the clinic (or every clinic) has: its launches' and those Google reported spend for; null when unknown. */
  private async knownCampaigns(clientId: number | undefined, days: readonly CampaignDay[], requestId: string): Promise<Set<string> | null> {
    if (!this.campaignIds) return null;
    try {
      const { campaigns } = await this.campaignIds(clientId, requestId);
      return new Set([...campaigns.filter((c) => clientId === undefined || c.clientId === clientId).map((c) => c.campaignId), ...days.map((d) => d.campaignId)]);
    } catch {
      return null;
    }
  }

  /** Ads figures, or none with the reason: results never fail for want of them. */
  private async adsFigures(query: { clientId?: number; from: string; to: string }, requestId: string): Promise<AdsFigures> {
    try {
      return await this.ads(query, requestId);
    } catch (err) {
      return { days: [], accounts: [], budgetLimited: [], note: `Google Ads figures are not available now: ${(err as Error).message}` };
    }
  }

  async summary(actor: Actor, query: ResultsQuery): Promise<ResultsSummary> {
    assertAdmin(actor);
    return this.summaryOf(actor, query);
  }

  /**
   * The summary of one clinic (clientId) or every clinic. Checks no access:
   * the admin's row checks for an admin, the portal's (portal.service.ts)
   * for a clinic user and fixes clientId to theirs.
   */
  async summaryOf(actor: Actor, query: ResultsQuery): Promise<ResultsSummary> {
    const { from, to, clientId } = query;
    const [days, ads] = await Promise.all([this.repository.byDay(from, to, clientId), this.adsFigures({ clientId, from, to }, actor.requestId)]);
    const known = ads.accounts.some((a) => a.syncedThrough !== null) || ads.days.length > 0;
    const countsOn = new Map(days.map((d) => [d.date, d]));
    const spentOn = groupBy(ads.days, (d) => d.date);
    const series = daysOf(from, to).map((date) => {
      const spent = known ? totalsOf(spentOn.get(date) ?? []) : null;
      return {
        date,
        views: countsOn.get(date)?.views ?? 0,
        leads: countsOn.get(date)?.leads ?? 0,
        spend: spent?.spend ?? null,
        clicks: spent?.clicks ?? null,
        impressions: spent?.impressions ?? null,
      };
    });
    const viewTotals = days.reduce((t, v) => ({ views: t.views + v.views, visitors: t.visitors + v.visitors }), NO_VIEWS);
    const leadTotals = days.reduce<LeadCounts>(addLeads, NO_LEADS);
    return {
      ...measuresOf(viewTotals, leadTotals, known ? totalsOf(ads.days) : null),
      from,
      to,
      clientId: clientId ?? null,
      series,
      adsAccounts: ads.accounts,
      adsNote: known ? null : (ads.note ?? 'No clinic’s Google Ads figures have been read for this range yet.'),
    };
  }

  async breakdown(actor: Actor, query: ResultsBreakdownQuery): Promise<ResultsBreakdown> {
    assertAdmin(actor);
    const { by, from, to, clientId } = query;
    const [stored, ads] = await Promise.all([this.repository.by(by, from, to, clientId), this.adsFigures({ clientId, from, to }, actor.requestId)]);
    let counts = stored;
    // Every clinic at once: a service is its template across the clinics (TRT of them all is one row), not thousands of rows.
    const grouped = by === 'service' && clientId === undefined ? await this.byTemplate(stored, actor.requestId) : null;
    if (grouped) counts = grouped.rows;
    const campaigns = by === 'campaign' ? await this.knownCampaigns(clientId, ads.days, actor.requestId) : null;
    if (campaigns) counts = withOtherCampaign(counts, campaigns, (a, b) => ({ ...a, ...addLeads(a, b), views: a.views + b.views, visitors: a.visitors + b.visitors }));
    const known = ads.accounts.some((a) => a.syncedThrough !== null) || ads.days.length > 0;
    const id = (row: Keyed) => `${row.clientId ?? ''}:${row.key}`;
    const keys = new Map<string, Keyed>();
    for (const row of counts) keys.set(id(row), { key: row.key, clientId: row.clientId });
    // Campaigns that spent without a view or lead still show (their money bought nothing yet).
    if (by === 'campaign') for (const day of ads.days) keys.set(id({ key: day.campaignId, clientId: null }), { key: day.campaignId, clientId: null });
    const countsOf = new Map(counts.map((c) => [id(c), c]));
    const spentBy = groupBy(ads.days, (d) => d.campaignId);
    const labels = grouped?.labels ?? (await this.labels(by, [...keys.values()], ads.days, actor.requestId, clientId));
    const rows: ResultsBreakdownRow[] = [...keys.entries()].map(([k, row]) => ({
      key: row.key,
      clientId: row.clientId,
      label: labels.get(k) ?? row.key,
      ...measuresOf(countsOf.get(k) ?? NO_VIEWS, countsOf.get(k) ?? NO_LEADS, known ? this.adsTotalsOf(by, row, ads.days, spentBy) : null),
    }));
    rows.sort((a, b) => (b.spend ?? 0) - (a.spend ?? 0) || b.leads - a.leads || b.views - a.views || a.label.localeCompare(b.label));
    return { by, from, to, clientId: clientId ?? null, rows, adsNote: known ? null : (ads.note ?? 'No clinic’s Google Ads figures have been read for this range yet.') };
  }

  /**
   * Every clinic's service rows as one row a service template, named as the
   * template is ('TRT', whatever a clinic titled its page); services templates
   * no longer knows are one row, 'Services since removed'. Null when templates
   * cannot answer: the rows stay one a clinic's service.
   */
  private async byTemplate(rows: ReadonlyArray<Counts & Keyed>, requestId: string): Promise<{ rows: Array<Counts & Keyed>; labels: Map<string, string> } | null> {
    const ids = [...new Set(rows.map((r) => Number(r.key)).filter((id) => Number.isInteger(id) && id > 0))];
    const services = await this.catalogue.serviceNames(ids, requestId).catch(() => null);
    if (!services) return null;
    const serviceOf = new Map(services.map((s) => [s.id, s]));
    const out = new Map<string, Counts & Keyed>();
    const labels = new Map<string, string>();
    for (const row of rows) {
      const service = serviceOf.get(Number(row.key));
      const key = row.key === '0' ? '0' : service ? `template:${service.templateId}` : 'removed';
      labels.set(`:${key}`, row.key === '0' ? NO_SERVICE_LABEL : service ? service.templateName : 'Services since removed');
      const before = out.get(key);
      const kept = { ...row, key, clientId: null };
      out.set(key, before ? { ...addLeads(before, kept), views: before.views + kept.views, visitors: before.visitors + kept.visitors, key, clientId: null } : kept);
    }
    return { rows: [...out.values()], labels };
  }

  /** The Google Ads figures a row stands for: its campaign's, all of them for paid Google, none for other rows. */
  private adsTotalsOf(by: ResultsBreakdownQuery['by'], row: Keyed, days: readonly CampaignDay[], byCampaign: ReadonlyMap<string, CampaignDay[]>): AdsTotals | null {
    if (by === 'campaign') return totalsOf(byCampaign.get(row.key) ?? []);
    if (by === 'source') return row.key === 'paid_google' ? totalsOf(days) : null;
    return null;
  }

  private async labels(by: ResultsBreakdownQuery['by'], rows: Keyed[], days: readonly CampaignDay[], requestId: string, clientId?: number): Promise<Map<string, string>> {
    const labels = new Map<string, string>();
    const id = (row: Keyed) => `${row.clientId ?? ''}:${row.key}`;
    if (by === 'variant') for (const row of rows) labels.set(id(row), VARIANT_LABELS[row.key] ?? row.key);
    if (by === 'source') for (const row of rows) labels.set(id(row), TRAFFIC_SOURCE_LABELS[row.key as TrafficSource] ?? row.key);
    if (by === 'campaign') {
      const names = new Map(days.map((d) => [d.campaignId, d.campaignName]));
      for (const row of rows) labels.set(id(row), row.key === '' ? 'No campaign' : row.key === OTHER_CAMPAIGN_KEY ? OTHER_CAMPAIGN_LABEL : (names.get(row.key) ?? `Campaign ${row.key}`));
    }
    if (by === 'service') {
      // One clinic's services as leads keeps them (catalogue cache); every clinic's (templates could not group them) in one call, never one a clinic.
      const ids = [...new Set(rows.map((r) => Number(r.key)).filter((id) => Number.isInteger(id) && id > 0))];
      const services = await (clientId === undefined ? this.catalogue.serviceNames(ids, requestId) : this.catalogue.servicesOf(clientId, requestId)).catch(() => []);
      const names = new Map(services.map((s) => [s.id, s.name]));
      for (const row of rows) labels.set(id(row), row.key === '0' ? NO_SERVICE_LABEL : (names.get(Number(row.key)) ?? `Service ${row.key}`));
    }
    return labels;
  }
}
