import { AvailabilitySchema, type Availability, type AppointmentStatus } from '@hap/contracts';
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
