import type { ResultsBreakdownBy } from '@hap/contracts';
import type { DataSource } from 'typeorm';
import { periodsOf } from './result-periods';

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
   * Visits and leads by a breakdown's key: the range's whole months, whole
   * weeks and days left over (result-periods.ts), so a year reads about 32
   * cells a key, not 365. Only services are per clinic (`key_client`).
   */
  by(by: ResultsBreakdownBy, from: string, to: string, clientId?: number): Promise<Array<Counts & Keyed>> {
    const { months, weeks, days } = periodsOf(from, to);
    return this.read(
      `SELECT "key", nullif("key_client", 0) AS "clientId", ${COUNTS}
       FROM (
         SELECT * FROM "leads"."result_months" WHERE "scope" = $1 AND "dim" = $2 AND "month" = ANY($3::date[])
         UNION ALL
         SELECT * FROM "leads"."result_weeks" WHERE "scope" = $1 AND "dim" = $2 AND "week" = ANY($4::date[])
         UNION ALL
         SELECT * FROM "leads"."result_days" WHERE "scope" = $1 AND "dim" = $2 AND "day" = ANY($5::date[])
       ) AS "cells"
       GROUP BY 1, 2 HAVING ${ANY_COUNT}`,
      [clientId ?? 0, by, months, weeks, days],
    );
  }
}
