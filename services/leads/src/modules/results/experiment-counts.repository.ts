import type { ExperimentCounts, ExperimentVariant } from '@hap/contracts';
import type { DataSource } from 'typeorm';

/**
 * Each experiment arm's numbers (issue 27), for the templates service that
 * keeps experiments: views and visitors at the experiment's URL (the shell's
 * counts, folded into leads.experiment_view_rollups; a visitor a day, as
 * Results counts them) and the leads that came from the arm, with those that
 * reached booked (booked or won, as Results counts bookings). Only the
 * experiment's own clinic's leads count: a lead that names another
 * clinic's experiment (a forged attribution) counts for none.
 */
export async function experimentCounts(dataSource: DataSource, experiments: Array<{ id: number; clientId: number }>): Promise<ExperimentCounts[]> {
  if (experiments.length === 0) return [];
  const ids = experiments.map((e) => e.id);
  const clients = experiments.map((e) => e.clientId);
  const rows = (await dataSource.query(
    `WITH "views" AS (
       SELECT "experiment_id", "variant", SUM("views")::bigint AS "views", SUM("visitors")::bigint AS "visitors"
       FROM "leads"."experiment_view_rollups" WHERE "experiment_id" = ANY($1::int[])
       GROUP BY "experiment_id", "variant"),
     "conversions" AS (
       SELECT "experiment_id", "experiment_variant" AS "variant", COUNT(*)::bigint AS "leads",
              COUNT(*) FILTER (WHERE "status" IN ('booked', 'won'))::bigint AS "bookings"
       FROM "leads"."leads" l
       JOIN unnest($1::int[], $2::int[]) AS e("id", "client_id") ON e."id" = l."experiment_id" AND e."client_id" = l."client_id"
       GROUP BY "experiment_id", "experiment_variant")
     SELECT COALESCE(v."experiment_id", c."experiment_id") AS "experimentId", COALESCE(v."variant", c."variant") AS "variant",
            COALESCE(v."views", 0) AS "views", COALESCE(v."visitors", 0) AS "visitors",
            COALESCE(c."leads", 0) AS "leads", COALESCE(c."bookings", 0) AS "bookings"
     FROM "views" v FULL OUTER JOIN "conversions" c ON c."experiment_id" = v."experiment_id" AND c."variant" = v."variant"
     ORDER BY 1, 2`,
    [ids, clients],
  )) as { experimentId: number; variant: ExperimentVariant; views: string; visitors: string; leads: string; bookings: string }[];
  return rows.map((row) => ({
    experimentId: row.experimentId,
    variant: row.variant,
    views: Number(row.views),
    visitors: Number(row.visitors),
    leads: Number(row.leads),
    bookings: Number(row.bookings),
  }));
}
