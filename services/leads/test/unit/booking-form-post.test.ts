import { BookingFormPostSchema, BookingMessages } from '@hap/contracts';
import { formProblemPage } from '@hap/service-kit';
import { bookedPath, bookingOf, pickerPath, readableSlot, refusedProblem, slotTakenProblem } from '../../src/modules/booking/booking-form-post';

/** The form as the browser posts it: every value text. */
const post = (overrides: Record<string, string> = {}) =>
  BookingFormPostSchema.parse({
    clientId: '4',
    serviceId: '17',
    start: '2026-03-03T15:30:00.000Z',
    idempotencyKey: '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11',
    leadToken: '12.4.abc_DEF-ghi',
    ...overrides,
  });

describe('the picker posted without script (docs/booking.md#the-pickers-form)', () => {
  it('stands for the same booking as POST /api/bookings, the lead token only when there is one', () => {
    expect(bookingOf(post())).toEqual({
      clientId: 4,
      serviceId: 17,
      start: '2026-03-03T15:30:00.000Z',
      idempotencyKey: '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11',
      leadToken: '12.4.abc_DEF-ghi',
    });
    expect(bookingOf(post({ leadToken: '' }))).not.toHaveProperty('leadToken');
  });

  it('sends a booking to its appointment page, marked as just booked', () => {
    expect(bookedPath(4, 'tok.en')).toBe('/appointment?client=4&token=tok.en&booked=1');
  });

  it('leads back to the picker of the same service, keeping the lead’s token', () => {
    expect(pickerPath(post())).toBe('/book?client=4&service=17&token=12.4.abc_DEF-ghi');
    expect(pickerPath(post({ leadToken: '' }))).toBe('/book?client=4&service=17');
  });

  it('reads a time in the clinic’s zone, from the offset the slot carries', () => {
    expect(readableSlot({ local: '2026-03-03T10:30:00.000-05:00' })).toBe('Tue, Mar 3 at 10:30 AM');
    // The same instant in Los Angeles, and an afternoon after the clocks changed.
    expect(readableSlot({ local: '2026-03-03T07:30:00.000-08:00' })).toBe('Tue, Mar 3 at 7:30 AM');
    expect(readableSlot({ local: '2026-03-09T14:00:00.000-04:00' })).toBe('Mon, Mar 9 at 2:00 PM');
  });

  it('a time taken meanwhile: titled so, the next free times listed, and the way back', () => {
    const problem = slotTakenProblem(post(), [{ local: '2026-03-03T11:00:00.000-05:00' }, { local: '2026-03-04T09:00:00.000-05:00' }]);
    expect(problem).toEqual({
      title: BookingMessages.slotTaken,
      lead: 'These times are still free:',
      problems: ['Tue, Mar 3 at 11:00 AM', 'Wed, Mar 4 at 9:00 AM'],
      back: '/book?client=4&service=17&token=12.4.abc_DEF-ghi',
      backLabel: 'Choose another time',
    });
    const page = formProblemPage(problem);
    expect(page).toContain('<title>That time was just taken</title>');
    expect(page).toContain('<li>Wed, Mar 4 at 9:00 AM</li>');
    expect(page).toContain('href="/book?client=4&amp;service=17&amp;token=12.4.abc_DEF-ghi">Choose another time</a>');
    expect(slotTakenProblem(post(), []).lead).toBe('Please choose another time.');
  });

  it('any other refusal says its message, with the way back', () => {
    expect(refusedProblem(post(), BookingMessages.notBookable)).toEqual({
      title: 'Your appointment was not booked',
      lead: BookingMessages.notBookable,
      back: '/book?client=4&service=17&token=12.4.abc_DEF-ghi',
      backLabel: 'Choose another time',
    });
  });
});
