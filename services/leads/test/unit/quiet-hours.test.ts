import { quietUntil } from '../../src/modules/messages/message.rules';

const at = (iso: string) => new Date(iso);
const NY = 'America/New_York';

describe('quietUntil: when a user’s quiet hours end (docs/leads.md#delivery)', () => {
  const night = { start: '20:00', end: '07:00' };

  it('is null outside quiet hours and without any', () => {
    expect(quietUntil(at('2026-12-03T17:00:00Z'), NY, night)).toBeNull(); // 12:00 in New York
    expect(quietUntil(at('2026-12-03T12:00:00Z'), NY, night)).toBeNull(); // 07:00 exactly: over
    expect(quietUntil(at('2026-12-04T03:00:00Z'), NY, null)).toBeNull();
  });

  it('holds an overnight alert until the end, the same night or the next morning', () => {
    expect(quietUntil(at('2026-12-04T03:00:00Z'), NY, night)).toEqual(at('2026-12-04T12:00:00Z')); // 22:00 → 07:00 next day
    expect(quietUntil(at('2026-12-04T06:30:00Z'), NY, night)).toEqual(at('2026-12-04T12:00:00Z')); // 01:30 → 07:00 same day
    expect(quietUntil(at('2026-12-04T01:00:00Z'), NY, night)).toEqual(at('2026-12-04T12:00:00Z')); // 20:00 exactly: quiet
  });

  it('holds a span within one day until its end', () => {
    expect(quietUntil(at('2026-12-03T17:30:00Z'), NY, { start: '12:00', end: '13:00' })).toEqual(at('2026-12-03T18:00:00Z'));
    expect(quietUntil(at('2026-12-03T18:00:00Z'), NY, { start: '12:00', end: '13:00' })).toBeNull();
  });

  it('ends at 07:00 local on the night the clocks change, and reads the clinic’s own zone', () => {
    // 2027-03-14: New York springs forward at 02:00 (EST -5 → EDT -4).
    expect(quietUntil(at('2027-03-14T04:00:00Z'), NY, night)).toEqual(at('2027-03-14T11:00:00Z'));
    // 01:00 UTC is 20:00 in New York (quiet) but 01:00 in London (quiet too, ending at 07:00 London); 21:00 UTC only in London.
    expect(quietUntil(at('2026-12-04T01:00:00Z'), 'Europe/London', night)).toEqual(at('2026-12-04T07:00:00Z'));
    expect(quietUntil(at('2026-12-04T21:00:00Z'), 'Europe/London', night)).toEqual(at('2026-12-05T07:00:00Z'));
    expect(quietUntil(at('2026-12-04T21:00:00Z'), NY, night)).toBeNull(); // 16:00 in New York
  });

  it('reads a zone Luxon does not know as New York', () => {
    expect(quietUntil(at('2026-12-04T03:00:00Z'), 'Mars/Olympus', night)).toEqual(at('2026-12-04T12:00:00Z'));
  });
});
