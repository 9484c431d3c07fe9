import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PageViewTotals1765700000000 } from './1765700000000-PageViewTotals';

/**
 * Results whose reads grow with their answer, not with clinics × days
 * (docs/results-and-experiments.md#how-results-are-counted). Three tables of
 * counts, a UTC day, an ISO week (from Monday) and a calendar month, each holding:
 * - `scope`: a clinic's id, or 0 for the whole agency (every clinic added up);
 * - `dim` and `key`: what a row counts: `all` (key ''), or one breakdown's key:
 *   `service` (the service id, `key_client` its clinic; '0', pages of no one
 *   service, is one row whatever the clinic), `variant` (A, B, C or -),
 *   `source` (the traffic source) or `campaign` (the Google Ads campaign id, or '');
 * - visits (thank-you page views left out, as results count them) and the leads'
 *   stages, attendance and Google Ads share.
 * Statement triggers keep them from the page view cells and the leads in the
 * same statement as those change, so they never disagree: each statement's
 * rows are added up first (a fold or a bulk insert is one upsert a cell), and
 * cells are written in key order so concurrent statements take their locks
 * in the same order. A lead's attendance (any appointment showed, or marked
 * no-show) is kept on the lead by the appointments' trigger, so an
 * attendance change reaches the counts as a change of the lead.
 * Replaces `page_view_days` and `page_view_months` (migration PageViewTotals).
 */
/** The three grains: a table each, its period column and how a day's period is found (ISO weeks start on Monday). */
const GRAINS = [
  { table: 'result_days', period: 'day', of: 'c."day"' },
  { table: 'result_weeks', period: 'week', of: `date_trunc('week', c."day")::date` },
  { table: 'result_months', period: 'month', of: `date_trunc('month', c."day")::date` },
] as const;
type Grain = (typeof GRAINS)[number];

const MEASURES = ['views', 'visitors', 'leads', 'contacted', 'booked', 'won', 'showed', 'no_show', 'paid_leads', 'paid_booked'] as const;

/** The cells a statement's changed rows (`changed`: sign, day, client_id, service, variant, source, campaign and the measures) add to both tables. */
function addCells({ table, period, of: periodOf }: Grain): string {
  const sums = MEASURES.map((m) => `sum(c."sign" * c."${m}")`).join(', ');
  return `
    INSERT INTO "leads"."${table}" ("${period}", "scope", "dim", "key", "key_client", ${MEASURES.map((m) => `"${m}"`).join(', ')})
    SELECT ${periodOf}, s."scope", k."dim", k."key", k."key_client", ${sums}
    FROM "changed" c
    CROSS JOIN LATERAL (VALUES (c."client_id"), (0)) AS s ("scope")
    CROSS JOIN LATERAL (VALUES ('all', '', 0), ('service', c."service", CASE WHEN c."service" = '0' THEN 0 ELSE c."client_id" END), ('variant', c."variant", 0), ('source', c."source", 0), ('campaign', c."campaign", 0))
      AS k ("dim", "key", "key_client")
    GROUP BY 1, 2, 3, 4, 5
    HAVING ${MEASURES.map((m) => `sum(c."sign" * c."${m}") <> 0`).join(' OR ')}
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("scope", "dim", "${period}", "key", "key_client") DO UPDATE SET
      ${MEASURES.map((m) => `"${m}" = "${table}"."${m}" + EXCLUDED."${m}"`).join(', ')}`;
}

/** A trigger function that adds `rows` (SQL over the transition tables giving the `changed` columns) to both tables. */
function cellsFunction(name: string, rows: string): string {
  return `
    CREATE FUNCTION "leads"."${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${GRAINS.map((grain) => `WITH "changed" AS (${rows}) ${addCells(grain)};`).join('\n      ')}
      RETURN NULL;
    END $$`;
}

/** A page view cell as counts: its visits unless it is a thank-you page, no leads. */
const VIEW_ROWS = (relation: string, sign: number) => `
  SELECT ${sign} AS "sign", "day", "client_id", "service_id"::text AS "service", "variant", "source", "campaign_id" AS "campaign",
         "views", "visitors", 0 AS "leads", 0 AS "contacted", 0 AS "booked", 0 AS "won", 0 AS "showed", 0 AS "no_show", 0 AS "paid_leads", 0 AS "paid_booked"
  FROM ${relation} WHERE "page_kind" <> 'thanks'`;

/** A lead as counts: one lead on its UTC day, with its stage, attendance and whether it came from Google Ads. */
const LEAD_ROWS = (relation: string, sign: number) => `
  SELECT ${sign} AS "sign", ("created_at" AT TIME ZONE 'UTC')::date AS "day", "client_id", coalesce("service_id", 0)::text AS "service",
         CASE lower(coalesce("style_variant", '')) WHEN 'a' THEN 'A' WHEN 'b' THEN 'B' WHEN 'c' THEN 'C' ELSE '-' END AS "variant",
         "traffic_source" AS "source", coalesce("campaign_id", '') AS "campaign",
         0 AS "views", 0 AS "visitors", 1 AS "leads",
         ("status" IN ('contacted', 'booked', 'won'))::int AS "contacted",
         ("status" IN ('booked', 'won'))::int AS "booked",
         ("status" = 'won')::int AS "won",
         "attended"::int AS "showed",
         ("missed" AND NOT "attended")::int AS "no_show",
         ("traffic_source" = 'paid_google')::int AS "paid_leads",
         ("traffic_source" = 'paid_google' AND "status" IN ('booked', 'won'))::int AS "paid_booked"
  FROM ${relation}`;

export class ResultCells1766900000000 implements MigrationInterface {
  name = 'ResultCells1766900000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const { table, period } of GRAINS) {
      await runner.query(`
        CREATE TABLE "leads"."${table}" (
          "scope" integer NOT NULL,
          "dim" text NOT NULL CHECK ("dim" IN ('all', 'service', 'variant', 'source', 'campaign')),
          "${period}" date NOT NULL,
          "key" text NOT NULL,
          "key_client" integer NOT NULL,
          ${MEASURES.map((m) => `"${m}" bigint NOT NULL DEFAULT 0`).join(',\n          ')},
          PRIMARY KEY ("scope", "dim", "${period}", "key", "key_client")
        )`);
    }
    await runner.query(`ALTER TABLE "leads"."leads" ADD COLUMN "attended" boolean NOT NULL DEFAULT false, ADD COLUMN "missed" boolean NOT NULL DEFAULT false`);
    await runner.query(`
      UPDATE "leads"."leads" l SET "attended" = a."attended", "missed" = a."missed"
      FROM (SELECT "lead_id", bool_or("status" = 'showed') AS "attended", bool_or("status" = 'no_show') AS "missed"
            FROM "leads"."appointments" WHERE "lead_id" IS NOT NULL AND "status" IN ('showed', 'no_show') GROUP BY "lead_id") a
      WHERE l."id" = a."lead_id"`);

    // The counts of what is stored now, then the triggers that keep them.
    for (const grain of GRAINS) {
      await runner.query(`WITH "changed" AS (${VIEW_ROWS('"leads"."page_view_rollups"', 1)}) ${addCells(grain)}`);
      await runner.query(`WITH "changed" AS (${LEAD_ROWS('"leads"."leads"', 1)}) ${addCells(grain)}`);
    }

    await runner.query(cellsFunction('result_cells_of_views_added', VIEW_ROWS('"added"', 1)));
    await runner.query(cellsFunction('result_cells_of_views_changed', `${VIEW_ROWS('"added"', 1)} UNION ALL ${VIEW_ROWS('"removed"', -1)}`));
    await runner.query(cellsFunction('result_cells_of_views_removed', VIEW_ROWS('"removed"', -1)));
    await runner.query(cellsFunction('result_cells_of_leads_added', LEAD_ROWS('"added"', 1)));
    await runner.query(cellsFunction('result_cells_of_leads_changed', `${LEAD_ROWS('"added"', 1)} UNION ALL ${LEAD_ROWS('"removed"', -1)}`));
    await runner.query(cellsFunction('result_cells_of_leads_removed', LEAD_ROWS('"removed"', -1)));
    for (const [table, subject] of [
      ['page_view_rollups', 'views'],
      ['leads', 'leads'],
    ] as const) {
      await runner.query(`CREATE TRIGGER "result_cells_added" AFTER INSERT ON "leads"."${table}" REFERENCING NEW TABLE AS "added"
        FOR EACH STATEMENT EXECUTE FUNCTION "leads"."result_cells_of_${subject}_added"()`);
      await runner.query(`CREATE TRIGGER "result_cells_changed" AFTER UPDATE ON "leads"."${table}" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added"
        FOR EACH STATEMENT EXECUTE FUNCTION "leads"."result_cells_of_${subject}_changed"()`);
      await runner.query(`CREATE TRIGGER "result_cells_removed" AFTER DELETE ON "leads"."${table}" REFERENCING OLD TABLE AS "removed"
        FOR EACH STATEMENT EXECUTE FUNCTION "leads"."result_cells_of_${subject}_removed"()`);
    }

    // An appointment's change sets its lead's attendance (only where it differs, so the lead's trigger has work only then).
    const attendance = (name: string, leadIds: string) => `
      CREATE FUNCTION "leads"."lead_attendance_of_${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "leads"."leads" l SET "attended" = coalesce(a."attended", false), "missed" = coalesce(a."missed", false)
        FROM (SELECT DISTINCT "lead_id" FROM (${leadIds}) AS "ids" WHERE "lead_id" IS NOT NULL) AS x
        LEFT JOIN LATERAL (
          SELECT bool_or("status" = 'showed') AS "attended", bool_or("status" = 'no_show') AS "missed"
          FROM "leads"."appointments" WHERE "lead_id" = x."lead_id"
        ) AS a ON true
        WHERE l."id" = x."lead_id" AND (l."attended", l."missed") IS DISTINCT FROM (coalesce(a."attended", false), coalesce(a."missed", false));
        RETURN NULL;
      END $$`;
    await runner.query(attendance('added', `SELECT "lead_id" FROM "added"`));
    await runner.query(attendance('changed', `SELECT "lead_id" FROM "added" UNION ALL SELECT "lead_id" FROM "removed"`));
    await runner.query(attendance('removed', `SELECT "lead_id" FROM "removed"`));
    await runner.query(`CREATE TRIGGER "lead_attendance_added" AFTER INSERT ON "leads"."appointments" REFERENCING NEW TABLE AS "added"
      FOR EACH STATEMENT EXECUTE FUNCTION "leads"."lead_attendance_of_added"()`);
    await runner.query(`CREATE TRIGGER "lead_attendance_changed" AFTER UPDATE ON "leads"."appointments" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added"
      FOR EACH STATEMENT EXECUTE FUNCTION "leads"."lead_attendance_of_changed"()`);
    await runner.query(`CREATE TRIGGER "lead_attendance_removed" AFTER DELETE ON "leads"."appointments" REFERENCING OLD TABLE AS "removed"
      FOR EACH STATEMENT EXECUTE FUNCTION "leads"."lead_attendance_of_removed"()`);

    await runner.query(`DROP TRIGGER "page_view_totals" ON "leads"."page_view_rollups"`);
    await runner.query(`DROP FUNCTION "leads"."page_view_totals"()`);
    await runner.query(`DROP TABLE "leads"."page_view_months"`);
    await runner.query(`DROP TABLE "leads"."page_view_days"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['appointments', 'page_view_rollups', 'leads']) {
      const prefix = table === 'appointments' ? 'lead_attendance' : 'result_cells';
      for (const change of ['added', 'changed', 'removed']) await runner.query(`DROP TRIGGER "${prefix}_${change}" ON "leads"."${table}"`);
    }
    for (const subject of ['views', 'leads']) {
      for (const change of ['added', 'changed', 'removed']) await runner.query(`DROP FUNCTION "leads"."result_cells_of_${subject}_${change}"()`);
    }
    for (const change of ['added', 'changed', 'removed']) await runner.query(`DROP FUNCTION "leads"."lead_attendance_of_${change}"()`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP COLUMN "attended", DROP COLUMN "missed"`);
    for (const { table } of GRAINS) await runner.query(`DROP TABLE "leads"."${table}"`);
    await new PageViewTotals1765700000000().up(runner);
  }
}
