import { AvailabilitySchema, type Availability, type AppointmentStatus, type LeadStatus } from '@hap/contracts';
import type { DataSource, EntityManager } from 'typeorm';

export interface AppointmentRow {
  id: string;
  client_id: number;
  service_id: number;
  lead_id: string | null;
  seat: number;
  start_at: Date;
  end_at: Date;
  status: AppointmentStatus;
  idempotency_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface NewAppointment {
  clientId: number;
  serviceId: number;
  seat: number;
  start: Date;
  end: Date;
  status: AppointmentStatus;
  idempotencyKey: string;
  /** The lead whose booking token came with it; null without one. */
  leadId: number | null;
}

const APPOINTMENT_COLUMNS = `"id", "client_id", "service_id", "lead_id", "seat", "start_at", "end_at", "status", "idempotency_key", "version", "created_at", "updated_at"`;

/** A clinic's booking rules and appointments (docs/booking.md); the rules are checked by AvailabilitySchema on the way in and out. */
export class BookingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The clinic's stored rules and when they were set, or null while it has none. */
  async availability(clientId: number, manager?: EntityManager): Promise<{ availability: Availability; updatedAt: Date } | null> {
    const rows = (await (manager ?? this.dataSource).query(`SELECT "settings", "updated_at" FROM "leads"."booking_availability" WHERE "client_id" = $1`, [clientId])) as Array<{
      settings: unknown;
      updated_at: Date;
    }>;
    if (!rows.length) return null;
    return { availability: AvailabilitySchema.parse(rows[0].settings), updatedAt: rows[0].updated_at };
  }

  /** Stores the clinic's rules (replacing any); answers them as stored. */
  async saveAvailability(clientId: number, availability: Availability, manager?: EntityManager): Promise<{ availability: Availability; updatedAt: Date }> {
    const checked = AvailabilitySchema.parse(availability);
    const [row] = (await (manager ?? this.dataSource).query(
      `INSERT INTO "leads"."booking_availability" ("client_id", "settings", "updated_at") VALUES ($1, $2::jsonb, now())
       ON CONFLICT ("client_id") DO UPDATE SET "settings" = EXCLUDED."settings", "updated_at" = EXCLUDED."updated_at"
       RETURNING "settings", "updated_at"`,
      [clientId, JSON.stringify(checked)],
    )) as Array<{ settings: unknown; updated_at: Date }>;
    return { availability: AvailabilitySchema.parse(row.settings), updatedAt: row.updated_at };
  }

  /** The clinic's live (not cancelled) appointments that overlap [from, to). */
  async liveAppointments(clientId: number, from: Date, to: Date): Promise<AppointmentRow[]> {
    return (await this.dataSource.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM "leads"."appointments"
       WHERE "client_id" = $1 AND "status" <> 'cancelled' AND tstzrange("start_at", "end_at") && tstzrange($2, $3)
       ORDER BY "start_at", "seat"`,
      [clientId, from, to],
    )) as AppointmentRow[];
  }

  /** The lead's live (not cancelled) appointment, if any: one lead, one live appointment (docs/booking.md). */
  async liveOfLead(clientId: number, leadId: number): Promise<AppointmentRow | null> {
    const rows = (await this.dataSource.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM "leads"."appointments" WHERE "client_id" = $1 AND "lead_id" = $2 AND "status" <> 'cancelled' ORDER BY "id" LIMIT 1`,
      [clientId, leadId],
    )) as AppointmentRow[];
    return rows[0] ?? null;
  }

  /** The appointment booked under this key, if any. */
  async byIdempotencyKey(clientId: number, key: string): Promise<AppointmentRow | null> {
    const rows = (await this.dataSource.query(`SELECT ${APPOINTMENT_COLUMNS} FROM "leads"."appointments" WHERE "client_id" = $1 AND "idempotency_key" = $2`, [
      clientId,
      key,
    ])) as AppointmentRow[];
    return rows[0] ?? null;
  }

  /**
   * Inserts the appointment in one statement; null when a constraint refuses
   * it: the key already used, the seat taken at that time (the exclusion
   * constraint), or the lead's live appointment already stored (its unique index). ON CONFLICT DO NOTHING without a target covers both, and
   * waits for a concurrent insert of the same seat to commit or roll back.
   */
  async insert(appointment: NewAppointment): Promise<AppointmentRow | null> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "leads"."appointments" ("client_id", "service_id", "seat", "start_at", "end_at", "status", "idempotency_key", "lead_id")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING
       RETURNING ${APPOINTMENT_COLUMNS}`,
      [appointment.clientId, appointment.serviceId, appointment.seat, appointment.start, appointment.end, appointment.status, appointment.idempotencyKey, appointment.leadId],
    )) as AppointmentRow[];
    return rows[0] ?? null;
  }
}

/** An appointment with the lead behind it (null without one): what the calendar and the e-mails show. */
export type AppointmentChange = 'booked' | 'moved' | 'confirmed' | 'cancelled';

export interface AppointmentWithLeadRow extends AppointmentRow {
  notified_version: number;
  last_change: AppointmentChange;
  lead_name: string | null;
  lead_email: string | null;
  lead_phone: string | null;
  lead_status: LeadStatus | null;
}

const WITH_LEAD = `SELECT ${APPOINTMENT_COLUMNS.split(', ')
  .map((column) => `a.${column}`)
  .join(', ')}, a."notified_version", a."last_change", l."name" AS "lead_name", l."email" AS "lead_email", l."phone" AS "lead_phone", l."status" AS "lead_status"
  FROM "leads"."appointments" a LEFT JOIN "leads"."leads" l ON l."id" = a."lead_id"`;

/** What happens to an appointment after it is booked (docs/booking.md#changes): its reads and writes. */
export class AppointmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One appointment with its lead; with `clientId`, only that clinic's; `lock` holds the row for the transaction. */
  async byId(id: number, options: { clientId?: number; manager?: EntityManager; lock?: boolean } = {}): Promise<AppointmentWithLeadRow | null> {
    const rows = (await (options.manager ?? this.dataSource).query(
      `${WITH_LEAD} WHERE a."id" = $1 AND ($2::int IS NULL OR a."client_id" = $2)${options.lock ? ' FOR UPDATE OF a' : ''}`,
      [id, options.clientId ?? null],
    )) as AppointmentWithLeadRow[];
    return rows[0] ?? null;
  }

  /** The clinic's appointments (any status) that start in [from, to), by time. */
  async calendar(clientId: number, from: Date, to: Date): Promise<AppointmentWithLeadRow[]> {
    return (await this.dataSource.query(`${WITH_LEAD} WHERE a."client_id" = $1 AND a."start_at" >= $2 AND a."start_at" < $3 ORDER BY a."start_at", a."seat"`, [
      clientId,
      from,
      to,
    ])) as AppointmentWithLeadRow[];
  }

  /** Moves it to another time and seat, one version on; the exclusion constraint refuses a taken seat (thrown). */
  async move(id: number, change: { seat: number; start: Date; end: Date }, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE "leads"."appointments" SET "seat" = $2, "start_at" = $3, "end_at" = $4, "version" = "version" + 1, "last_change" = 'moved', "updated_at" = now() WHERE "id" = $1`,
      [id, change.seat, change.start, change.end],
    );
  }

  /**
   * Sets its status. With `change` the patient is to hear of it (a cancellation, a confirmation): one version
   * on, which ends the old link; without (showed, no-show) the version stays.
   */
  async setStatus(id: number, status: AppointmentStatus, change: AppointmentChange | null, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE "leads"."appointments" SET "status" = $2, "version" = "version" + $3, "last_change" = COALESCE($4, "last_change"), "updated_at" = now() WHERE "id" = $1`,
      [id, status, change ? 1 : 0, change],
    );
  }

  /** Appointments whose patient has not been e-mailed of their latest version (the notices' outbox). */
  async unnotified(limit: number): Promise<Array<{ id: number; version: number }>> {
    const rows = (await this.dataSource.query(
      `SELECT "id", "version" FROM "leads"."appointments" WHERE "notified_version" < "version" ORDER BY "id" LIMIT $1`,
      [limit],
    )) as Array<{ id: string; version: number }>;
    return rows.map((row) => ({ id: Number(row.id), version: row.version }));
  }

  /** Records that the patient was e-mailed of `version` (never goes back). */
  async markNotified(id: number, version: number): Promise<void> {
    await this.dataSource.query(`UPDATE "leads"."appointments" SET "notified_version" = GREATEST("notified_version", $2) WHERE "id" = $1`, [id, version]);
  }

  /** The clinic's feed generation, or null before its first feed. */
  async feedGeneration(clientId: number): Promise<number | null> {
    const rows = (await this.dataSource.query(`SELECT "generation" FROM "leads"."booking_feeds" WHERE "client_id" = $1`, [clientId])) as Array<{ generation: number }>;
    return rows[0]?.generation ?? null;
  }

  /** Stores the clinic's feed at `generation` with its secret's hash (a first feed, or a regenerated one). */
  async saveFeed(clientId: number, generation: number, tokenHash: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource).query(
      `INSERT INTO "leads"."booking_feeds" ("client_id", "generation", "token_hash") VALUES ($1, $2, $3)
       ON CONFLICT ("client_id") DO UPDATE SET "generation" = EXCLUDED."generation", "token_hash" = EXCLUDED."token_hash", "created_at" = now()`,
      [clientId, generation, tokenHash],
    );
  }

  /** The clinic whose current feed secret hashes to this, or null. */
  async feedClient(tokenHash: string): Promise<number | null> {
    const rows = (await this.dataSource.query(`SELECT "client_id" FROM "leads"."booking_feeds" WHERE "token_hash" = $1`, [tokenHash])) as Array<{ client_id: number }>;
    return rows[0]?.client_id ?? null;
  }
}
