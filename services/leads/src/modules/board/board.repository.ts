import type { DataSource } from 'typeorm';
import type { LeadStatus } from '@hap/contracts';
import type { SqlFilter } from '../admin/lead-admin.rules';
import { SOURCE_SQL } from './board.rules';

export interface BoardCountRow {
  status: LeadStatus;
  count: number;
}

export interface BoardCardRow {
  id: string;
  reference: string;
  client_id: number;
  service_id: number;
  name: string;
  status: LeadStatus;
  source: string;
  created_at: Date;
  next_appointment_at: Date | null;
}

/** The pipeline board's queries (docs/leads.md#pipeline-board); every value is a parameter. */
export class BoardRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many leads the filter selects, per status (statuses without leads are absent). */
  counts(filter: SqlFilter): Promise<BoardCountRow[]> {
    return this.dataSource.query(
      `SELECT l."status", count(*)::int AS "count" FROM "leads"."leads" l WHERE ${filter.where} GROUP BY l."status"`,
      filter.params,
    ) as Promise<BoardCountRow[]>;
  }

  /** The newest `perStatus` leads of each status (id breaks ties), each with its next live appointment ahead. */
  cards(filter: SqlFilter, perStatus: number): Promise<BoardCardRow[]> {
    const n = filter.params.length;
    return this.dataSource.query(
      `SELECT c."id", c."reference", c."client_id", c."service_id", c."name", c."status", c."source", c."created_at",
              (SELECT min(a."start_at") FROM "leads"."appointments" a
                WHERE a."lead_id" = c."id" AND a."client_id" = c."client_id" AND a."status" <> 'cancelled' AND a."start_at" > now()) AS "next_appointment_at"
         FROM (SELECT l."id", l."reference", l."client_id", l."service_id", l."name", l."status", l."created_at", ${SOURCE_SQL} AS "source",
                      row_number() OVER (PARTITION BY l."status" ORDER BY l."created_at" DESC, l."id" DESC) AS "rank"
                 FROM "leads"."leads" l WHERE ${filter.where}) c
        WHERE c."rank" <= $${n + 1}
        ORDER BY c."created_at" DESC, c."id" DESC`,
      [...filter.params, perStatus],
    ) as Promise<BoardCardRow[]>;
  }
}
