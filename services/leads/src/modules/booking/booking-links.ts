import { DEFAULT_AVAILABILITY } from '@hap/contracts';
import type { DataSource } from 'typeorm';
import { leadBookingUrl } from '../delivery/patient-email';
import { BookingRepository } from './booking.repository';
import { isOpenFor } from './slot.rules';

/** A lead's booking link for the patient's receipt: null when the clinic does not book the service online; `booked` when the lead has a live appointment. */
export type PatientBookingLinks = (lead: { id: number; clientId: number; serviceId: number }) => Promise<{ url: string | null; booked: boolean; timeZone: string }>;

/** The worker's booking links (docs/booking.md#pages): the clinic's rules and the lead's appointment read from leads' tables. */
export function createPatientBookingLinks(options: { dataSource: DataSource; origin: string; internalSecret: string }): PatientBookingLinks {
  const repository = new BookingRepository(options.dataSource);
  return async (lead) => {
    const availability = (await repository.availability(lead.clientId))?.availability ?? DEFAULT_AVAILABILITY;
    const { timeZone } = availability;
    if (await repository.liveOfLead(lead.clientId, lead.id)) return { url: null, booked: true, timeZone };
    return { url: isOpenFor(availability, lead.serviceId) ? leadBookingUrl(options.origin, options.internalSecret, lead) : null, booked: false, timeZone };
  };
}
