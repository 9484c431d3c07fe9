import { costPer, MIN_VIEWS_FOR_RATE, rateOf, searchImpressionShareOf, wilsonInterval } from '../src';

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

describe('search impression share of several days', () => {
  it('weighs each day by the impressions it was eligible for, over the days Google gave a share', () => {
    // 100 of 200 eligible and 300 of 400: 400 of 600, not the mean of 50 % and 75 %.
    expect(
      searchImpressionShareOf([
        { impressions: 100, searchImpressionShare: 0.5 },
        { impressions: 300, searchImpressionShare: 0.75 },
        { impressions: 50, searchImpressionShare: null },
      ]),
    ).toBeCloseTo(2 / 3, 10);
    // A day under 10 % (0.0999) stays under 10 %.
    expect(searchImpressionShareOf([{ impressions: 10, searchImpressionShare: 0.0999 }])).toBeCloseTo(0.0999, 10);
  });

  it('is null without a share to weigh, never a made-up 0', () => {
    expect(searchImpressionShareOf([])).toBeNull();
    expect(searchImpressionShareOf([{ impressions: 40, searchImpressionShare: null }])).toBeNull();
    expect(searchImpressionShareOf([{ impressions: 0, searchImpressionShare: 0.5 }])).toBeNull();
  });
});
