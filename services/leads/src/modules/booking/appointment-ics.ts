import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { portalLeadUrl } from '../delivery/user-email';
import type { AppointmentWithLeadRow } from './booking.repository';

/**
 * Appointments as iCalendar (RFC 5545) text, by ical-generator (docs/booking.md#changes): the patient's
 * `.ics` with each e-mail and the clinic's subscription feed. Times are UTC instants (calendar apps show them
 * in their own zone); an appointment keeps one UID, and its version is the SEQUENCE, so a moved or cancelled
 * appointment replaces the one a calendar already holds. A patient's event names the clinic and the time,
 * never the service (docs/booking.md#notices).
 */
const PRODID = { company: 'Health Ads Platform', product: 'Booking', language: 'EN' };

const uidOf = (id: string | number) => `appointment-${id}@health-ads-platform`;

export interface PatientEvent {
  appointmentId: string | number;
  version: number;
  start: Date;
  end: Date;
  cancelled: boolean;
  clinicName: string;
  clinicPhone: string | null;
  /** The page to change or cancel it (absent once cancelled). */
  manageUrl: string | null;
}

/** The `.ics` attached to a patient's e-mail: REQUEST for a booked or moved appointment, CANCEL for a cancelled one. */
export function patientCalendar(event: PatientEvent): string {
  const calendar = ical({ prodId: PRODID, method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: uidOf(event.appointmentId),
    sequence: event.version,
    start: event.start,
    end: event.end,
    summary: `Appointment at ${event.clinicName}`,
    description: [event.clinicPhone ? `Phone: ${event.clinicPhone}` : null, event.manageUrl ? `Change or cancel: ${event.manageUrl}` : null].filter(Boolean).join('\n') || undefined,
    url: event.manageUrl ?? undefined,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The clinic's feed: each live appointment with the patient's name and service, linking to the lead in the portal. */
export function feedCalendar(
  rows: readonly AppointmentWithLeadRow[],
  options: { timeZone: string; serviceNames: ReadonlyMap<number, string>; portalOrigin: string | undefined },
): string {
  const calendar = ical({ prodId: PRODID, name: 'Appointments', timezone: null, ttl: 15 * 60 });
  for (const row of rows) {
    const service = options.serviceNames.get(row.service_id) ?? 'Consultation';
    const lead = row.lead_id === null ? null : portalLeadUrl(options.portalOrigin ?? '', row.lead_id);
    calendar.createEvent({
      id: uidOf(row.id),
      sequence: row.version,
      start: new Date(row.start_at),
      end: new Date(row.end_at),
      summary: `${row.lead_name ?? 'Patient'} — ${service}${row.status === 'pending' ? ' (to confirm)' : ''}`,
      description: [row.lead_phone ? `Phone: ${row.lead_phone}` : null, row.lead_email ? `E-mail: ${row.lead_email}` : null, lead ? `Lead: ${lead}` : null]
        .filter(Boolean)
        .join('\n'),
      url: lead ?? undefined,
      status: row.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
