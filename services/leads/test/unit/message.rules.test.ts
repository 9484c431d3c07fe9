import { DEFAULT_MESSAGING_SETTINGS } from '@hap/contracts';
import { firstName, followUpStopReason, nudgesDue, openAt, quietUntil, renderMessage } from '../../src/modules/messages/message.rules';

const NY = 'America/New_York';
const quiet = DEFAULT_MESSAGING_SETTINGS.quietHours; // 20:00–08:00

describe('quietUntil: the quiet hours of the clinic’s zone', () => {
  it('is null in the day, and the next 08:00 in the evening and the small hours', () => {
    expect(quietUntil(new Date('2026-06-10T16:00:00Z'), NY, quiet)).toBeNull(); // 12:00 EDT
    expect(quietUntil(new Date('2026-06-10T23:59:00Z'), NY, quiet)).toBeNull(); // 19:59 EDT
    expect(quietUntil(new Date('2026-06-11T00:00:00Z'), NY, quiet)?.toISOString()).toBe('2026-06-11T12:00:00.000Z'); // 20:00 EDT → 08:00 EDT
    expect(quietUntil(new Date('2026-06-11T07:30:00Z'), NY, quiet)?.toISOString()).toBe('2026-06-11T12:00:00.000Z'); // 03:30 EDT
    expect(quietUntil(new Date('2026-06-11T12:00:00Z'), NY, quiet)).toBeNull(); // 08:00 EDT sharp
  });

  it('wakes at 08:00 local on the night the clocks change (spring forward and fall back)', () => {
    // 2026-03-08: 02:00 EST → 03:00 EDT. 22:00 EST on the 7th waits until 08:00 EDT = 12:00Z.
    expect(quietUntil(new Date('2026-03-08T03:00:00Z'), NY, quiet)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // 2026-11-01: 02:00 EDT → 01:00 EST. 22:00 EDT on Oct 31 waits until 08:00 EST = 13:00Z.
    expect(quietUntil(new Date('2026-11-01T02:00:00Z'), NY, quiet)?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });

  it('reads the zone: 21:00 in Los Angeles is quiet while New York’s midnight is too, 10:00 is not', () => {
    expect(quietUntil(new Date('2026-06-11T04:00:00Z'), 'America/Los_Angeles', quiet)?.toISOString()).toBe('2026-06-11T15:00:00.000Z');
    expect(quietUntil(new Date('2026-06-11T17:00:00Z'), 'America/Los_Angeles', quiet)).toBeNull();
  });

  it('takes quiet hours within a day, and none when both ends are equal', () => {
    const lunch = { start: '12:00', end: '13:00' };
    expect(quietUntil(new Date('2026-06-10T16:30:00Z'), NY, lunch)?.toISOString()).toBe('2026-06-10T17:00:00.000Z');
    expect(quietUntil(new Date('2026-06-10T17:00:00Z'), NY, lunch)).toBeNull();
    expect(quietUntil(new Date('2026-06-11T03:00:00Z'), NY, { start: '08:00', end: '08:00' })).toBeNull();
  });
});

describe('renderMessage: a template in the clinic’s words', () => {
  const values = { name: '  Ana María López ', clinic: 'Vitality Clinic', bookingLink: 'https://clinic.example/book?t=1', clinicPhone: '(212) 555-0100' };

  it('fills the first name, clinic and booking link', () => {
    expect(renderMessage(DEFAULT_MESSAGING_SETTINGS.firstReplyText, values)).toBe(
      'Hi Ana, thanks for contacting Vitality Clinic. Pick a time that suits you: https://clinic.example/book?t=1 Reply STOP to opt out.',
    );
  });

  it('without a booking link offers the clinic’s phone, else a reply', () => {
    expect(renderMessage('Book: {bookingLink}.', { ...values, bookingLink: null })).toBe('Book: call us at (212) 555-0100.');
    expect(renderMessage('Book: {bookingLink}.', { ...values, bookingLink: null, clinicPhone: null })).toBe('Book: reply to this text.');
  });

  it('greets "there" when the name has no word', () => {
    expect(firstName('   ')).toBe('');
    expect(renderMessage('Hi {firstName}', { ...values, name: ' ' })).toBe('Hi there');
  });
});

describe('followUpStopReason', () => {
  it('says a booking as one, any other move by its status', () => {
    expect(followUpStopReason('booked')).toBe('Stopped: the patient booked.');
    expect(followUpStopReason('contacted')).toBe('Stopped: the lead was moved to contacted.');
  });
});

describe('openAt and nudgesDue: reminders wait for opening hours', () => {
  const hours = [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }];
  const availability = { timeZone: NY, weekly: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: [], sun: [] }, closedDates: ['2026-12-24'] };

  it('is open inside a range of the weekday in the clinic’s zone, not at lunch, weekends or closed dates', () => {
    expect(openAt(availability, new Date('2026-12-02T15:00:00Z'))).toBe(true); // Wed 10:00 EST
    expect(openAt(availability, new Date('2026-12-02T17:30:00Z'))).toBe(false); // 12:30 lunch
    expect(openAt(availability, new Date('2026-12-05T15:00:00Z'))).toBe(false); // Saturday
    expect(openAt(availability, new Date('2026-12-24T15:00:00Z'))).toBe(false); // closed date
    expect(openAt(availability, new Date('2026-12-02T22:00:00Z'))).toBe(false); // 17:00 closes
  });

  it('nudges the clinic after its minutes and the agency after its own, once each, only when open', () => {
    const settings = { nudgeAfterMinutes: 15, escalateAfterMinutes: 60 };
    expect(nudgesDue({ waitedMinutes: 10, open: true, settings, had: [] })).toEqual([]);
    expect(nudgesDue({ waitedMinutes: 15, open: true, settings, had: [] })).toEqual(['nudge_users']);
    expect(nudgesDue({ waitedMinutes: 61, open: true, settings, had: ['nudge_users'] })).toEqual(['nudge_agency']);
    expect(nudgesDue({ waitedMinutes: 61, open: false, settings, had: [] })).toEqual([]);
    expect(nudgesDue({ waitedMinutes: 90, open: true, settings, had: ['nudge_users', 'nudge_agency'] })).toEqual([]);
  });
});
