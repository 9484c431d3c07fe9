import {
  AppError,
  badRequest,
  auditedTransaction,
  conflict,
  isExclusionViolation,
  isUniqueViolation,
  notFound,
  unprocessable,
  signAppointmentLink,
  verifyLeadBookingToken,
  type Actor,
  type JobQueue,
} from '@hap/service-kit';
import {
  BookingMessages,
  DEFAULT_AVAILABILITY,
  ErrorCode,
  Messages,
  type Appointment,
  type BookedAppointment,
  type Availability,
  type BookingRequest,
  type Slot,
  type SlotList,
  type SlotsQuery,
  type StoredAvailability,
} from '@hap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DataSource } from 'typeorm';
import type { CatalogueClient } from '../../clients/catalogue.client';
import type { LeadAdminService } from '../admin/lead-admin.service';
import type { AppointmentRow, BookingRepository } from './booking.repository';
import { queueNotice } from './appointment-notices';
import { freeSlots, isOpenFor, lengthOf, nearestSlots, type BookedTime } from './slot.rules';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How many free times a refused booking offers instead, and how far ahead they are looked for. */
const NEXT_SLOTS = 3;
const NEXT_SLOTS_WINDOW_DAYS = 14;

const toAppointment = (row: AppointmentRow): Appointment => ({
  id: Number(row.id),
  clientId: row.client_id,
  serviceId: row.service_id,
  leadId: row.lead_id === null ? null : Number(row.lead_id),
  seat: row.seat,
  start: new Date(row.start_at).toISOString(),
  end: new Date(row.end_at).toISOString(),
  status: row.status,
  version: row.version,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Who moves a booked lead to 'booked' in its audit: the leads service itself. */
const bookingActor = (requestId: string | undefined): Actor => ({ identity: { kind: 'service', service: 'leads' }, requestId: requestId ?? 'booking' });

const bookedTime = (row: AppointmentRow): BookedTime & { seat: number } => ({ start: new Date(row.start_at), end: new Date(row.end_at), seat: row.seat });

/**
 * Booking (docs/booking.md): free slots from a clinic's availability less its
 * live appointments, and a booking in the lowest free seat. Two bookings of
 * the last seat at once are decided by the database (the appointments'
 * exclusion constraint), never by a read before the write.
 */
export class BookingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: BookingRepository,
    /** Whether a booked service is the clinic's and live (templates), as for a lead. */
    private readonly catalogue: CatalogueClient,
    /** INTERNAL_SECRET: what a lead's booking token is signed with (service-kit lead-booking-token.ts). */
    private readonly internalSecret: string,
    /** Moves a booked lead to 'booked' the way an admin's or clinic's change does (audit, conversion). */
    private readonly leadStatus: Pick<LeadAdminService, 'markBooked'>,
    /** Where a new appointment's confirmation is queued at once (appointment.service.ts queueNotice); null: the worker's sweep only. */
    private readonly notices: Pick<JobQueue<'leads.appointment-notice'>, 'add'> | null = null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The clinic's booking rules: its own, else the defaults. */
  async availabilityFor(clientId: number): Promise<Availability> {
    return (await this.repository.availability(clientId))?.availability ?? DEFAULT_AVAILABILITY;
  }

  /** The clinic's live appointments that can touch a slot starting in [from, to): widened by a day on each side (a consultation is at most 8 h, a buffer 4 h). */
  private async bookedAround(clientId: number, from: Date, to: Date) {
    return (await this.repository.liveAppointments(clientId, new Date(from.getTime() - DAY), new Date(to.getTime() + DAY))).map(bookedTime);
  }

  async slots(query: SlotsQuery): Promise<SlotList> {
    const availability = await this.availabilityFor(query.clientId);
    const from = new Date(query.from);
    const to = new Date(query.to);
    const booked = await this.bookedAround(query.clientId, from, to);
    return {
      clientId: query.clientId,
      serviceId: query.serviceId,
      timeZone: availability.timeZone,
      lengthMinutes: lengthOf(availability, query.serviceId),
      open: isOpenFor(availability, query.serviceId),
      closedReason: !availability.onlineBooking ? 'offline' : isOpenFor(availability, query.serviceId) ? null : 'not_bookable',
      slots: freeSlots(availability, { serviceId: query.serviceId, from, to, now: this.now(), booked }),
    };
  }

  /**
   * Books `start` when it is a free slot now, in the lowest seat no live
   * appointment holds; a seat taken meanwhile (the constraint refuses the
   * insert) passes to the next. None left: 409 SLOT_TAKEN with the next free
   * slots. The same key answers the first booking (a different booking under
   * it is 409).
   */
  async book(request: BookingRequest, context: { requestId?: string; log: FastifyBaseLogger }): Promise<BookedAppointment> {
    // A token that is not ours or names another clinic refuses the booking before anything is read or stored.
    const leadId = request.leadToken === undefined ? null : verifyLeadBookingToken(this.internalSecret, request.leadToken, request.clientId)?.leadId;
    if (leadId === undefined) throw badRequest(BookingMessages.invalidLeadToken);
    const appointment = await this.bookOnce(request, leadId, context);
    if (leadId !== null) await this.markLeadBooked(leadId, request.clientId, context);
    return { ...appointment, manageToken: this.linkTokenOf(appointment) };
  }

  /** The token of the patient's link to change or cancel this version of the appointment; it expires at the appointment's end. */
  linkTokenOf(appointment: Pick<Appointment, 'id' | 'version' | 'end'>): string {
    return signAppointmentLink(this.internalSecret, { appointmentId: appointment.id, version: appointment.version, expires: Math.floor(Date.parse(appointment.end) / 1000) });
  }

  /**
   * The lead moves to 'booked' after the appointment is stored, in its own transaction (the admin's
   * move, which asks tenant before it locks). It is idempotent: when it fails the appointment still
   * stands, and the same booking again (its idempotency key, or any booking of the lead) runs it again.
   */
  private async markLeadBooked(leadId: number, clientId: number, context: { requestId?: string; log: FastifyBaseLogger }): Promise<void> {
    try {
      await this.leadStatus.markBooked(bookingActor(context.requestId), leadId, clientId);
    } catch (err) {
      context.log.error({ err, leadId, clientId }, 'booked lead not moved to booked: a retry of the booking moves it');
    }
  }

  private async bookOnce(request: BookingRequest, leadId: number | null, context: { requestId?: string; log: FastifyBaseLogger }): Promise<Appointment> {
    const start = new Date(request.start);
    const replay = await this.replayOf(request, start);
    if (replay) return replay;
    // One lead, one live appointment: a second booking of the lead answers the first.
    const held = leadId === null ? null : await this.repository.liveOfLead(request.clientId, leadId);
    if (held) return toAppointment(held);
    await this.checkService(request, context);

    const availability = await this.availabilityFor(request.clientId);
    if (!availability.onlineBooking) throw unprocessable(BookingMessages.offline);
    if (!isOpenFor(availability, request.serviceId)) throw unprocessable(BookingMessages.notBookable);
    const end = new Date(start.getTime() + lengthOf(availability, request.serviceId) * MINUTE);
    const status = availability.confirmation === 'instant' ? 'booked' : 'pending';
    const booked = await this.bookedAround(request.clientId, start, end);
    const slotQuery = { serviceId: request.serviceId, from: start, to: new Date(start.getTime() + 1), now: this.now() };
    if (!freeSlots(availability, { ...slotQuery, booked }).length) {
      if (!freeSlots(availability, { ...slotQuery, booked: [] }).length) throw unprocessable(BookingMessages.notOpen);
      throw await this.slotTaken(request.clientId, request.serviceId, start);
    }

    // A seat is busy when one of its appointments overlaps this one widened by the buffer (docs/booking.md#slots).
    const buffer = availability.bufferMinutes * MINUTE;
    const busy = new Set(booked.filter((b) => b.start.getTime() - buffer < end.getTime() && b.end.getTime() + buffer > start.getTime()).map((b) => b.seat));
    for (let seat = 1; seat <= availability.capacity; seat += 1) {
      if (busy.has(seat)) continue;
      try {
        const row = await this.repository.insert({ clientId: request.clientId, serviceId: request.serviceId, seat, start, end, status, idempotencyKey: request.idempotencyKey, leadId });
        if (row) {
          await queueNotice(this.notices, row, context.log);
          return toAppointment(row);
        }
      } catch (err) {
        // ON CONFLICT answers these with no row; kept should a constraint be met outside its reach.
        if (!isExclusionViolation(err) && !isUniqueViolation(err)) throw err;
      }
      // Refused: the same key may have been booked meanwhile (a retry racing its first try), or the lead
      // (appointments_one_live_per_lead); else the seat was taken.
      const again = await this.replayOf(request, start);
      if (again) return again;
      const lead = leadId === null ? null : await this.repository.liveOfLead(request.clientId, leadId);
      if (lead) return toAppointment(lead);
    }
    throw await this.slotTaken(request.clientId, request.serviceId, start);
  }

  /**
   * The service must be the clinic's and active, as for a lead (404, 422). When templates cannot
   * answer, the booking is taken all the same: a patient's appointment is worth more than the
   * certainty that the page was still live (services/leads/README.md, POST /api/leads).
   */
  private async checkService(request: BookingRequest, context: { requestId?: string; log: FastifyBaseLogger }): Promise<void> {
    let services;
    try {
      services = await this.catalogue.servicesOf(request.clientId, context.requestId);
    } catch (err) {
      context.log.warn({ err, clientId: request.clientId, serviceId: request.serviceId }, 'catalogue unreachable: booking taken unchecked');
      return;
    }
    const service = services.find((s) => s.id === request.serviceId && s.clientId === request.clientId);
    if (!service) throw notFound(Messages.leadServiceNotFound(request.serviceId, request.clientId));
    if (!service.isActive) throw unprocessable(Messages.leadServiceInactive);
  }

  /** The appointment this key already booked (409 when it booked another service or time). */
  private async replayOf(request: BookingRequest, start: Date): Promise<Appointment | null> {
    const row = await this.repository.byIdempotencyKey(request.clientId, request.idempotencyKey);
    if (!row) return null;
    if (row.service_id !== request.serviceId || new Date(row.start_at).getTime() !== start.getTime()) throw conflict(BookingMessages.idempotencyMismatch);
    return toAppointment(row);
  }

  /**
   * 409 SLOT_TAKEN with the free slots nearest `start` as they are now (slot.rules' nearestSlots); `exceptId`
   * is an appointment being moved, whose own seat does not count.
   */
  async slotTaken(clientId: number, serviceId: number, start: Date, exceptId?: number): Promise<AppError> {
    const availability = await this.availabilityFor(clientId);
    const span = NEXT_SLOTS_WINDOW_DAYS * DAY;
    const rows = await this.repository.liveAppointments(clientId, new Date(start.getTime() - span - DAY), new Date(start.getTime() + span + DAY));
    const booked = rows.filter((row) => Number(row.id) !== exceptId).map(bookedTime);
    const nextSlots: Slot[] = nearestSlots(availability, { serviceId, around: start, days: NEXT_SLOTS_WINDOW_DAYS, count: NEXT_SLOTS, now: this.now(), booked });
    return new AppError(409, ErrorCode.SLOT_TAKEN, BookingMessages.slotTaken, undefined, { nextSlots });
  }

  /** A clinic's booking rules: its own, else the defaults (updatedAt null). The caller has checked access. */
  async getAvailability(clientId: number): Promise<StoredAvailability> {
    const stored = await this.repository.availability(clientId);
    return { clientId, availability: stored?.availability ?? DEFAULT_AVAILABILITY, updatedAt: stored ? new Date(stored.updatedAt).toISOString() : null };
  }

  /** Replaces a clinic's booking rules, audited with the rules before and after. */
  async updateAvailability(actor: Actor, clientId: number, availability: Availability): Promise<StoredAvailability> {
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const before = await this.repository.availability(clientId, manager);
      const saved = await this.repository.saveAvailability(clientId, availability, manager);
      return {
        result: { clientId, availability: saved.availability, updatedAt: new Date(saved.updatedAt).toISOString() },
        // The clinic's id beside the rules: the Audit Log names the clinic by it (audit-words.ts).
        audit: {
          action: before ? 'update' : 'create',
          entity: 'booking_availability',
          entityId: clientId,
          changes: { before: before ? { ...before.availability, clientId } : null, after: { ...saved.availability, clientId } },
        },
      };
    });
  }
}
