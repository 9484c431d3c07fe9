import type { BudgetAlert, BudgetAlertKind } from '@hap/contracts';
import type { DataSource } from 'typeorm';

/** Google Ads bookings of a month: a clinic's, and its campaigns' (by campaign id). */
export interface MonthBookings {
  byClinic: Map<number, number>;
  byCampaign: Map<string, number>;
}

/** The SQL of budget pacing (docs/campaigns.md#budget-pacing): the month's Google Ads bookings and the alerts sent. */
export class PacingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Google Ads bookings (paid_google leads booked or won) of the month's leads, from the month cells (migration ResultCells). */
  async bookings(month: string, clientIds: readonly number[]): Promise<MonthBookings> {
    const rows = (await this.dataSource.query(
      `SELECT "scope", "dim", "key", "paid_booked"::int AS "paidBooked" FROM "leads"."result_months"
       WHERE "month" = $1::date AND "scope" = ANY($2::int[]) AND "dim" IN ('all', 'campaign') AND "paid_booked" > 0`,
      [month, clientIds],
    )) as Array<{ scope: number; dim: 'all' | 'campaign'; key: string; paidBooked: number }>;
    const byClinic = new Map<number, number>();
    const byCampaign = new Map<string, number>();
    for (const row of rows) {
      if (row.dim === 'all') byClinic.set(row.scope, row.paidBooked);
      else if (row.key !== '') byCampaign.set(row.key, row.paidBooked);
    }
    return { byClinic, byCampaign };
  }

  /** The month's alerts of these clinics, oldest first. */
  async alerts(month: string, clientIds: readonly number[]): Promise<Array<BudgetAlert & { clientId: number }>> {
    const rows = (await this.dataSource.query(
      `SELECT "client_id", "kind", "campaign_id", "message", "sent_at" FROM "leads"."budget_alerts"
       WHERE "month" = $1::date AND "client_id" = ANY($2::int[]) ORDER BY "sent_at", "kind"`,
      [month, clientIds],
    )) as Array<{ client_id: number; kind: BudgetAlertKind; campaign_id: string; message: string; sent_at: Date }>;
    return rows.map((r) => ({ clientId: r.client_id, kind: r.kind, campaignId: r.campaign_id, message: r.message, sentAt: new Date(r.sent_at).toISOString() }));
  }

  /** Claims an alert: true when this call recorded it (it was not sent before this month), false when it was. */
  async claim(alert: { clientId: number; month: string; kind: BudgetAlertKind; campaignId: string; message: string }): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "leads"."budget_alerts" ("client_id", "month", "kind", "campaign_id", "message") VALUES ($1, $2::date, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING "kind"`,
      [alert.clientId, alert.month, alert.kind, alert.campaignId, alert.message],
    )) as unknown[];
    return rows.length === 1;
  }

  /** What became of a claimed alert's e-mails. */
  async settle(alert: { clientId: number; month: string; kind: BudgetAlertKind; campaignId: string }, outcome: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "leads"."budget_alerts" SET "outcome" = $5 WHERE "client_id" = $1 AND "month" = $2::date AND "kind" = $3 AND "campaign_id" = $4`,
      [alert.clientId, alert.month, alert.kind, alert.campaignId, outcome.slice(0, 500)],
    );
  }
}
