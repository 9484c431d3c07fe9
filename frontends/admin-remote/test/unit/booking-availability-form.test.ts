import { DEFAULT_AVAILABILITY, type Availability } from '@hap/contracts';
import { bodyOf, checkDraft, draftOf, durationLabel, errorsOf, nextRange, noticeOptions, timeZoneOptions } from '../../src/booking/availability-form';

const services = [
  { id: 11, name: 'Testosterone Therapy' },
  { id: 12, name: 'Weight Care' },
];

describe('the availability form', () => {
  it('lists every service of the clinic: a service without its own row is bookable at 30 minutes', () => {
    const stored: Availability = { ...DEFAULT_AVAILABILITY, services: [{ serviceId: 12, bookable: false, lengthMinutes: 45 }] };
    const draft = draftOf(stored, services);
    expect(draft.services).toEqual([
      { serviceId: 11, name: 'Testosterone Therapy', bookable: true, lengthMinutes: 30 },
      { serviceId: 12, name: 'Weight Care', bookable: false, lengthMinutes: 45 },
    ]);
    expect(bodyOf(draft).services).toEqual([
      { serviceId: 11, bookable: true, lengthMinutes: 30 },
      { serviceId: 12, bookable: false, lengthMinutes: 45 },
    ]);
  });

  it('keeps the stored rows of services it does not list (an inactive one), after the listed ones', () => {
    const stored: Availability = { ...DEFAULT_AVAILABILITY, services: [{ serviceId: 99, bookable: true, lengthMinutes: 60 }] };
    const body = bodyOf(draftOf(stored, services));
    expect(body.services!.map((s) => s.serviceId)).toEqual([11, 12, 99]);
    expect(body.services![2]).toEqual({ serviceId: 99, bookable: true, lengthMinutes: 60 });
  });

  it('sends the defaults as they are: the API’s schema takes them', () => {
    const checked = checkDraft(draftOf(DEFAULT_AVAILABILITY, services));
    expect(checked.ok).toBe(true);
  });

  it('puts each of the schema’s messages at its field: a range ending before it starts, overlapping ranges, a length of 0, an empty number', () => {
    const draft = draftOf(DEFAULT_AVAILABILITY, services);
    draft.weekly.sat = [{ start: '14:00', end: '10:00' }];
    draft.weekly.mon = [
      { start: '13:00', end: '17:00' },
      { start: '09:00', end: '13:30' },
    ];
    draft.services[1]!.lengthMinutes = 0;
    draft.bufferMinutes = Number.NaN;
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors['weekly.sat.0.end']).toBe('The range must end after it starts');
    // The overlap is told at the later range (here the first in the list).
    expect(checked.errors['weekly.mon.0.start']).toBe('This range overlaps another on the same day');
    expect(checked.errors['services.1.lengthMinutes']).toBe('A consultation takes at least 5 minutes');
    expect(checked.errors.bufferMinutes).toBe('Enter a number');
  });

  it('reads the API’s 400 issues, paths joined with dots, first message per field', () => {
    expect(
      errorsOf([
        { path: 'weekly.mon.0.end', message: 'The range must end after it starts' },
        { path: 'weekly.mon.0.end', message: 'Another' },
        { path: ['timeZone'], message: 'Choose a time zone such as America/New_York' },
      ]),
    ).toEqual({ 'weekly.mon.0.end': 'The range must end after it starts', timeZone: 'Choose a time zone such as America/New_York' });
  });

  it('adds a day’s next range after its last one, and 09:00–12:00 to a closed day', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '12:00' });
    expect(nextRange([{ start: '09:00', end: '12:00' }])).toEqual({ start: '13:00', end: '15:00' });
    expect(nextRange([{ start: '18:00', end: '22:30' }])).toEqual({ start: '22:30', end: '23:30' });
  });

  it('offers the zones the browser knows, the clinic’s own always among them', () => {
    const zones = timeZoneOptions('America/New_York');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect(timeZoneOptions('America/Argentina/ComodRivadavia')).toContain('America/Argentina/ComodRivadavia');
  });

  it('says notice in words, and keeps a stored notice that is not a usual choice', () => {
    expect(durationLabel(0)).toBe('None');
    expect(durationLabel(120)).toBe('2 hours');
    expect(durationLabel(1500)).toBe('1 day 1 hour');
    expect(noticeOptions(95).map((o) => o.value)).toContain(95);
    expect(noticeOptions(95).find((o) => o.value === 95)!.label).toBe('1 hour 35 minutes');
  });
});
