import {
  budgetAlertMessage,
  costPer,
  escapeHtml,
  limitedButGood,
  raisedDailyBudget,
  paceOf,
  type BudgetAlertKind,
  type BudgetPacing,
  type BudgetPacingQuery,
  type CampaignDay,
  type ClinicPacing,
} from '@hap/contracts';
import { assertAdmin, type Actor, type Mailer } from '@hap/service-kit';
import { DateTime } from 'luxon';
import type { TenantClient } from '../../clients/tenant.client';
import type { PacingRepository } from './pacing.repository';
import type { AdsFigures, AdsFiguresSource } from './results.service';

const dollars = (micros: number) => Math.round(micros / 10_000) / 100;
const spendOf = (days: readonly CampaignDay[]) => dollars(days.reduce((sum, d) => sum + d.costMicros, 0));

/** This UTC month: its first day, today, and its days so far and in all (Luxon's calendar). */
export function monthOf(now: Date): { month: string; from: string; to: string; daysElapsed: number; daysInMonth: number } {
  const today = DateTime.fromJSDate(now, { zone: 'utc' });
  return { month: today.toFormat('yyyy-MM'), from: today.startOf('month').toISODate()!, to: today.toISODate()!, daysElapsed: today.day, daysInMonth: today.daysInMonth! };
}

/**
 * Budget pacing (docs/campaigns.md#budget-pacing): each clinic's Google Ads
 * spend of this UTC month against the monthly budget the agency set on it
 * (tenant), the projection at the month's pace so far, and its campaigns that
 * Google limits by budget (ads' last read) with their cost per Google Ads
 * booking (our leads) against the clinic's target.
 */
export class PacingService {
  constructor(
    private readonly repository: PacingRepository,
    private readonly tenant: Pick<TenantClient, 'adBudgets'>,
    private readonly ads: AdsFiguresSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async pacing(actor: Actor, query: BudgetPacingQuery): Promise<BudgetPacing> {
    assertAdmin(actor);
    return this.pacingOf(query.clientId, actor.requestId);
  }

  /** Every budgeted clinic's pacing (or the one asked for), the furthest through its budget first. */
  async pacingOf(clientId: number | undefined, requestId: string): Promise<BudgetPacing> {
    const { month, from, to, daysElapsed, daysInMonth } = monthOf(this.now());
    const budgets = (await this.tenant.adBudgets(requestId)).filter((b) => clientId === undefined || b.clientId === clientId);
    if (!budgets.length) return { month, daysElapsed, daysInMonth, clinics: [] };
    const ids = budgets.map((b) => b.clientId);
    const [ads, bookings, alerts] = await Promise.all([
      this.adsFigures({ clientId, from, to }, requestId),
      this.repository.bookings(`${from}`, ids),
      this.repository.alerts(from, ids),
    ]);
    const clinics = budgets.map((budget): ClinicPacing => {
      const days = ads.days.filter((d) => d.clientId === budget.clientId);
      const known = days.length > 0 || ads.accounts.some((a) => a.clientId === budget.clientId && a.syncedThrough !== null);
      const spend = known ? spendOf(days) : null;
      const pace = spend === null ? null : paceOf({ monthlyBudget: budget.monthlyAdBudget, spend, daysElapsed, daysInMonth });
      const paidBooked = bookings.byClinic.get(budget.clientId) ?? 0;
      const limited = ads.budgetLimited
        .filter((c) => c.clientId === budget.clientId)
        .map((c) => {
          const own = days.filter((d) => d.campaignId === c.campaignId);
          const campaignSpend = spendOf(own);
          const booked = bookings.byCampaign.get(c.campaignId) ?? 0;
          const cost = costPer(campaignSpend, booked);
          const dailyBudget = c.budgetMicros > 0 ? dollars(c.budgetMicros) : null;
          const beatsTarget = limitedButGood(cost, budget.targetCostPerBooking);
          return {
            campaignId: c.campaignId,
            campaignName: own.at(-1)?.campaignName ?? `Campaign ${c.campaignId}`,
            dailyBudget,
            spend: campaignSpend,
            paidBooked: booked,
            costPerPaidBooking: cost,
            beatsTarget,
            suggestedDailyBudget: beatsTarget ? raisedDailyBudget(dailyBudget) : null,
          };
        });
      return {
        clientId: budget.clientId,
        clientName: budget.name,
        monthlyBudget: budget.monthlyAdBudget,
        targetCostPerBooking: budget.targetCostPerBooking,
        spend,
        share: pace?.share ?? null,
        projectedSpend: pace?.projectedSpend ?? null,
        projectedShare: pace?.projectedShare ?? null,
        reached: pace?.reached ?? null,
        paidBooked,
        costPerPaidBooking: costPer(spend, paidBooked),
        limited,
        alerts: alerts.filter((a) => a.clientId === budget.clientId).map(({ clientId: _, ...alert }) => alert),
        note: known ? null : (ads.note ?? 'No Google Ads figures of this clinic have been read this month yet.'),
      };
    });
    clinics.sort((a, b) => (b.share ?? -1) - (a.share ?? -1) || a.clientName.localeCompare(b.clientName));
    return { month, daysElapsed, daysInMonth, clinics };
  }

  /** Ads figures, or none with the reason: pacing never fails for want of them. */
  private async adsFigures(query: { clientId?: number; from: string; to: string }, requestId: string): Promise<AdsFigures> {
    try {
      return await this.ads(query, requestId);
    } catch (err) {
      return { days: [], accounts: [], budgetLimited: [], note: `Google Ads figures are not available now: ${(err as Error).message}` };
    }
  }
}

/** What the alert sweep needs beyond pacing: the agency's admins and a mailer. */
export interface BudgetAlertDependencies {
  pacing: PacingService;
  repository: PacingRepository;
  tenant: Pick<TenantClient, 'agencyAlertRecipients'>;
  mailer: Mailer | null;
  /** The admin's origin for the link to Results (PUBLIC_BASE_URL). */
  origin: string;
  /** Only these clinics' alerts (a test's own). */
  clientIds?: readonly number[];
}

/** The alerts a clinic's pacing calls for now: the highest share reached, and each limited campaign booking below target. */
export function alertsDue(clinic: ClinicPacing): Array<{ kind: BudgetAlertKind; campaignId: string; message: string }> {
  const due: Array<{ kind: BudgetAlertKind; campaignId: string; message: string }> = [];
  if (clinic.spend === null) return due;
  const about = { name: clinic.clientName, monthlyBudget: clinic.monthlyBudget, spend: clinic.spend, targetCostPerBooking: clinic.targetCostPerBooking };
  if (clinic.reached) due.push({ kind: clinic.reached, campaignId: '', message: budgetAlertMessage({ kind: clinic.reached }, about) });
  for (const campaign of clinic.limited) {
    if (!campaign.beatsTarget || campaign.costPerPaidBooking === null) continue;
    due.push({ kind: 'limited', campaignId: campaign.campaignId, message: budgetAlertMessage({ kind: 'limited', campaignName: campaign.campaignName, costPerPaidBooking: campaign.costPerPaidBooking }, about) });
  }
  return due;
}

/**
 * One pass of the budget alert sweep (docs/campaigns.md#budget-pacing): each
 * alert due is claimed by inserting it (once a clinic, month and kind; once a
 * campaign for 'limited') and then e-mailed to the agency's admins, as the
 * nudges of docs/speed-to-lead.md#nudges are. Returns how many were claimed.
 */
export async function sweepBudgetAlerts(deps: BudgetAlertDependencies, requestId: string): Promise<number> {
  const pacing = await deps.pacing.pacingOf(undefined, requestId);
  let claimed = 0;
  for (const clinic of pacing.clinics) {
    if (deps.clientIds && !deps.clientIds.includes(clinic.clientId)) continue;
    for (const alert of alertsDue(clinic)) {
      const key = { clientId: clinic.clientId, month: `${pacing.month}-01`, kind: alert.kind, campaignId: alert.campaignId };
      if (!(await deps.repository.claim({ ...key, message: alert.message }))) continue;
      claimed++;
      let outcome: string;
      try {
        outcome = await tellAgency(deps, clinic, alert.message);
      } catch (err) {
        outcome = `Not sent: ${err instanceof Error ? err.message : String(err)}`;
      }
      await deps.repository.settle(key, outcome);
    }
  }
  return claimed;
}

async function tellAgency(deps: BudgetAlertDependencies, clinic: ClinicPacing, message: string): Promise<string> {
  if (!deps.mailer) return 'Not sent: e-mail is not configured (SMTP_URL); shown on Results.';
  const admins = await deps.tenant.agencyAlertRecipients();
  if (!admins.length) return 'Not sent: the agency has no enabled admin; shown on Results.';
  const link = `${deps.origin}/admin/results?client=${clinic.clientId}`;
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject: `Google Ads budget: ${clinic.clientName}`,
      text: [message, '', `Budget pacing on Results: ${link}`].join('\n'),
      html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link)}">Open budget pacing on Results</a></p></body></html>`,
    });
  }
  return `E-mailed ${admins.length} admin${admins.length === 1 ? '' : 's'}.`;
}
