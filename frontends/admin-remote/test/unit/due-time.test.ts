import { dueFromInputs, formatDue, tomorrowAtTen } from '../../src/leads/due-time';

describe('a task’s due time in the clinic’s zone (docs/leads.md#tasks)', () => {
  it('reads a typed date and time in the clinic’s zone, with its offset, across daylight saving', () => {
    expect(dueFromInputs('2026-12-05', '10:00', 'America/New_York')).toBe('2026-12-05T10:00:00.000-05:00');
    expect(dueFromInputs('2026-07-05', '10:00', 'America/New_York')).toBe('2026-07-05T10:00:00.000-04:00');
    expect(dueFromInputs('2026-12-05', '10:00', 'America/Denver')).toBe('2026-12-05T10:00:00.000-07:00');
    expect(dueFromInputs('not a day', '10:00', 'America/Denver')).toBeNull();
  });

  it('shows an instant as the clinic reads it', () => {
    expect(formatDue('2026-12-05T15:00:00.000Z', 'America/New_York')).toContain('10:00');
    expect(formatDue('2026-12-05T15:00:00.000Z', 'America/Denver')).toContain('8:00');
  });

  it('suggests tomorrow at 10 am', () => {
    const { date, time } = tomorrowAtTen('America/New_York');
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(time).toBe('10:00');
  });
});
