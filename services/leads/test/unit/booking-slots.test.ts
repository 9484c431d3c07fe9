import { DateTime } from 'luxon';
import { AvailabilitySchema, DEFAULT_AVAILABILITY, type Availability } from '@hap/contracts';
import { freeSlots, lengthOf, nearestSlots } from '../../src/modules/booking/slot.rules';

/** docs/booking.md#slots: free start times in the clinic's zone, across changes of the clocks. */
const NEW_YORK: Availability = {
  ...DEFAULT_AVAILABILITY,
  timeZone: 'America/New_York',
  minNoticeMinutes: 0,
  horizonDays: 365,
  weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [{ start: '00:00', end: '04:00' }] },
};

const day = (availability: Availability, date: string, extra: Partial<Parameters<typeof freeSlots>[1]> = {}) =>
  freeSlots(availability, {
    serviceId: 1,
    from: new Date(`${date}T00:00:00+14:00`),
    to: new Date(`${date}T23:59:00-12:00`),
    now: new Date('2027-01-01T00:00:00Z'),
    booked: [],
    ...extra,
  });

const locals = (slots: Array<{ local: string }>) => slots.map((slot) => slot.local.slice(11, 16));

describe('free booking slots', () => {
  it('on the day clocks go forward (New York, 14 March 2027) no slot lands in the skipped hour', () => {
    const slots = day(NEW_YORK, '2027-03-14');
    expect(locals(slots)).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30']);
    // 01:30 is still Eastern Standard Time, 03:00 already Daylight Time: one real hour apart... minus the skipped one.
    expect(slots.find((s) => s.local.startsWith('2027-03-14T01:30'))!.start).toBe('2027-03-14T06:30:00.000Z');
    expect(slots.find((s) => s.local.startsWith('2027-03-14T03:00'))!.start).toBe('2027-03-14T07:00:00.000Z');
    expect(new Set(slots.map((s) => s.start)).size).toBe(slots.length);
  });

  it('on the day clocks go back (New York, 7 November 2027) the repeated hour is offered once', () => {
    const slots = day(NEW_YORK, '2027-11-07');
    expect(locals(slots)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    // 01:00 and 01:30 are their first occurrence (Daylight Time, -04:00); 02:00 is Standard Time.
    expect(slots.find((s) => s.local.startsWith('2027-11-07T01:30'))!.local).toBe('2027-11-07T01:30:00.000-04:00');
    expect(slots.find((s) => s.local.startsWith('2027-11-07T02:00'))!.start).toBe('2027-11-07T07:00:00.000Z');
    expect(new Set(slots.map((s) => s.local.slice(0, 16))).size).toBe(slots.length);
  });

  it('a consultation must end within its opening range', () => {
    const availability = { ...NEW_YORK, services: [{ serviceId: 1, bookable: true, lengthMinutes: 45 }] };
    expect(locals(day(availability, '2027-02-07'))).toEqual(['00:00', '00:45', '01:30', '02:15', '03:00']);
    expect(lengthOf(availability, 2)).toBe(30);
  });

  it('keeps the buffer around a booked appointment and fills up to the capacity', () => {
    const booked = [{ start: new Date('2027-02-07T06:00:00Z'), end: new Date('2027-02-07T06:30:00Z') }]; // 01:00–01:30 local
    const buffered = { ...NEW_YORK, bufferMinutes: 15 };
    expect(locals(day(buffered, '2027-02-07', { booked }))).toEqual(['00:00', '02:00', '02:30', '03:00', '03:30']);
    expect(locals(day({ ...NEW_YORK, capacity: 2 }, '2027-02-07', { booked }))).toContain('01:00');
    expect(locals(day({ ...NEW_YORK, capacity: 2 }, '2027-02-07', { booked: [...booked, ...booked] }))).not.toContain('01:00');
  });

  it('honours closed dates, the minimum notice and the horizon in the clinic zone', () => {
    expect(day({ ...NEW_YORK, closedDates: ['2027-02-07'] }, '2027-02-07')).toEqual([]);
    const now = new Date('2027-02-07T06:10:00Z'); // 01:10 in New York
    expect(locals(day({ ...NEW_YORK, minNoticeMinutes: 120 }, '2027-02-07', { now }))).toEqual(['03:30']);
    expect(day({ ...NEW_YORK, horizonDays: 7 }, '2027-02-14', { now })).toEqual([]);
    expect(day({ ...NEW_YORK, horizonDays: 8 }, '2027-02-14', { now })).toHaveLength(8);
  });

  it('answers UTC instants and the same instants in the clinic zone, in order', () => {
    const slots = day({ ...NEW_YORK, weekly: { ...NEW_YORK.weekly, sun: [{ start: '13:00', end: '14:00' }, { start: '09:00', end: '10:00' }] } }, '2027-02-07');
    expect(slots).toEqual([
      { start: '2027-02-07T14:00:00.000Z', local: '2027-02-07T09:00:00.000-05:00' },
      { start: '2027-02-07T14:30:00.000Z', local: '2027-02-07T09:30:00.000-05:00' },
      { start: '2027-02-07T18:00:00.000Z', local: '2027-02-07T13:00:00.000-05:00' },
      { start: '2027-02-07T18:30:00.000Z', local: '2027-02-07T13:30:00.000-05:00' },
    ]);
  });
});

describe('availability rules', () => {
  const issues = (patch: Partial<Record<keyof Availability, unknown>>) => {
    const result = AvailabilitySchema.safeParse({ ...DEFAULT_AVAILABILITY, ...patch });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts the defaults, so a clinic that changes nothing can be booked', () => {
    expect(issues({})).toEqual([]);
    expect(day({ ...DEFAULT_AVAILABILITY }, '2027-02-08', { now: new Date('2027-02-01T00:00:00Z') }).length).toBeGreaterThan(0);
  });

  it('says at the field what is wrong: a range ending before it starts, overlapping ranges, a length of 0, an unknown zone', () => {
    expect(issues({ weekly: { ...DEFAULT_AVAILABILITY.weekly, mon: [{ start: '12:00', end: '09:00' }] } })).toEqual(['weekly.mon.0.end: The range must end after it starts']);
    expect(issues({ weekly: { ...DEFAULT_AVAILABILITY.weekly, tue: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } })).toEqual([
      'weekly.tue.1.start: This range overlaps another on the same day',
    ]);
    expect(issues({ services: [{ serviceId: 3, lengthMinutes: 0 }] })).toEqual(['services.0.lengthMinutes: A consultation takes at least 5 minutes']);
    expect(issues({ timeZone: 'Mars/Olympus' })).toEqual(['timeZone: Choose a time zone such as America/New_York']);
    expect(issues({ closedDates: ['2027-02-30'] })).toEqual(['closedDates.0: Enter a real date']);
  });
});

describe('the slots offered when a time was just taken', () => {
  // Sundays 00:00–04:00 New York time, 30-minute consultations: eight slots on 7 March 2027 (05:00–09:00Z).
  const now = new Date('2027-03-01T00:00:00Z');
  const around = (clock: string, booked: Array<{ start: Date; end: Date }> = []) =>
    nearestSlots(NEW_YORK, { serviceId: 1, around: new Date(`2027-03-07T${clock}:00-05:00`), days: 3, count: 3, now, booked }).map((slot) => slot.local.slice(11, 16));
  const taken = (clock: string) => ({ start: new Date(`2027-03-07T${clock}:00-05:00`), end: new Date(Date.parse(`2027-03-07T${clock}:00-05:00`) + 30 * 60_000) });

  it('offers the next free times after the one asked', () => {
    expect(around('01:00', [taken('01:00'), taken('02:00')])).toEqual(['01:30', '02:30', '03:00']);
  });

  it('offers the latest free times before it when the day fills up from its end', () => {
    expect(around('03:00', [taken('03:00'), taken('03:30')])).toEqual(['01:30', '02:00', '02:30']);
    expect(around('03:30', [taken('03:30')])).toEqual(['02:00', '02:30', '03:00']);
  });

  it('offers nothing before now', () => {
    const late = nearestSlots(NEW_YORK, { serviceId: 1, around: new Date('2027-03-07T03:30:00-05:00'), days: 3, count: 3, now: new Date('2027-03-07T03:10:00-05:00'), booked: [taken('03:30')] });
    expect(late).toEqual([]);
  });
});

describe('the times of an ordinary day (one UTC offset all day)', () => {
  it('are the instants and local texts Luxon gives, in a zone behind UTC, ahead of it, and UTC itself', () => {
    for (const timeZone of ['America/Boise', 'Asia/Kolkata', 'UTC']) {
      const hours = [{ start: '07:00', end: '21:00' }];
      const rules: Availability = { ...NEW_YORK, timeZone, weekly: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours } };
      const slots = freeSlots(rules, { serviceId: 1, from: new Date('2027-06-01T00:00:00Z'), to: new Date('2027-06-04T00:00:00Z'), now: new Date('2027-05-01T00:00:00Z'), booked: [] });
      expect(slots.length).toBeGreaterThan(50);
      for (const slot of slots) expect(slot.local).toBe(DateTime.fromISO(slot.start, { zone: timeZone }).toISO());
    }
  });
});
