import { actionsFor, dateOfInstant, placeByDay, shiftDate, timeIn, todayIn, viewTitle, windowOf } from '../../src/booking/calendar-rules';

const NY = 'America/New_York';
const hoursOf = (w: { from: string; to: string }) => (Date.parse(w.to) - Date.parse(w.from)) / 3_600_000;

describe('the booking calendar in the clinic’s zone', () => {
  it('asks for a Monday-to-Sunday week from local midnight to local midnight, seven days across the spring change of the clocks', () => {
    // 2026-03-08: New York skips 02:00–03:00 (EST → EDT).
    const week = windowOf('week', '2026-03-05', NY);
    expect(week.days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(week.from).toBe('2026-03-02T05:00:00.000Z');
    expect(week.to).toBe('2026-03-09T04:00:00.000Z');
    expect(hoursOf(week)).toBe(167);
  });

  it('makes the autumn week 169 hours long, and its Sunday 25', () => {
    // 2026-11-01: New York repeats 01:00–02:00 (EDT → EST).
    const week = windowOf('week', '2026-11-01', NY);
    expect(week.days[0]!.date).toBe('2026-10-26');
    expect(week.from).toBe('2026-10-26T04:00:00.000Z');
    expect(week.to).toBe('2026-11-02T05:00:00.000Z');
    expect(hoursOf(week)).toBe(169);
    expect(hoursOf(windowOf('day', '2026-11-01', NY))).toBe(25);
    expect(hoursOf(windowOf('day', '2026-03-08', NY))).toBe(23);
  });

  it('counts days in the clinic’s zone, not the browser’s or UTC', () => {
    const tokyo = windowOf('day', '2026-03-02', 'Asia/Tokyo');
    expect(tokyo.from).toBe('2026-03-01T15:00:00.000Z');
    expect(tokyo.to).toBe('2026-03-02T15:00:00.000Z');
    expect(todayIn('Pacific/Auckland', new Date('2026-03-02T12:00:00Z'))).toBe('2026-03-03');
    expect(todayIn('America/Los_Angeles', new Date('2026-03-02T05:00:00Z'))).toBe('2026-03-01');
  });

  it('steps a day or a week by the calendar, whatever the length of the days between', () => {
    expect(shiftDate('week', '2026-03-04', NY, 1)).toBe('2026-03-11');
    expect(shiftDate('week', '2026-03-11', NY, -1)).toBe('2026-03-04');
    expect(shiftDate('day', '2026-03-08', NY, 1)).toBe('2026-03-09');
    expect(shiftDate('day', '2026-03-01', NY, -1)).toBe('2026-02-28');
    // An address with no real date shows today.
    expect(windowOf('day', '2026-02-30', NY, new Date('2026-05-05T15:00:00Z')).days[0]!.date).toBe('2026-05-05');
  });

  it('puts each appointment on its day in the clinic’s zone, earliest first, and leaves out those outside the view', () => {
    const week = windowOf('week', '2026-03-05', NY);
    const appointments = [
      { id: 1, start: '2026-03-08T14:00:00Z' }, // Sun 10:00 EDT
      { id: 2, start: '2026-03-08T03:30:00Z' }, // Sat 22:30 EST (UTC says Sunday)
      { id: 3, start: '2026-03-08T13:00:00Z' }, // Sun 09:00 EDT
      { id: 4, start: '2026-03-09T04:00:00Z' }, // Mon 00:00 EDT: the next week
      { id: 5, start: '2026-03-02T04:59:00Z' }, // Sun 23:59 EST: the week before
    ];
    const placed = placeByDay(appointments, week.days, NY);
    expect(placed.get('2026-03-07')!.map((a) => a.id)).toEqual([2]);
    expect(placed.get('2026-03-08')!.map((a) => a.id)).toEqual([3, 1]);
    expect([...placed.values()].flat()).toHaveLength(3);
    expect(dateOfInstant('2026-03-08T03:30:00Z', 'UTC')).toBe('2026-03-08');
  });

  it('shows times on the clinic’s clock, with the offset of their own date', () => {
    expect(timeIn('2026-03-06T14:00:00Z', NY)).toBe('9:00 AM');
    expect(timeIn('2026-03-09T13:00:00Z', NY)).toBe('9:00 AM');
    expect(timeIn('2026-03-09T13:00:00Z', 'Europe/London')).toBe('1:00 PM');
  });

  it('titles a view by its day or its week', () => {
    expect(viewTitle('day', windowOf('day', '2026-03-08', NY).days)).toBe('Sunday, March 8, 2026');
    expect(viewTitle('week', windowOf('week', '2026-03-05', NY).days)).toBe('Mar 2 – 8, 2026');
    expect(viewTitle('week', windowOf('week', '2026-04-01', NY).days)).toBe('Mar 30 – Apr 5, 2026');
    expect(viewTitle('week', windowOf('week', '2026-12-31', NY).days)).toBe('Dec 28, 2026 – Jan 3, 2027');
  });
});

describe('what the clinic may do with an appointment', () => {
  const now = new Date('2026-03-05T15:00:00Z');
  const later = '2026-03-06T15:00:00Z';
  const earlier = '2026-03-05T14:00:00Z';

  it('confirms a pending one, moves and cancels one that has not begun', () => {
    expect(actionsFor({ status: 'pending', start: later }, now)).toEqual(['confirm', 'move', 'cancel']);
    expect(actionsFor({ status: 'booked', start: later }, now)).toEqual(['move', 'cancel']);
  });

  it('marks showed or no-show only once its start has passed', () => {
    expect(actionsFor({ status: 'booked', start: earlier }, now)).toEqual(['showed', 'no_show', 'cancel']);
    expect(actionsFor({ status: 'booked', start: now.toISOString() }, now)).toEqual(['showed', 'no_show', 'cancel']);
    expect(actionsFor({ status: 'booked', start: later }, now)).not.toContain('showed');
  });

  it('offers nothing for a cancelled or attended one', () => {
    for (const status of ['cancelled', 'showed', 'no_show'] as const) expect(actionsFor({ status, start: earlier }, now)).toEqual([]);
  });
});
