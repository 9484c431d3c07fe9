import { EXPERIMENT_RULE } from '@hap/stats/rule';
import { notEnoughData } from '../../src/experiments/experiments-rules';

/** The experiment screen's table before the rule's minimum data: progress, not prior-only figures. */
describe('notEnoughData', () => {
  const arm = (variant: 'A' | 'B' | 'C', leads: number, bookings = 0) => ({ variant, leads, bookings });

  it('names each arm’s conversions of the goal against the rule’s minimum until every arm has it', () => {
    expect(EXPERIMENT_RULE.minConversionsPerArm).toBe(40);
    expect(notEnoughData({ goal: 'leads', arms: [arm('A', 12), arm('B', 3)] })).toEqual([
      'not enough data yet (12 of 40 conversions)',
      'not enough data yet (3 of 40 conversions)',
    ]);
    expect(notEnoughData({ goal: 'bookings', arms: [arm('A', 90, 41), arm('B', 90, 7)] })).toEqual([
      '41 conversions: waiting for the other styles',
      'not enough data yet (7 of 40 conversions)',
    ]);
  });

  it('lets the figures show once every arm has the minimum', () => {
    expect(notEnoughData({ goal: 'leads', arms: [arm('A', 40), arm('B', 55)] })).toBeNull();
  });
});
