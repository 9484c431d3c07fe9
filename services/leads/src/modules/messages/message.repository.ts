import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_MESSAGING_SETTINGS, MessagingSettingsSchema, type MessageChannel, type MessageKind, type MessageStatus, type MessagingSettings } from '@hap/contracts';

/** One row of leads.messages (pg: bigint as text). */
export interface MessageRow {
  id: string;
  client_id: number | null;
  lead_id: string | null;
  phone: string | null;
  channel: MessageChannel;
  direction: 'out' | 'in';
  kind: MessageKind;
  body: string;
  status: MessageStatus;
  provider_id: string | null;
  delivery_id: string | null;
  sent_by_user_id: number | null;
  sent_by_name: string | null;
  error: string | null;
  created_at: Date;
}

const COLUMNS = `"id", "client_id", "lead_id", "phone", "channel", "direction", "kind", "body", "status", "provider_id", "delivery_id", "sent_by_user_id", "sent_by_name", "error", "created_at"`;

export interface NewOutbound {
  clientId: number;
  leadId: string;
  phone: string | null;
  channel: MessageChannel;
  kind: MessageKind;
  body: string;
  /** The automatic message's delivery: one message per delivery, however often its job runs. */
  deliveryId?: string;
  sentBy?: { userId: number; name: string };
}

/** A number that is no lead's, as the agency's list shows it. */
export interface UnmatchedConversationRow {
  phone: string;
  count: number;
  last_at: Date;
  opted_out: boolean;
}
export interface UnmatchedTextRow {
  id: string;
  phone: string;
  body: string;
  created_at: Date;
}

/**
 * SQL: whether the number `phone` (an SQL expression) stands opted out: its latest STOP or START in the
 * consent ledger is a STOP (docs/consent.md#sms-consent).
 */
const optedOutOf = (phone: string) =>
  `COALESCE((SELECT e."event" = 'stop' FROM "leads"."sms_consent_events" AS e
              WHERE e."phone" = ${phone} AND e."event" IN ('stop', 'start') ORDER BY e."id" DESC LIMIT 1), false)`;

/** The SMS consent ledger's events (docs/consent.md#sms-consent). */
export type SmsConsentEvent = 'stop' | 'start' | 'help';

/**
 * Queries on leads.messages (every message out and in) and leads.sms_consent_events
 * (the ledger of STOP, START and HELP), docs/speed-to-lead.md.
 */
export class MessageRepository {
  constructor(private readonly dataSource: DataSource) {}

  private db(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /** The message of an automatic delivery, if an earlier attempt made one. */
  async ofDelivery(deliveryId: string): Promise<MessageRow | null> {
    const rows = (await this.db().query(`SELECT ${COLUMNS} FROM "leads"."messages" WHERE "delivery_id" = $1`, [deliveryId])) as MessageRow[];
    return rows[0] ?? null;
  }

  /** Records a message about to go ('sending'); for a delivery that has one already, answers that one. */
  async startOutbound(input: NewOutbound, manager?: EntityManager): Promise<MessageRow> {
    const [row] = (await this.db(manager).query(
      `WITH "added" AS (
         INSERT INTO "leads"."messages" ("client_id", "lead_id", "phone", "channel", "direction", "kind", "body", "status", "delivery_id", "sent_by_user_id", "sent_by_name")
         VALUES ($1, $2, $3, $4, 'out', $5, $6, 'sending', $7, $8, $9)
         ON CONFLICT ("delivery_id") DO NOTHING RETURNING ${COLUMNS})
       SELECT ${COLUMNS} FROM "added" UNION ALL SELECT ${COLUMNS} FROM "leads"."messages" WHERE $7::bigint IS NOT NULL AND "delivery_id" = $7 LIMIT 1`,
      [input.clientId, input.leadId, input.phone, input.channel, input.kind, input.body, input.deliveryId ?? null, input.sentBy?.userId ?? null, input.sentBy?.name ?? null],
    )) as MessageRow[];
    return row;
  }

  /** The provider took it: its id and first status. */
  async markSent(id: string, providerId: string | null, status: MessageStatus): Promise<void> {
    await this.db().query(`UPDATE "leads"."messages" SET "provider_id" = COALESCE($2, "provider_id"), "status" = $3, "error" = NULL, "updated_at" = now() WHERE "id" = $1`, [
      id,
      providerId,
      status,
    ]);
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db().query(`UPDATE "leads"."messages" SET "status" = 'failed', "error" = $2, "updated_at" = now() WHERE "id" = $1`, [id, error.slice(0, 500)]);
  }

  /**
   * A delivery receipt: the message's new status, unless it has moved past it already (receipts can arrive
   * out of order: 'sent' after 'delivered' changes nothing). Returns whether a message of ours had that id.
   */
  async receipt(providerId: string, status: MessageStatus, error: string | null): Promise<boolean> {
    const rows = (await this.db().query(
      `UPDATE "leads"."messages" SET "status" = $2, "error" = $3, "updated_at" = now()
        WHERE "provider_id" = $1 AND NOT ("status" IN ('delivered', 'undelivered', 'failed') AND $2 IN ('sending', 'queued', 'sent'))
        RETURNING "id"`,
      [providerId, status, error],
    )) as unknown[];
    if (rows.length) return true;
    const known = (await this.db().query(`SELECT 1 FROM "leads"."messages" WHERE "provider_id" = $1`, [providerId])) as unknown[];
    return known.length > 0;
  }

  /**
   * The lead a message from this number answers: the newest lead that was texted from us at that number
   * (else the newest lead with that number), with its clinic. Null: the number is no lead's.
   */
  async leadOfPhone(phone: string): Promise<{ lead_id: string | null; client_id: number | null } | null> {
    const texted = (await this.db().query(
      `SELECT "lead_id", "client_id" FROM "leads"."messages" WHERE "phone" = $1 AND "direction" = 'out' AND "lead_id" IS NOT NULL ORDER BY "created_at" DESC LIMIT 1`,
      [phone],
    )) as Array<{ lead_id: string; client_id: number }>;
    if (texted.length) return texted[0];
    const conversation = (await this.db().query(
      `SELECT "lead_id", "client_id" FROM "leads"."messages" WHERE "phone" = $1 ORDER BY "created_at" DESC LIMIT 1`,
      [phone],
    )) as Array<{ lead_id: string | null; client_id: number | null }>;
    return conversation[0] ?? null;
  }

  /** Records an inbound message once (the provider's id is unique: a retried webhook adds nothing); null when it was there already. */
  async addInbound(input: { providerId: string; phone: string; body: string; leadId: string | null; clientId: number | null }, manager?: EntityManager): Promise<MessageRow | null> {
    const rows = (await this.db(manager).query(
      `INSERT INTO "leads"."messages" ("client_id", "lead_id", "phone", "channel", "direction", "kind", "body", "status", "provider_id")
       VALUES ($1, $2, $3, 'sms', 'in', 'inbound', $4, 'received', $5)
       ON CONFLICT ("provider_id") DO NOTHING RETURNING ${COLUMNS}`,
      [input.clientId, input.leadId, input.phone, input.body, input.providerId],
    )) as MessageRow[];
    return rows[0] ?? null;
  }

  /** The lead's messages, oldest first. */
  async ofLead(leadId: number): Promise<MessageRow[]> {
    return (await this.db().query(`SELECT ${COLUMNS} FROM "leads"."messages" WHERE "lead_id" = $1 ORDER BY "created_at", "id"`, [leadId])) as MessageRow[];
  }

  /** Whether the patient of this lead has written to us. */
  async hasInbound(leadId: string): Promise<boolean> {
    const rows = (await this.db().query(`SELECT 1 FROM "leads"."messages" WHERE "lead_id" = $1 AND "direction" = 'in' LIMIT 1`, [leadId])) as unknown[];
    return rows.length > 0;
  }

  /** An automatic e-mail to the patient, sent: kept for the timeline (once per delivery). */
  async recordEmail(input: { clientId: number; leadId: string; deliveryId: string; body: string }): Promise<void> {
    await this.db().query(
      `INSERT INTO "leads"."messages" ("client_id", "lead_id", "channel", "direction", "kind", "body", "status", "delivery_id")
       VALUES ($1, $2, 'email', 'out', 'first_reply', $3, 'sent', $4) ON CONFLICT ("delivery_id") DO NOTHING`,
      [input.clientId, input.leadId, input.body, input.deliveryId],
    );
  }

  /** The clinic's messaging settings (messagingSettingsOf). */
  settingsOf(clientId: number): Promise<MessagingSettings> {
    return messagingSettingsOf(this.dataSource, clientId);
  }

  /** Adds an event to the consent ledger (once per provider message id). */
  async recordConsent(input: { phone: string; event: SmsConsentEvent; clientId: number | null; providerId: string | null; body: string | null }, manager?: EntityManager): Promise<void> {
    await this.db(manager).query(
      `INSERT INTO "leads"."sms_consent_events" ("phone", "event", "client_id", "provider_id", "body") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("provider_id") DO NOTHING`,
      [input.phone, input.event, input.clientId, input.providerId, input.body],
    );
  }

  /** Whether the number's latest STOP or START in the ledger is a STOP: no text goes to it. */
  async optedOut(phone: string): Promise<boolean> {
    const [row] = (await this.db().query(`SELECT ${optedOutOf('$1::text')} AS "opted_out"`, [phone])) as Array<{ opted_out: boolean }>;
    return row.opted_out;
  }

  /**
   * One page of the conversations of numbers that are no lead's (inbound texts kept with no lead), the
   * newest first: each number with its count, last time, whether it stands opted out, and its newest texts.
   */
  async unmatchedConversations(limit: number, offset: number, textsEach: number): Promise<{ total: number; rows: UnmatchedConversationRow[]; texts: UnmatchedTextRow[] }> {
    const rows = (await this.db().query(
      `SELECT "phone", count(*)::int AS "count", max("created_at") AS "last_at", count(*) OVER ()::int AS "total",
              ${optedOutOf('m."phone"')} AS "opted_out"
         FROM "leads"."messages" AS m
        WHERE "lead_id" IS NULL AND "direction" = 'in'
        GROUP BY "phone"
        ORDER BY "last_at" DESC, "phone"
        LIMIT $1 OFFSET $2`,
      [limit, offset],
    )) as Array<UnmatchedConversationRow & { total: number }>;
    if (!rows.length) {
      // Past the last page, the total still counts.
      const [counted] = (await this.db().query(`SELECT count(DISTINCT "phone")::int AS "total" FROM "leads"."messages" WHERE "lead_id" IS NULL AND "direction" = 'in'`)) as Array<{ total: number }>;
      return { total: counted.total, rows: [], texts: [] };
    }
    const texts = (await this.db().query(
      `SELECT "id", "phone", "body", "created_at" FROM (
         SELECT "id", "phone", "body", "created_at", row_number() OVER (PARTITION BY "phone" ORDER BY "created_at" DESC, "id" DESC) AS "n"
           FROM "leads"."messages" WHERE "lead_id" IS NULL AND "direction" = 'in' AND "phone" = ANY($1)) AS t
        WHERE "n" <= $2 ORDER BY "created_at", "id"`,
      [rows.map((r) => r.phone), textsEach],
    )) as UnmatchedTextRow[];
    return { total: rows[0].total, rows, texts };
  }

  /** The leads with this number (to stop their follow-ups when it opts out or writes). */
  async leadsOfPhone(phone: string): Promise<string[]> {
    const rows = (await this.db().query(`SELECT DISTINCT "lead_id" FROM "leads"."messages" WHERE "phone" = $1 AND "lead_id" IS NOT NULL`, [phone])) as Array<{ lead_id: string }>;
    return rows.map((r) => r.lead_id);
  }
}

/** A clinic's messaging settings: its own, else the agency's defaults (client 0), else the product's. */
export async function messagingSettingsOf(db: DataSource | EntityManager, clientId: number): Promise<MessagingSettings> {
  const rows = (await db.query(
    `SELECT "settings" FROM "leads"."messaging_settings" WHERE "client_id" IN ($1, 0) ORDER BY "client_id" DESC LIMIT 1`,
    [clientId],
  )) as Array<{ settings: unknown }>;
  const parsed = rows.length ? MessagingSettingsSchema.safeParse(rows[0].settings) : null;
  return parsed?.success ? parsed.data : DEFAULT_MESSAGING_SETTINGS;
}

/** A lead's appointments and follow-up steps, for its timeline. */
export async function timelineExtrasOf(db: DataSource, leadId: number) {
  const [appointments, followUps] = await Promise.all([
    db.query(`SELECT "start_at", "status", "created_at", "service_id" FROM "leads"."appointments" WHERE "lead_id" = $1 ORDER BY "created_at"`, [leadId]) as Promise<
      Array<{ start_at: Date; status: string; created_at: Date; service_id: number }>
    >,
    db.query(
      `SELECT "recipient", "status", "last_error", "due_at", "updated_at" FROM "leads"."lead_deliveries" WHERE "lead_id" = $1 AND "channel" = 'patient_follow_up' ORDER BY "recipient"`,
      [leadId],
    ) as Promise<Array<{ recipient: string; status: string; last_error: string | null; due_at: Date | null; updated_at: Date }>>,
  ]);
  return { appointments, followUps };
}

/** The stored settings of a clinic (or, for 0, the agency's defaults), with when they were set; null while there are none. */
export async function storedMessagingOf(db: DataSource | EntityManager, clientId: number): Promise<{ settings: MessagingSettings; updatedAt: Date } | null> {
  const rows = (await db.query(`SELECT "settings", "updated_at" FROM "leads"."messaging_settings" WHERE "client_id" = $1`, [clientId])) as Array<{ settings: unknown; updated_at: Date }>;
  if (!rows.length) return null;
  const parsed = MessagingSettingsSchema.safeParse(rows[0].settings);
  return parsed.success ? { settings: parsed.data, updatedAt: rows[0].updated_at } : null;
}

export async function saveMessaging(db: DataSource | EntityManager, clientId: number, settings: MessagingSettings): Promise<Date> {
  const [row] = (await db.query(
    `INSERT INTO "leads"."messaging_settings" ("client_id", "settings", "updated_at") VALUES ($1, $2::jsonb, now())
     ON CONFLICT ("client_id") DO UPDATE SET "settings" = EXCLUDED."settings", "updated_at" = EXCLUDED."updated_at" RETURNING "updated_at"`,
    [clientId, JSON.stringify(MessagingSettingsSchema.parse(settings))],
  )) as Array<{ updated_at: Date }>;
  return row.updated_at;
}

export async function deleteMessaging(db: DataSource | EntityManager, clientId: number): Promise<boolean> {
  const rows = (await db.query(`DELETE FROM "leads"."messaging_settings" WHERE "client_id" = $1 RETURNING 1`, [clientId])) as unknown[];
  return rows.length > 0;
}

/** A lead still new that may be due a reminder (nudges.ts): its clinic's settings and booking hours as stored, and the reminders it has had. */
export interface NudgeCandidate {
  id: string;
  client_id: number;
  created_at: Date;
  settings: unknown;
  availability: unknown;
  had: string[];
}

/** Leads still new, created in the last `lookBackHours` but more than 5 minutes ago, not yet told to the agency; oldest first; of `clientIds` only when given. */
export async function nudgeCandidates(db: DataSource, now: Date, lookBackHours: number, batch: number, clientIds: readonly number[] | null = null): Promise<NudgeCandidate[]> {
  return (await db.query(
    `SELECT l."id", l."client_id", l."created_at",
            COALESCE(own."settings", agency."settings") AS "settings", b."settings" AS "availability",
            ARRAY(SELECT d."channel" FROM "leads"."lead_deliveries" d WHERE d."lead_id" = l."id" AND d."channel" IN ('nudge_users', 'nudge_agency')) AS "had"
       FROM "leads"."leads" l
       LEFT JOIN "leads"."messaging_settings" own ON own."client_id" = l."client_id"
       LEFT JOIN "leads"."messaging_settings" agency ON agency."client_id" = 0
       LEFT JOIN "leads"."booking_availability" b ON b."client_id" = l."client_id"
      WHERE l."status" = 'new' AND l."created_at" > $1::timestamptz - make_interval(hours => $2) AND l."created_at" < $1::timestamptz - interval '5 minutes'
        -- A call logged is a first contact (docs/leads.md#calls): nobody is reminded of a lead the front desk has called.
        AND NOT EXISTS (SELECT 1 FROM "leads"."lead_calls" c WHERE c."lead_id" = l."id")
        AND NOT EXISTS (SELECT 1 FROM "leads"."lead_deliveries" d WHERE d."lead_id" = l."id" AND d."channel" = 'nudge_agency')
        AND ($4::int[] IS NULL OR l."client_id" = ANY($4::int[]))
      ORDER BY l."created_at" LIMIT $3`,
    [now, lookBackHours, batch, clientIds],
  )) as NudgeCandidate[];
}

/** Adds the reminders due (one per lead and channel, however often asked); how many were new. */
export async function addNudges(db: DataSource, rows: ReadonlyArray<{ leadId: string; channel: string }>): Promise<number> {
  if (!rows.length) return 0;
  const added = (await db.query(
    `INSERT INTO "leads"."lead_deliveries" ("lead_id", "channel") SELECT r."lead_id", r."channel" FROM unnest($1::bigint[], $2::text[]) AS r("lead_id", "channel")
     ON CONFLICT ("lead_id", "channel", "recipient") DO NOTHING RETURNING "id"`,
    [rows.map((r) => r.leadId), rows.map((r) => r.channel)],
  )) as unknown[];
  return added.length;
}
