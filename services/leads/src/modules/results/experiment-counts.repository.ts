import type { ArmConversions, ArmViews, ExperimentVariant } from '@hap/contracts';
import type { DataSource } from 'typeorm';

/** What the experiment counts are read from: leads' own tables (see experiment-counts.ts). */
export class ExperimentCountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The tables' counts of these experiments, by experiment, and when they were read (µs, the database's clock, before any of them). */
  async countsOf(ids: readonly number[]): Promise<{ readAt: string; byExperiment: Map<number, { views: ArmViews[]; conversions: ArmConversions[] }> }> {
    const byExperiment = new Map(ids.map((id) => [id, { views: [] as ArmViews[], conversions: [] as ArmConversions[] }]));
    const [{ readAt }] = (await this.dataSource.query(`SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint::text AS "readAt"`)) as [{ readAt: string }];
    const views = (await this.dataSource.query(
      `SELECT "experiment_id" AS "id", "variant", SUM("views")::bigint AS "views", SUM("visitors")::bigint AS "visitors"
       FROM "leads"."experiment_view_rollups" WHERE "experiment_id" = ANY($1::int[])
       GROUP BY "experiment_id", "variant"`,
      [ids],
    )) as Array<{ id: number; variant: ExperimentVariant; views: string; visitors: string }>;
    for (const row of views) byExperiment.get(row.id)?.views.push({ variant: row.variant, views: Number(row.views), visitors: Number(row.visitors) });
    const conversions = (await this.dataSource.query(
      `SELECT "experiment_id" AS "id", "client_id" AS "clientId", "experiment_variant" AS "variant", COUNT(*)::bigint AS "leads",
              COUNT(*) FILTER (WHERE "status" IN ('booked', 'won'))::bigint AS "bookings"
       FROM "leads"."leads" WHERE "experiment_id" = ANY($1::int[])
       GROUP BY "experiment_id", "client_id", "experiment_variant"`,
      [ids],
    )) as Array<{ id: number; clientId: number; variant: ExperimentVariant; leads: string; bookings: string }>;
    for (const row of conversions)
      byExperiment.get(row.id)?.conversions.push({ clientId: row.clientId, variant: row.variant, leads: Number(row.leads), bookings: Number(row.bookings) });
    return { readAt, byExperiment };
  }

  /** The experiments these leads came from. */
  async experimentsOfLeads(leadIds: readonly number[]): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT "experiment_id" AS "id" FROM "leads"."leads" WHERE "id" = ANY($1::bigint[]) AND "experiment_id" IS NOT NULL`,
      [leadIds],
    )) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  /** Every experiment the tables count. */
  async allExperiments(): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `SELECT "experiment_id" AS "id" FROM "leads"."experiment_view_rollups"
       UNION SELECT "experiment_id" FROM "leads"."leads" WHERE "experiment_id" IS NOT NULL ORDER BY 1`,
    )) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }
}
