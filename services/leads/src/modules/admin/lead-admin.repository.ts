import type { DataSource, EntityManager } from 'typeorm';
import type { DeliveryChannel, LeadStatus } from '@hap/contracts';
import type { ConsentColumns } from '../leads/lead-consent';
import type { AttributionColumns } from '../leads/lead.rules';
import { FAILED_DELIVERY, type SqlFilter } from './lead-admin.rules';

/** A `leads.leads` row as the admin reads it (pg: bigint as text, timestamptz as Date). */
export interface LeadRow extends AttributionColumns, ConsentColumns {
  id: string;
  reference: string;
  client_id: number;
  service_id: number;
  service_checked: boolean;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  status: LeadStatus;
  first_touch: Record<string, unknown> | null;
  last_touch: Record<string, unknown> | null;
  gbraid: string | null;
  wbraid: string | null;
  fbclid: string | null;
  referrer: string | null;
  consent_ip: string | null;
  consent_user_agent: string | null;
  created_at: Date;
  updated_at: Date;
  assignee_user_id: number | null;
  assignee_name: string | null;
  /** Deliveries of the lead that exhausted their retries. */
  failed_deliveries: number;
}

export interface DeliveryRow {
  id: string;
  lead_id: string;
  channel: DeliveryChannel;
  /** '' for every channel but user_email. */
  recipient: string;
  status: 'pending' | 'queued' | 'delivered' | 'failed' | 'not_configured';
  attempts: number;
  last_error: string | null;
  queued_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** One grouping of the counts (GROUPING bits in `g`), with how many of its leads have a failed delivery. */
export interface CountRow {
  service_id: number | null;
  style_variant: string | null;
  status: LeadStatus | null;
  count: number;
  failed: number;
  g: number;
}

export interface StatusAuditRow {
  actor_user_id: number | null;
  changes: {
    before?: { status?: LeadStatus };
    after?: { status?: LeadStatus };
    by?: string | null;
    /** Set when a clinic user made the change in the portal. */
    byClinicUser?: { userId: number; name: string | null; role: string; clientId: number };
  } | null;
  created_at: Date;
}

/** Every column the admin reads, never `request_hash` or `idempotency_key`. */
const LEAD_COLUMNS = `l."id", l."reference", l."client_id", l."service_id", l."service_checked", l."name", l."email", l."phone", l."message",
  l."status", l."style_variant", l."first_touch", l."last_touch", l."utm_source", l."utm_medium", l."utm_campaign", l."utm_term",
  l."utm_content", l."gclid", l."gbraid", l."wbraid", l."fbclid", l."landing_path", l."referrer", l."consent_status", l."consent_text", l."consent_version",
  l."consent_at", l."consent_ip", l."consent_user_agent", l."created_at", l."updated_at", l."assignee_user_id", l."assignee_name",
  (SELECT count(*)::int FROM "leads"."lead_deliveries" d WHERE d."lead_id" = l."id" AND d."status" = 'failed') AS "failed_deliveries"`;

const DELIVERY_COLUMNS = `"id", "lead_id", "channel", "recipient", "status", "attempts", "last_error", "queued_at", "delivered_at", "created_at", "updated_at"`;

/** The admin inbox's queries; every value is a parameter. */
export class LeadAdminRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page, newest first (id breaks ties), and how many rows the filter selects. */
  async page(filter: SqlFilter, limit: number, offset: number): Promise<{ rows: LeadRow[]; total: number }> {
    const n = filter.params.length;
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${LEAD_COLUMNS} FROM "leads"."leads" l WHERE ${filter.where} ORDER BY l."created_at" DESC, l."id" DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...filter.params, limit, offset],
      ) as Promise<LeadRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS "total" FROM "leads"."leads" l WHERE ${filter.where}`, filter.params) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /**
   * Every row the filter selects, `batch` at a time by keyset (newest first),
   * so an export of a large clinic never holds it all in memory.
   */
  async *batches(filter: SqlFilter, batch = 1000): AsyncGenerator<LeadRow[]> {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const n = filter.params.length;
      const keyset = after ? ` AND (l."created_at", l."id") < ($${n + 2}::timestamptz, $${n + 3}::bigint)` : '';
      const params = after ? [...filter.params, batch, after.createdAt, after.id] : [...filter.params, batch];
      const rows = (await this.dataSource.query(
        `SELECT ${LEAD_COLUMNS} FROM "leads"."leads" l WHERE ${filter.where}${keyset} ORDER BY l."created_at" DESC, l."id" DESC LIMIT $${n + 1}`,
        params,
      )) as LeadRow[];
      if (rows.length) yield rows;
      if (rows.length < batch) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  /** The lead; with `clientId`, only when it is that clinic's (another clinic's is not found, and never locked). */
  async findById(id: number, manager: EntityManager | DataSource = this.dataSource, lock = false, clientId?: number): Promise<LeadRow | null> {
    const clinic = clientId === undefined ? '' : ' AND l."client_id" = $2';
    const [row] = (await manager.query(
      `SELECT ${LEAD_COLUMNS} FROM "leads"."leads" l WHERE l."id" = $1${clinic}${lock ? ' FOR UPDATE OF l' : ''}`,
      clientId === undefined ? [id] : [id, clientId],
    )) as LeadRow[];
    return row ?? null;
  }

  /** How many leads are still new, and the newest's arrival: every clinic's, or one clinic's. */
  async newLeads(clientId?: number): Promise<{ count: number; newestAt: Date | null }> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS "count", max("created_at") AS "newestAt" FROM "leads"."leads"
        WHERE "status" = 'new'${clientId === undefined ? '' : ' AND "client_id" = $1'}`,
      clientId === undefined ? [] : [clientId],
    )) as Array<{ count: number; newestAt: Date | null }>;
    return { count: row?.count ?? 0, newestAt: row?.newestAt ?? null };
  }

  /** The leads of these ids, in id order; locked (in that order) until `manager`'s transaction ends. */
  findByIds(ids: number[], manager: EntityManager | DataSource = this.dataSource, lock = false): Promise<LeadRow[]> {
    return manager.query(
      `SELECT ${LEAD_COLUMNS} FROM "leads"."leads" l WHERE l."id" = ANY($1::bigint[]) ORDER BY l."id"${lock ? ' FOR UPDATE OF l' : ''}`,
      [ids],
    ) as Promise<LeadRow[]>;
  }

  async setStatus(id: number, status: LeadStatus, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE "leads"."leads" SET "status" = $2, "updated_at" = now() WHERE "id" = $1`, [id, status]);
  }

  /** The lead's Google Ads conversion delivery, pending for the outbox relay; false when it had one already. */
  async queueConversion(id: number, manager: EntityManager): Promise<boolean> {
    const inserted = (await manager.query(
      `INSERT INTO "leads"."lead_deliveries" ("lead_id", "channel") VALUES ($1, 'google_ads') ON CONFLICT ("lead_id", "channel", "recipient") DO NOTHING RETURNING "id"`,
      [id],
    )) as unknown[];
    return inserted.length > 0;
  }

  deliveriesOf(leadId: string): Promise<DeliveryRow[]> {
    return this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 ORDER BY "channel", "recipient"`,
      [leadId],
    ) as Promise<DeliveryRow[]>;
  }

  statusHistoryOf(leadId: string): Promise<StatusAuditRow[]> {
    return this.dataSource.query(
      `SELECT "actor_user_id", "changes", "created_at" FROM "leads"."audit_log"
        WHERE "entity" = 'lead' AND "entity_id" = $1 AND "action" = 'update' ORDER BY "id"`,
      [leadId],
    ) as Promise<StatusAuditRow[]>;
  }

  async findDelivery(id: number, manager: EntityManager | DataSource = this.dataSource, lock = false): Promise<DeliveryRow | null> {
    const [row] = (await manager.query(
      `SELECT ${DELIVERY_COLUMNS} FROM "leads"."lead_deliveries" WHERE "id" = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )) as DeliveryRow[];
    return row ?? null;
  }

  /** Back to the outbox: the relay queues it again (attempts are kept as its history). */
  async requeueDelivery(id: number, manager: EntityManager): Promise<DeliveryRow> {
    const [rows] = (await manager.query(
      `UPDATE "leads"."lead_deliveries" SET "status" = 'pending', "queued_at" = NULL, "updated_at" = now() WHERE "id" = $1 RETURNING ${DELIVERY_COLUMNS}`,
      [id],
    )) as [DeliveryRow[], number];
    return rows[0];
  }

  /** Counts of one clinic (optionally a period) by service, style variant and status, in one scan. */
  async counts(filter: SqlFilter): Promise<CountRow[]> {
    return this.dataSource.query(
      `SELECT l."service_id", l."style_variant", l."status", count(*)::int AS "count",
              (count(*) FILTER (WHERE ${FAILED_DELIVERY}))::int AS "failed",
              GROUPING(l."service_id", l."style_variant", l."status")::int AS "g"
         FROM "leads"."leads" l WHERE ${filter.where}
        GROUP BY GROUPING SETS ((l."service_id"), (l."style_variant"), (l."status"), ())`,
      filter.params,
    ) as Promise<CountRow[]>;
  }
}
