import { costPer, MIN_VIEWS_FOR_RATE, rateOf, wilsonInterval } from '../src';

describe('conversion rates with their uncertainty', () => {
  it('Wilson score interval at 95 %', () => {
    // 5 of 230: the textbook interval is about 0.93 % to 5.0 %.
    const { low, high } = wilsonInterval(5, 230);
    expect(low).toBeCloseTo(0.00932, 4);
    expect(high).toBeCloseTo(0.04985, 4);
    // 0 of 100: from 0, not below; all of them: up to 1.
    expect(wilsonInterval(0, 100).low).toBe(0);
    expect(wilsonInterval(0, 100).high).toBeCloseTo(0.037, 3);
    expect(wilsonInterval(100, 100).high).toBe(1);
  });

  it(`says 'too few visits to tell' below ${MIN_VIEWS_FOR_RATE} views`, () => {
    expect(rateOf(3, MIN_VIEWS_FOR_RATE - 1)).toEqual({ rate: null, low: null, high: null, note: 'too few visits to tell' });
    expect(rateOf(3, MIN_VIEWS_FOR_RATE)).toMatchObject({ rate: 0.03, note: null });
    // More successes than views (leads from pages not counted) cannot exceed 100 %.
    expect(rateOf(150, 120)).toMatchObject({ rate: 1, high: 1 });
  });

  it('cost per outcome: none without spend or outcomes, to the cent', () => {
    expect(costPer(100, 3)).toBe(33.33);
    expect(costPer(null, 3)).toBeNull();
    expect(costPer(100, 0)).toBeNull();
  });
});
