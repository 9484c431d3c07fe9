import type { DataSource } from 'typeorm';

/** One row of the speed figures: the whole period (week null) or one ISO week. */
export interface SpeedRow {
  week: string | null;
  leads: number;
  contacted: number;
  median_minutes: number | null;
  p90_minutes: number | null;
}

export interface SpeedBandRow {
  band: 'under_5_min' | '5_to_60_min' | 'later';
  leads: number;
  booked: number;
}

/**
 * Each lead's first contact (docs/speed-to-lead.md#speed-to-lead): the earliest of a message a person sent
 * (messages.sent_by_user_id), a call logged with any outcome (lead_calls, docs/leads.md#calls), a booking of the
 * lead, and a person moving it on from 'new' (audit_log, a user as actor: a call made but not logged).
 */
const FIRST_CONTACTS = `
  WITH "range" AS (
    SELECT l."id", l."created_at", l."status",
      LEAST(
        (SELECT min(m."created_at") FROM "leads"."messages" m WHERE m."lead_id" = l."id" AND m."sent_by_user_id" IS NOT NULL),
        (SELECT min(c."created_at") FROM "leads"."lead_calls" c WHERE c."lead_id" = l."id"),
        (SELECT min(a."created_at") FROM "leads"."appointments" a WHERE a."lead_id" = l."id"),
        (SELECT min(g."created_at") FROM "leads"."audit_log" g
          WHERE g."entity" = 'lead' AND g."entity_id" = l."id"::text AND g."action" = 'update'
            AND g."actor_user_id" IS NOT NULL AND g."changes" -> 'before' ->> 'status' = 'new')
      ) AS "contacted_at",
      EXISTS (SELECT 1 FROM "leads"."appointments" a WHERE a."lead_id" = l."id") OR l."status" IN ('booked', 'won') AS "booked"
    FROM "leads"."leads" l
    WHERE l."client_id" = $1 AND l."created_at" >= $2::date AND l."created_at" < $3::date + 1
  ),
  "firsts" AS (SELECT *, extract(epoch FROM "contacted_at" - "created_at") / 60 AS "minutes" FROM "range")`;

/** How fast a clinic's leads were first contacted; percentiles by PostgreSQL's percentile_cont. */
export class SpeedToLeadRepository {
  constructor(private readonly dataSource: DataSource) {}

  async figures(clientId: number, from: string, to: string): Promise<{ rows: SpeedRow[]; bands: SpeedBandRow[] }> {
    const rows = (await this.dataSource.query(
      `${FIRST_CONTACTS}
       SELECT CASE WHEN GROUPING("week") = 1 THEN NULL ELSE to_char("week", 'IYYY-"W"IW') END AS "week",
              count(*)::int AS "leads", count("minutes")::int AS "contacted",
              percentile_cont(0.5) WITHIN GROUP (ORDER BY "minutes") AS "median_minutes",
              percentile_cont(0.9) WITHIN GROUP (ORDER BY "minutes") AS "p90_minutes"
         FROM (SELECT *, date_trunc('week', "created_at" AT TIME ZONE 'UTC') AS "week" FROM "firsts") f
        GROUP BY ROLLUP ("week") ORDER BY GROUPING("week") DESC, "week"`,
      [clientId, from, to],
    )) as SpeedRow[];
    const bands = (await this.dataSource.query(
      `${FIRST_CONTACTS}
       SELECT CASE WHEN "minutes" < 5 THEN 'under_5_min' WHEN "minutes" < 60 THEN '5_to_60_min' ELSE 'later' END AS "band",
              count(*)::int AS "leads", count(*) FILTER (WHERE "booked")::int AS "booked"
         FROM "firsts" GROUP BY 1`,
      [clientId, from, to],
    )) as SpeedBandRow[];
    return { rows, bands };
  }
}
