import { WEEKDAYS, type Availability } from '@hap/contracts';

/**
 * Booking rules for tests (docs/booking.md#availability): every day `hours` in `timeZone`, hour-long
 * consultations of `serviceId`, no buffer, no notice, 30 days ahead, one at a time, confirmed at once;
 * `overrides` on top.
 */
export function openRules(serviceId: number, options: { timeZone?: string; hours?: { start: string; end: string } } = {}, overrides: Partial<Availability> = {}): Availability {
  const hours = options.hours ?? { start: '09:00', end: '12:00' };
  return {
    onlineBooking: true,
    timeZone: options.timeZone ?? 'UTC',
    weekly: Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, [hours]])) as Availability['weekly'],
    closedDates: [],
    services: [{ serviceId, bookable: true, lengthMinutes: 60 }],
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 30,
    capacity: 1,
    confirmation: 'instant',
    ...overrides,
  };
}
