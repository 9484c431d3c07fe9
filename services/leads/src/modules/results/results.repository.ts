import type { ResultsBreakdownBy } from '@hap/contracts';
import type { DataSource } from 'typeorm';

/**
 * The SQL of results: page view rollups and leads over a
 * range of UTC days, one clinic or all. Views are visits to a clinic's pages:
 * thank-you page views are not counted as visits (a converted visitor sees
 * one more page).
 */

export interface ViewCounts {
  views: number;
  visitors: number;
}

export interface LeadCounts {
  leads: number;
  contacted: number;
  booked: number;
  won: number;
  showed: number;
  noShow: number;
  /** Of them, those from Google Ads (traffic source paid_google), and those of them booked or won. */
  paidLeads: number;
  paidBooked: number;
}

/** A breakdown row's key: the service id, variant, source or campaign id as text, and its clinic when it has one. */
export interface Keyed {
  key: string;
  clientId: number | null;
}

const VISIT_KINDS = `"page_kind" <> 'thanks'`;

/** The variant a lead's page had, in the page views' words (the form sends a, b, c, unified or preview). */
const LEAD_VARIANT = `CASE lower(coalesce("style_variant", '')) WHEN 'a' THEN 'A' WHEN 'b' THEN 'B' WHEN 'c' THEN 'C' ELSE '-' END`;

/** Each breakdown's key column in the rollups and in leads, and whether it is per clinic. */
const KEYS: Record<ResultsBreakdownBy, { views: string; leads: string; perClinic: boolean }> = {
  service: { views: `"service_id"::text`, leads: `coalesce("service_id", 0)::text`, perClinic: true },
  variant: { views: `"variant"`, leads: LEAD_VARIANT, perClinic: false },
  source: { views: `"source"`, leads: `"traffic_source"`, perClinic: false },
  campaign: { views: `"campaign_id"`, leads: `coalesce("campaign_id", '')`, perClinic: false },
};

/**
 * A range of days as the whole calendar months inside it ([monthsFrom,
 * monthsTo): month starts) and its edge days (the rest). No whole month:
 * both are the day after `to`, so the edges are the whole range.
 */
export function splitByMonths(from: string, to: string): { monthsFrom: string; monthsTo: string } {
  const day = (text: string) => new Date(`${text}T00:00:00Z`);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const start = day(from);
  const first = start.getUTCDate() === 1 ? start : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const after = new Date(day(to).getTime() + 86_400_000);
  const last = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1));
  return first < last ? { monthsFrom: iso(first), monthsTo: iso(last) } : { monthsFrom: iso(after), monthsTo: iso(after) };
}

const LEAD_STAGES = `count(*)::int AS "leads",
  count(*) FILTER (WHERE "status" IN ('contacted', 'booked', 'won'))::int AS "contacted",
  count(*) FILTER (WHERE "status" IN ('booked', 'won'))::int AS "booked",
  count(*) FILTER (WHERE "status" = 'won')::int AS "won",
  count(*) FILTER (WHERE "attended")::int AS "showed",
  count(*) FILTER (WHERE "missed" AND NOT coalesce("attended", false))::int AS "noShow",
  count(*) FILTER (WHERE "traffic_source" = 'paid_google')::int AS "paidLeads",
  count(*) FILTER (WHERE "traffic_source" = 'paid_google' AND "status" IN ('booked', 'won'))::int AS "paidBooked"`;

/**
 * The leads of the range ($1–$3) with whether any of their appointments was marked showed or no-show
 * (docs/booking.md#the-clinics-side): the appointments of the range's clinics, one row a lead, joined once.
 */
const LEADS_WITH_ATTENDANCE = `(
  SELECT l.*, "a"."attended", "a"."missed" FROM "leads"."leads" l
  LEFT JOIN (
    SELECT "lead_id", bool_or("status" = 'showed') AS "attended", bool_or("status" = 'no_show') AS "missed"
    FROM "leads"."appointments"
    WHERE "lead_id" IS NOT NULL AND "status" IN ('showed', 'no_show') AND ($3::int IS NULL OR "client_id" = $3)
    GROUP BY "lead_id"
  ) AS "a" ON "a"."lead_id" = l."id"
  WHERE l."created_at" >= $1::date AT TIME ZONE 'UTC' AND l."created_at" < ($2::date + 1) AT TIME ZONE 'UTC' AND ($3::int IS NULL OR l."client_id" = $3)
) AS "ranged"`;

export class ResultsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** $1 from, $2 to, $3 clinic or null: the rollups' and leads' range and clinic conditions. */
  private params(from: string, to: string, clientId: number | undefined) {
    return [from, to, clientId ?? null];
  }

  /** A clinic's (or every clinic's) visits by day: the day totals the rollups' trigger keeps (migration PageViewTotals). */
  async viewsByDay(from: string, to: string, clientId?: number): Promise<Array<ViewCounts & { date: string }>> {
    return this.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "date", sum("views")::float8 AS "views", sum("visitors")::float8 AS "visitors"
       FROM "leads"."page_view_days"
       WHERE "day" BETWEEN $1::date AND $2::date AND ($3::int IS NULL OR "client_id" = $3)
       GROUP BY "day"`,
      this.params(from, to, clientId),
    );
  }

  async leadsByDay(from: string, to: string, clientId?: number): Promise<Array<LeadCounts & { date: string }>> {
    return this.dataSource.query(
      // Grouped by the day first: to_char once a day, not once a lead.
      `SELECT to_char("day", 'YYYY-MM-DD') AS "date", "leads", "contacted", "booked", "won", "showed", "noShow", "paidLeads", "paidBooked"
       FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", ${LEAD_STAGES}
             FROM ${LEADS_WITH_ATTENDANCE}
             GROUP BY 1) AS "by_day"`,
      this.params(from, to, clientId),
    );
  }

  /** Visits by a breakdown's key: the range's whole months from the month totals, its edge days from the daily cells. */
  async viewsBy(by: ResultsBreakdownBy, from: string, to: string, clientId?: number): Promise<Array<ViewCounts & Keyed>> {
    const key = KEYS[by];
    const clinic = key.perClinic ? `"client_id"` : 'NULL::int';
    const { monthsFrom, monthsTo } = splitByMonths(from, to);
    return this.dataSource.query(
      `SELECT ${key.views} AS "key", ${clinic} AS "clientId", sum("views")::float8 AS "views", sum("visitors")::float8 AS "visitors"
       FROM (
         SELECT "client_id", "service_id", "variant", "source", "campaign_id", "views", "visitors" FROM "leads"."page_view_months"
         WHERE "month" >= $4::date AND "month" < $5::date AND ($3::int IS NULL OR "client_id" = $3) AND ${VISIT_KINDS}
         UNION ALL
         SELECT "client_id", "service_id", "variant", "source", "campaign_id", "views", "visitors" FROM "leads"."page_view_rollups"
         WHERE (("day" >= $1::date AND "day" < $4::date) OR ("day" >= $5::date AND "day" <= $2::date)) AND ($3::int IS NULL OR "client_id" = $3) AND ${VISIT_KINDS}
       ) AS "cells"
       GROUP BY 1, 2`,
      [...this.params(from, to, clientId), monthsFrom, monthsTo],
    );
  }

  async leadsBy(by: ResultsBreakdownBy, from: string, to: string, clientId?: number): Promise<Array<LeadCounts & Keyed>> {
    const key = KEYS[by];
    const clinic = key.perClinic ? `"client_id"` : 'NULL::int';
    return this.dataSource.query(
      `SELECT ${key.leads} AS "key", ${clinic} AS "clientId", ${LEAD_STAGES}
       FROM ${LEADS_WITH_ATTENDANCE}
       GROUP BY 1, 2`,
      this.params(from, to, clientId),
    );
  }
}
