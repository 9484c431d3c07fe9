/**
 * What the appointment page says of an appointment (docs/booking.md#pages), as
 * plain functions: its state in the patient's words and its time in the
 * clinic's zone ('Tue, Mar 3 at 10:30 AM').
 */
import type { AppointmentStatus } from '@hap/contracts';
import { AppointmentMessages } from '@hap/contracts';
import { localClockOf, slotLabel } from './slot-days';

export function appointmentTitle(status: AppointmentStatus): string {
  switch (status) {
    case 'booked':
      return 'Your appointment is booked';
    case 'pending':
      return 'Your appointment is requested — the clinic will confirm';
    case 'cancelled':
      return AppointmentMessages.cancelled;
    default:
      return 'Your appointment';
  }
}

/** The appointment's start in the clinic's wall-clock time. */
export const appointmentWhen = (start: string, timeZone: string): string => slotLabel(localClockOf(start, timeZone));
