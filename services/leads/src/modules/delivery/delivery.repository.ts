import type { DataSource, EntityManager } from 'typeorm';
import type { DeliveryChannel } from '@hap/contracts';
import type { ConsentColumns } from '../leads/lead-consent';
import type { AttributionColumns } from '../leads/lead.rules';

/** One outbox row with the lead it delivers, as a `leads.deliver` job reads it (pg: bigint as text, timestamptz as Date). */
export interface DeliveryWithLead extends AttributionColumns, ConsentColumns {
  id: string;
  channel: DeliveryChannel;
  /** user_email: the clinic user's e-mail and id; '' and null for the other channels. */
  recipient: string;
  recipient_user_id: number | null;
  lead_id: string;
  /** When the delivery was made: for google_ads, when the lead reached its clinic's conversion status. */
  queued_for: Date;
  status: string;
  client_id: number;
  service_id: number;
  reference: string;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  /** The lead's status now (a follow-up stops once the clinic moves it). */
  lead_status: string;
  created_at: Date;
}

/** A pending outbox row as the relay hands it over. */
export interface PendingDelivery {
  id: string;
  channel: string;
  client_id: number;
}

/** How a delivery ended, for good: sent, or a channel the clinic or this worker has not set up (with the reason). */
export type SettledStatus = 'delivered' | 'not_configured' | 'stopped';

/**
 * Queries on leads.lead_deliveries (the outbox) for the relay and the
 * `leads.deliver` job; pass a manager to run inside a transaction. The admin
 * inbox reads and requeues deliveries through lead-admin.repository.ts.
 */
export class DeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  private db(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async withLead(id: number, manager?: EntityManager): Promise<DeliveryWithLead | null> {
    const [row] = (await this.db(manager).query(
      `SELECT d."id", d."channel", d."recipient", d."recipient_user_id", d."status", d."lead_id", d."created_at" AS "queued_for", l."client_id", l."service_id", l."reference", l."name", l."email", l."phone", l."message",
              l."created_at", l."style_variant", l."utm_source", l."utm_medium", l."utm_campaign", l."utm_term", l."utm_content", l."gclid",
              l."landing_path", l."consent_status", l."consent_text", l."consent_version", l."consent_at", l."status" AS "lead_status"
         FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id" WHERE d."id" = $1`,
      [id],
    )) as DeliveryWithLead[];
    return row ?? null;
  }

  /** An attempt that ended the delivery; `note` is kept as its last error (a reason, or a remark on a delivered one). */
  async settle(id: string, status: SettledStatus, note: string | null, manager?: EntityManager): Promise<void> {
    await this.db(manager).query(
      `UPDATE "leads"."lead_deliveries" SET "status" = $2, "last_error" = $3, "attempts" = "attempts" + 1,
         "delivered_at" = CASE WHEN $2 = 'delivered' THEN now() ELSE NULL END, "updated_at" = now() WHERE "id" = $1`,
      [id, status, note],
    );
  }

  /** Why a delivery waits (the provider asked for it later), without counting an attempt. */
  async note(id: string, note: string | null, manager?: EntityManager): Promise<void> {
    await this.db(manager).query(`UPDATE "leads"."lead_deliveries" SET "last_error" = $2, "updated_at" = now() WHERE "id" = $1`, [id, note]);
  }

  /** A failed attempt: `final` fails the row for an admin to see and retry; otherwise it stays queued for the job's next try. */
  async recordFailure(id: string, error: string, final: boolean, manager?: EntityManager): Promise<void> {
    await this.db(manager).query(
      `UPDATE "leads"."lead_deliveries" SET "attempts" = "attempts" + 1, "last_error" = $2, "status" = $3, "updated_at" = now() WHERE "id" = $1`,
      [id, error, final ? 'failed' : 'queued'],
    );
  }

  /**
   * The lead's follow-up texts (docs/speed-to-lead.md#follow-ups), pending until each is due: one row per step
   * (recipient 'step N'), so a retried first text adds only the missing ones. Returns how many were added.
   */
  async addFollowUps(leadId: string, steps: ReadonlyArray<{ step: number; dueAt: Date }>, manager?: EntityManager): Promise<number> {
    if (!steps.length) return 0;
    const added = (await this.db(manager).query(
      `INSERT INTO "leads"."lead_deliveries" ("lead_id", "channel", "recipient", "due_at")
       SELECT $1::bigint, 'patient_follow_up', 'step ' || s."step", s."due_at" FROM unnest($2::int[], $3::timestamptz[]) AS s("step", "due_at")
       ON CONFLICT ("lead_id", "channel", "recipient") DO NOTHING RETURNING "id"`,
      [leadId, steps.map((s) => s.step), steps.map((s) => s.dueAt)],
    )) as unknown[];
    return added.length;
  }

  /** Stops the lead's follow-ups not sent yet, with the reason; a job already queued finds its row stopped and sends nothing. */
  async stopFollowUps(leadIds: readonly (string | number)[], reason: string, manager?: EntityManager): Promise<number> {
    const stopped = (await this.db(manager).query(
      `UPDATE "leads"."lead_deliveries" SET "status" = 'stopped', "last_error" = $2, "updated_at" = now()
        WHERE "lead_id" = ANY($1::bigint[]) AND "channel" = 'patient_follow_up' AND "status" IN ('pending', 'queued', 'failed') RETURNING "id"`,
      [leadIds.map(String), reason],
    )) as unknown[];
    return stopped.length;
  }

  /**
   * A pending delivery per alert of a clinic user (user_email to their address, user_push to `push:<userId>`);
   * one a retried fan-out made already is skipped (the outbox key). Returns how many were added.
   */
  async addUserAlerts(leadId: string, alerts: ReadonlyArray<{ channel: 'user_email' | 'user_push' | 'user_sms'; recipient: string; userId: number }>, manager?: EntityManager): Promise<number> {
    if (!alerts.length) return 0;
    const added = (await this.db(manager).query(
      `INSERT INTO "leads"."lead_deliveries" ("lead_id", "channel", "recipient", "recipient_user_id")
       SELECT $1::bigint, r."channel", r."recipient", r."user_id" FROM unnest($2::text[], $3::text[], $4::int[]) AS r("channel", "recipient", "user_id")
       ON CONFLICT ("lead_id", "channel", "recipient") DO NOTHING RETURNING "id"`,
      [leadId, alerts.map((a) => a.channel), alerts.map((a) => a.recipient), alerts.map((a) => a.userId)],
    )) as unknown[];
    return added.length;
  }

  /** Up to `batch` pending rows, oldest first, locked for `manager`'s transaction; rows another relay holds are skipped. */
  claimPending(batch: number, manager: EntityManager): Promise<PendingDelivery[]> {
    return manager.query(
      `SELECT d."id", d."channel", l."client_id" FROM "leads"."lead_deliveries" d JOIN "leads"."leads" l ON l."id" = d."lead_id"
        WHERE d."status" = 'pending' AND (d."due_at" IS NULL OR d."due_at" <= now()) ORDER BY d."id" LIMIT $1 FOR UPDATE OF d SKIP LOCKED`,
      [batch],
    ) as Promise<PendingDelivery[]>;
  }

  async markQueued(ids: readonly string[], manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE "leads"."lead_deliveries" SET "status" = 'queued', "queued_at" = now(), "updated_at" = now() WHERE "id" = ANY($1::bigint[])`,
      [ids],
    );
  }

  /** Rows no job could deliver, each with its reason; no attempt is counted. */
  async settleNotConfigured(rows: ReadonlyArray<{ id: string; reason: string }>, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE "leads"."lead_deliveries" AS d SET "status" = 'not_configured', "last_error" = s."reason", "updated_at" = now()
         FROM unnest($1::bigint[], $2::text[]) AS s("id", "reason") WHERE d."id" = s."id"`,
      [rows.map((r) => r.id), rows.map((r) => r.reason)],
    );
  }

  /** Up to `batch` rows left `queued` longer than `olderThanMs`, locked for `manager`'s transaction. */
  async claimStaleQueued(olderThanMs: number, batch: number, manager: EntityManager): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT "id" FROM "leads"."lead_deliveries"
        WHERE "status" = 'queued' AND "updated_at" < now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY "id" LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [olderThanMs, batch],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** Restarts the wait of queued rows whose jobs were added again. */
  async touch(ids: readonly string[], manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE "leads"."lead_deliveries" SET "updated_at" = now() WHERE "id" = ANY($1::bigint[])`, [ids]);
  }
}
