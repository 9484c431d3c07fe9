import type { ResultsBreakdownBy } from '@hap/contracts';
import type { DataSource } from 'typeorm';

/**
 * The SQL of results: visits and leads over a range of UTC days, one clinic
 * or all, read from the cells the triggers of migration ResultCells keep
 * (docs/results-and-experiments.md#how-results-are-counted). Views are visits
 * to a clinic's pages: thank-you page views are not counted as visits (a
 * converted visitor sees one more page).
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

const VIEWS = `sum("views")::float8 AS "views", sum("visitors")::float8 AS "visitors"`;
const LEADS = `sum("leads")::int AS "leads", sum("contacted")::int AS "contacted", sum("booked")::int AS "booked", sum("won")::int AS "won",
  sum("showed")::int AS "showed", sum("no_show")::int AS "noShow", sum("paid_leads")::int AS "paidLeads", sum("paid_booked")::int AS "paidBooked"`;

/** A day's or a key's visits and leads together: one read gives both. */
export type Counts = ViewCounts & LeadCounts;

const COUNTS = `${VIEWS}, ${LEADS}`;
const ANY_COUNT = `(sum("views") > 0 OR sum("leads") > 0)`;

export class ResultsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A read of the cells without a parallel plan: the planner cannot tell the
   * agency's few rows from the clinics' many (its estimate is ~150 times the
   * 365 rows of a year's days) and starts two workers for them, ~30 ms of
   * start-up for a read of 1 ms (measured at 500 clinics, infra/bench/HISTORY.md).
   */
  private read<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL max_parallel_workers_per_gather = 0');
      return manager.query(sql, params) as Promise<T[]>;
    });
  }

  /** Visits and leads by UTC day of one clinic, or of every clinic (scope 0), from the day cells (migration ResultCells). */
  byDay(from: string, to: string, clientId?: number): Promise<Array<Counts & { date: string }>> {
    return this.read(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "date", ${COUNTS}
       FROM "leads"."result_days"
       WHERE "scope" = $3 AND "dim" = 'all' AND "day" BETWEEN $1::date AND $2::date
       GROUP BY "day" HAVING ${ANY_COUNT}`,
      [from, to, clientId ?? 0],
    );
  }

  /**
   * Visits and leads by a breakdown's key: the range's whole months from the
   * month cells, its edge days from the day cells, so a year reads about
   * twelve rows a key. Only services are per clinic (`key_client`).
   */
  by(by: ResultsBreakdownBy, from: string, to: string, clientId?: number): Promise<Array<Counts & Keyed>> {
    const { monthsFrom, monthsTo } = splitByMonths(from, to);
    return this.read(
      `SELECT "key", nullif("key_client", 0) AS "clientId", ${COUNTS}
       FROM (
         SELECT * FROM "leads"."result_months"
         WHERE "scope" = $3 AND "dim" = $6 AND "month" >= $4::date AND "month" < $5::date
         UNION ALL
         SELECT * FROM "leads"."result_days"
         WHERE "scope" = $3 AND "dim" = $6 AND (("day" >= $1::date AND "day" < $4::date) OR ("day" >= $5::date AND "day" <= $2::date))
       ) AS "cells"
       GROUP BY 1, 2 HAVING ${ANY_COUNT}`,
      [from, to, clientId ?? 0, monthsFrom, monthsTo, by],
    );
  }
}
