import { createHash, createHmac } from 'node:crypto';
import {
  AppError,
  badRequest,
  conflict,
  isExclusionViolation,
  notFound,
  recordAudit,
  unprocessable,
  verifyAppointmentLink,
  type Actor,
  type JobQueue,
} from '@hap/service-kit';
import {
  AppointmentMessages,
  BookingMessages,
  ErrorCode,
  type AppointmentAction,
  type Calendar,
  type CalendarAppointment,
  type CalendarFeed,
  type CalendarQuery,
  type ManagedAppointment,
  type ManagedChange,
} from '@hap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DataSource, EntityManager } from 'typeorm';
import type { CatalogueClient } from '../../clients/catalogue.client';
import type { TenantClient } from '../../clients/tenant.client';
import type { LeadAdminService } from '../admin/lead-admin.service';
import { feedCalendar } from './appointment-ics';
import { queueNotice } from './appointment-notices';
import type { AppointmentChange, AppointmentRepository, AppointmentWithLeadRow, BookingRepository } from './booking.repository';
import type { BookingService } from './booking.service';
import { freeSlots, lengthOf } from './slot.rules';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Context {
  requestId?: string;
  log: FastifyBaseLogger;
}

/** The patient acting through their link: audited as the leads service, marked `by: 'patient'`. */
const patientActor = (requestId: string | undefined): Actor => ({ identity: { kind: 'service', service: 'leads' }, requestId: requestId ?? 'appointment-link' });

const iso = (date: Date) => new Date(date).toISOString();

/**
 * What happens to an appointment after it is booked (docs/booking.md#changes): the patient's signed link
 * (see it, move it, cancel it), the clinic's and the agency's calendar and actions, and the calendar feed.
 * Every change is one transaction with its audit; the lead follows after it (cancel → contacted, showed →
 * won); the patient hears of it by e-mail through the notices' outbox (appointment-notices.ts).
 */
export class AppointmentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly appointments: AppointmentRepository,
    private readonly bookingRepository: BookingRepository,
    private readonly booking: Pick<BookingService, 'availabilityFor' | 'linkTokenOf' | 'slotTaken'>,
    private readonly leadStatus: Pick<LeadAdminService, 'followAppointment'>,
    private readonly catalogue: CatalogueClient,
    private readonly clinics: Pick<TenantClient, 'clinic'>,
    /** Where a change's e-mail is queued at once; the worker's sweep sends any it missed. Null: the sweep only. */
    private readonly notices: Pick<JobQueue<'leads.appointment-notice'>, 'add'> | null,
    private readonly internalSecret: string,
    /** The origin feed addresses are given at (PUBLIC_BASE_URL); unset: a path the portal completes with its own origin. */
    private readonly publicOrigin: string | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // The patient's link

  /** The appointment a link names, when the link is ours, of its latest version and not past; else 400 or 410. */
  private async linked(token: string, manager?: EntityManager): Promise<AppointmentWithLeadRow> {
    const claim = verifyAppointmentLink(this.internalSecret, token);
    const row = claim && (await this.appointments.byId(claim.appointmentId, { manager, lock: Boolean(manager) }));
    if (!claim || !row) throw badRequest(AppointmentMessages.linkInvalid);
    if (claim.expires * 1000 <= this.now().getTime()) throw new AppError(410, ErrorCode.LINK_EXPIRED, AppointmentMessages.linkExpired);
    if (claim.version !== row.version) throw new AppError(410, ErrorCode.LINK_USED, AppointmentMessages.linkUsed);
    return row;
  }

  private async managedView(row: AppointmentWithLeadRow): Promise<ManagedAppointment> {
    const availability = await this.booking.availabilityFor(row.client_id);
    let clinic: { name: string; phone: string | null } = { name: 'the clinic', phone: null };
    try {
      clinic = await this.clinics.clinic(row.client_id);
    } catch {
      // The page still shows the appointment when tenant cannot name the clinic.
    }
    return {
      appointment: { id: Number(row.id), clientId: row.client_id, serviceId: row.service_id, start: iso(row.start_at), end: iso(row.end_at), status: row.status },
      clinicName: clinic.name,
      clinicPhone: clinic.phone,
      timeZone: availability.timeZone,
      changeable: (row.status === 'booked' || row.status === 'pending') && new Date(row.start_at).getTime() > this.now().getTime(),
    };
  }

  async managed(token: string): Promise<ManagedAppointment> {
    return this.managedView(await this.linked(token));
  }

  async rescheduleByLink(token: string, start: string, context: Context): Promise<ManagedChange> {
    const row = await this.linked(token);
    this.assertChangeable(row);
    const moved = await this.move(row, new Date(start), patientActor(context.requestId), { viaLink: token }, context);
    return { ...(await this.managedView(moved)), token: this.tokenOf(moved) };
  }

  async cancelByLink(token: string, context: Context): Promise<ManagedChange> {
    const row = await this.linked(token);
    this.assertChangeable(row);
    const cancelled = await this.setStatus(row, 'cancel', patientActor(context.requestId), { viaLink: token }, context);
    return { ...(await this.managedView(cancelled)), token: null };
  }

  private assertChangeable(row: AppointmentWithLeadRow): void {
    if (row.status === 'cancelled') throw conflict(AppointmentMessages.cancelled);
    if (row.status === 'showed' || row.status === 'no_show') throw conflict(AppointmentMessages.alreadyAttended);
    if (new Date(row.start_at).getTime() <= this.now().getTime()) throw new AppError(410, ErrorCode.LINK_EXPIRED, AppointmentMessages.linkExpired);
  }

  private tokenOf(row: AppointmentWithLeadRow): string {
    return this.booking.linkTokenOf({ id: Number(row.id), version: row.version, end: iso(row.end_at) });
  }

  // The clinic's calendar

  async calendar(clientId: number, query: CalendarQuery, context: Context): Promise<Calendar> {
    const [availability, rows] = await Promise.all([this.booking.availabilityFor(clientId), this.appointments.calendar(clientId, new Date(query.from), new Date(query.to))]);
    const names = await this.serviceNames(clientId, context);
    return { clientId, timeZone: availability.timeZone, appointments: rows.map((row) => this.calendarItem(row, names)) };
  }

  private async serviceNames(clientId: number, context: Context): Promise<ReadonlyMap<number, string>> {
    try {
      return new Map((await this.catalogue.servicesOf(clientId, context.requestId)).map((service) => [service.id, service.name]));
    } catch (err) {
      context.log.warn({ err, clientId }, 'catalogue unreachable: the calendar shows no service names');
      return new Map();
    }
  }

  private calendarItem(row: AppointmentWithLeadRow, names: ReadonlyMap<number, string>): CalendarAppointment {
    return {
      id: Number(row.id),
      clientId: row.client_id,
      serviceId: row.service_id,
      leadId: row.lead_id === null ? null : Number(row.lead_id),
      seat: row.seat,
      start: iso(row.start_at),
      end: iso(row.end_at),
      status: row.status,
      version: row.version,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      serviceName: names.get(row.service_id) ?? null,
      lead:
        row.lead_id === null || row.lead_name === null
          ? null
          : { id: Number(row.lead_id), name: row.lead_name, phone: row.lead_phone ?? '', email: row.lead_email ?? '', status: row.lead_status! },
    };
  }

  /** A clinic user's or an admin's action on one of the clinic's appointments (another clinic's is 404). */
  async act(actor: Actor, clientId: number, id: number, action: AppointmentAction, context: Context): Promise<CalendarAppointment> {
    const row = await this.appointments.byId(id, { clientId });
    if (!row) throw notFound(AppointmentMessages.notFound(id));
    const changed = action.action === 'move' ? await this.moveByClinic(row, new Date(action.start), actor, context) : await this.setStatus(row, action.action, actor, {}, context);
    return this.calendarItem(changed, await this.serviceNames(clientId, context));
  }

  private async moveByClinic(row: AppointmentWithLeadRow, start: Date, actor: Actor, context: Context): Promise<AppointmentWithLeadRow> {
    if (row.status === 'cancelled') throw conflict(AppointmentMessages.cancelled);
    if (row.status === 'showed' || row.status === 'no_show') throw conflict(AppointmentMessages.alreadyAttended);
    return this.move(row, start, actor, {}, context);
  }

  /**
   * Moves the appointment to `start` when that is a free slot now (its own time not counted as taken), in the
   * lowest seat no other live appointment holds; each seat is one transaction the exclusion constraint may
   * refuse (then the next). None left: 409 SLOT_TAKEN with the next free slots.
   */
  private async move(row: AppointmentWithLeadRow, start: Date, actor: Actor, link: { viaLink?: string }, context: Context): Promise<AppointmentWithLeadRow> {
    const id = Number(row.id);
    const availability = await this.booking.availabilityFor(row.client_id);
    const end = new Date(start.getTime() + lengthOf(availability, row.service_id) * MINUTE);
    const others = (await this.bookingRepository.liveAppointments(row.client_id, new Date(start.getTime() - DAY), new Date(end.getTime() + DAY)))
      .filter((other) => Number(other.id) !== id)
      .map((other) => ({ start: new Date(other.start_at), end: new Date(other.end_at), seat: other.seat }));
    const query = { serviceId: row.service_id, from: start, to: new Date(start.getTime() + 1), now: this.now() };
    if (!freeSlots(availability, { ...query, booked: others }).length) {
      if (!freeSlots(availability, { ...query, booked: [] }).length) throw unprocessable(BookingMessages.notOpen);
      throw await this.booking.slotTaken(row.client_id, row.service_id, start, id);
    }
    const buffer = availability.bufferMinutes * MINUTE;
    const busy = new Set(others.filter((b) => b.start.getTime() - buffer < end.getTime() && b.end.getTime() + buffer > start.getTime()).map((b) => b.seat));
    for (let seat = 1; seat <= availability.capacity; seat += 1) {
      if (busy.has(seat)) continue;
      try {
        await this.dataSource.transaction(async (manager) => {
          const locked = await this.relock(row, link, manager);
          await this.appointments.move(id, { seat, start, end }, manager);
          await this.audit(manager, actor, locked, 'moved', link, { start: iso(locked.start_at) }, { start: start.toISOString() });
        });
      } catch (err) {
        if (isExclusionViolation(err)) continue;
        throw err;
      }
      return this.afterChange(id, context);
    }
    throw await this.booking.slotTaken(row.client_id, row.service_id, start, id);
  }


  /** The row locked for a change; a link's version must still be the row's (a second tab's change came first: 410). */
  private async relock(row: AppointmentWithLeadRow, link: { viaLink?: string }, manager: EntityManager): Promise<AppointmentWithLeadRow> {
    const locked = link.viaLink ? await this.linked(link.viaLink, manager) : await this.appointments.byId(Number(row.id), { manager, lock: true });
    if (!locked) throw notFound(AppointmentMessages.notFound(Number(row.id)));
    return locked;
  }

  /** confirm, cancel, showed or no_show, by the rules of each (docs/booking.md#the-clinics-side). */
  private async setStatus(
    row: AppointmentWithLeadRow,
    action: Exclude<AppointmentAction['action'], 'move'>,
    actor: Actor,
    link: { viaLink?: string },
    context: Context,
  ): Promise<AppointmentWithLeadRow> {
    const id = Number(row.id);
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.relock(row, link, manager);
      if (locked.status === 'cancelled') throw conflict(AppointmentMessages.cancelled);
      if (action === 'confirm') {
        if (locked.status !== 'pending') throw conflict(AppointmentMessages.notPending);
        await this.appointments.setStatus(id, 'booked', 'confirmed', manager);
        await this.audit(manager, actor, locked, 'confirmed', link, { status: locked.status }, { status: 'booked' });
      } else if (action === 'cancel') {
        if (locked.status === 'showed' || locked.status === 'no_show') throw conflict(AppointmentMessages.alreadyAttended);
        await this.appointments.setStatus(id, 'cancelled', 'cancelled', manager);
        await this.audit(manager, actor, locked, 'cancelled', link, { status: locked.status }, { status: 'cancelled' });
      } else {
        if (new Date(locked.start_at).getTime() > this.now().getTime()) throw unprocessable(AppointmentMessages.notYet);
        const status = action === 'showed' ? 'showed' : 'no_show';
        if (locked.status === status) return;
        await this.appointments.setStatus(id, status, null, manager);
        await this.audit(manager, actor, locked, status, link, { status: locked.status }, { status });
      }
    });
    const changed = await this.afterChange(id, context);
    // The lead follows its appointment (docs/booking.md#the-clinics-side), after the appointment's own transaction, as a booking's move does.
    if (changed.lead_id === null || (action !== 'cancel' && action !== 'showed')) return changed;
    try {
      await this.leadStatus.followAppointment(actor, Number(changed.lead_id), changed.client_id, action === 'cancel' ? 'contacted' : 'won');
    } catch (err) {
      context.log.error({ err, appointmentId: id, leadId: changed.lead_id }, 'the lead did not follow its appointment: change its status by hand');
      return changed;
    }
    // Read again, so the answer carries the lead's new status.
    return (await this.appointments.byId(id)) ?? changed;
  }

  private async audit(
    manager: EntityManager,
    actor: Actor,
    row: AppointmentWithLeadRow,
    change: AppointmentChange | 'showed' | 'no_show',
    link: { viaLink?: string },
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(manager, actor, {
      action: 'update',
      entity: 'appointment',
      entityId: Number(row.id),
      changes: { before, after: { ...after, change, clientId: row.client_id, ...(link.viaLink ? { by: 'patient' } : {}) } },
    });
  }

  /** The row after a change; a new version is queued for its e-mail at once (the worker's sweep sends it should this fail). */
  private async afterChange(id: number, context: Context): Promise<AppointmentWithLeadRow> {
    const row = (await this.appointments.byId(id))!;
    if (row.notified_version < row.version) await queueNotice(this.notices, row, context.log);
    return row;
  }

  // The calendar feed

  /** The feed's secret for a generation: derived from the internal secret, so it is never stored, only its hash. */
  private feedToken(clientId: number, generation: number): string {
    return createHmac('sha256', createHmac('sha256', this.internalSecret).update('calendar-feed').digest())
      .update(`${clientId}.${generation}`)
      .digest('base64url');
  }

  private feedUrl(token: string): CalendarFeed {
    const path = `/api/booking/feed/${token}.ics`;
    return { url: this.publicOrigin ? `${this.publicOrigin}${path}` : path };
  }

  async feed(clientId: number): Promise<CalendarFeed> {
    let generation = await this.appointments.feedGeneration(clientId);
    if (generation === null) {
      generation = 1;
      await this.appointments.saveFeed(clientId, generation, sha256(this.feedToken(clientId, generation)));
    }
    return this.feedUrl(this.feedToken(clientId, generation));
  }

  async regenerateFeed(actor: Actor, clientId: number): Promise<CalendarFeed> {
    const generation = ((await this.appointments.feedGeneration(clientId)) ?? 0) + 1;
    const token = this.feedToken(clientId, generation);
    await this.dataSource.transaction(async (manager) => {
      await this.appointments.saveFeed(clientId, generation, sha256(token), manager);
      await recordAudit(manager, actor, { action: 'update', entity: 'booking_feed', entityId: clientId, changes: { before: null, after: { clientId, generation } } });
    });
    return this.feedUrl(token);
  }

  /** The feed's iCalendar text: live appointments from 30 days back to the horizon; 404 for a secret that is not current. */
  async feedText(token: string, context: Context): Promise<string> {
    const clientId = await this.appointments.feedClient(sha256(token));
    if (clientId === null) throw notFound('This calendar feed address is not valid. Copy the current one from the portal.');
    const availability = await this.booking.availabilityFor(clientId);
    const now = this.now();
    const rows = await this.appointments.calendar(clientId, new Date(now.getTime() - 30 * DAY), new Date(now.getTime() + (availability.horizonDays + 1) * DAY));
    const names = await this.serviceNames(clientId, context);
    return feedCalendar(
      rows.filter((row) => row.status !== 'cancelled'),
      { timeZone: availability.timeZone, serviceNames: names, portalOrigin: this.publicOrigin },
    );
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
