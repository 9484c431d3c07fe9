import { z } from 'zod';
import { CAMPAIGN_BUDGET } from '../ads/campaign';
import { idField } from '../fields';

/**
 * Budget pacing (docs/campaigns.md#budget-pacing): a clinic's Google Ads spend
 * of the calendar month so far (UTC days, as Results counts them) against the
 * monthly budget the agency set on the clinic, where it is heading at the
 * month's pace so far, and the campaigns Google limits by their budget while
 * they book for less than the clinic's target cost per booking.
 */

/** The shares of the monthly budget that alert: 80 % spent, then all of it. */
export const PACING_ALERTS = [
  { kind: 'near', share: 0.8 },
  { kind: 'over', share: 1 },
] as const;

export const BUDGET_ALERT_KINDS = ['near', 'over', 'limited'] as const;
export type BudgetAlertKind = (typeof BUDGET_ALERT_KINDS)[number];

export interface PaceInput {
  monthlyBudget: number;
  /** Dollars spent in the month so far. */
  spend: number;
  /** The month's days so far, today included (1 on the 1st). */
  daysElapsed: number;
  daysInMonth: number;
}

export interface Pace {
  /** Of the budget spent so far (0.5 = half). */
  share: number;
  /** The month's spend if every day left costs what the days so far cost on average. */
  projectedSpend: number;
  projectedShare: number;
  /** The highest alert share reached, or null. */
  reached: 'near' | 'over' | null;
}

const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/** The pace of a month: pure, so the screen and the alerts say the same. */
export function paceOf({ monthlyBudget, spend, daysElapsed, daysInMonth }: PaceInput): Pace {
  const share = spend / monthlyBudget;
  const projectedSpend = cents(daysElapsed > 0 ? (spend / daysElapsed) * daysInMonth : 0);
  const reached = [...PACING_ALERTS].reverse().find((alert) => share >= alert.share)?.kind ?? null;
  return { share, projectedSpend, projectedShare: projectedSpend / monthlyBudget, reached };
}

/**
 * A campaign Google says is limited by its budget is worth more budget when it
 * books: its cost per Google Ads booking so far this month is below the
 * clinic's target. Without a booking, or without a target, it is not.
 */
export function limitedButGood(costPerPaidBooking: number | null, target: number | null): boolean {
  return costPerPaidBooking !== null && target !== null && costPerPaidBooking < target;
}

/** How much more budget a limited campaign that books below target is recommended: a fifth more. */
export const BUDGET_RAISE_SHARE = 0.2;

/**
 * The daily budget recommended for a limited campaign that books below target: a fifth more, in
 * whole dollars (at least one more), within Google Ads' bounds for a launch; null when it is at the
 * most already or its budget is unknown.
 */
export function raisedDailyBudget(dailyBudget: number | null): number | null {
  if (dailyBudget === null || dailyBudget >= CAMPAIGN_BUDGET.max) return null;
  return Math.min(CAMPAIGN_BUDGET.max, Math.max(Math.ceil(dailyBudget * (1 + BUDGET_RAISE_SHARE)), Math.floor(dailyBudget) + 1));
}

export const BudgetPacingQuerySchema = z.object({
  clientId: idField('Client id', { fromText: true }).optional(),
});
export type BudgetPacingQuery = z.output<typeof BudgetPacingQuerySchema>;

export const LimitedCampaignSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  /** Its daily budget in dollars as Google last said, null when unknown. */
  dailyBudget: z.number().nullable(),
  spend: z.number(),
  paidBooked: z.number().int(),
  costPerPaidBooking: z.number().nullable(),
  /** Books below the clinic's target: raising its budget is recommended. */
  beatsTarget: z.boolean(),
  /** The daily budget recommended when it beats the target (raisedDailyBudget); null otherwise. */
  suggestedDailyBudget: z.number().nullable(),
});
export type LimitedCampaign = z.infer<typeof LimitedCampaignSchema>;

export const BudgetAlertSchema = z.object({
  kind: z.enum(BUDGET_ALERT_KINDS),
  /** The campaign of a `limited` alert; '' for the clinic's. */
  campaignId: z.string(),
  /** What the alert said. */
  message: z.string(),
  sentAt: z.string(),
});
export type BudgetAlert = z.infer<typeof BudgetAlertSchema>;

export const ClinicPacingSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  monthlyBudget: z.number(),
  targetCostPerBooking: z.number().nullable(),
  /** Null: no Google Ads figures of the clinic have been read this month (`note` says why). */
  spend: z.number().nullable(),
  share: z.number().nullable(),
  projectedSpend: z.number().nullable(),
  projectedShare: z.number().nullable(),
  reached: z.enum(['near', 'over']).nullable(),
  paidBooked: z.number().int(),
  costPerPaidBooking: z.number().nullable(),
  limited: z.array(LimitedCampaignSchema),
  /** This month's alerts, oldest first. */
  alerts: z.array(BudgetAlertSchema),
  note: z.string().nullable(),
});
export type ClinicPacing = z.infer<typeof ClinicPacingSchema>;

export const BudgetPacingSchema = z.object({
  /** The month (YYYY-MM, UTC) and its days so far and in all. */
  month: z.string(),
  daysElapsed: z.number().int(),
  daysInMonth: z.number().int(),
  /** Every clinic with a monthly budget (or the one asked for, when it has one), the furthest through its budget first. */
  clinics: z.array(ClinicPacingSchema),
});
export type BudgetPacing = z.infer<typeof BudgetPacingSchema>;

/** What an alert says: to the agency by e-mail, to the clinic's users by their chosen channels; no patient ever. */
export function budgetAlertMessage(
  alert: { kind: 'near' | 'over' } | { kind: 'limited'; campaignName: string; costPerPaidBooking: number },
  clinic: { name: string; monthlyBudget: number; spend: number; targetCostPerBooking: number | null },
): string {
  const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (alert.kind === 'limited') {
    return `${alert.campaignName} of ${clinic.name} is limited by its budget while it books at ${money(alert.costPerPaidBooking)} a booking, below the ${money(clinic.targetCostPerBooking ?? 0)} target: consider raising its budget.`;
  }
  const share = Math.floor((clinic.spend / clinic.monthlyBudget) * 100);
  return `${clinic.name} has spent ${money(clinic.spend)} of its ${money(clinic.monthlyBudget)} monthly Google Ads budget (${share} %).`;
}
