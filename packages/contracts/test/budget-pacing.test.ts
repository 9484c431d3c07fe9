import { budgetAlertMessage, ClientUpdateSchema, limitedButGood, paceOf, raisedDailyBudget } from '../src';

describe('budget pacing rules (docs/campaigns.md#budget-pacing)', () => {
  it('the share spent, the month at its pace so far, and the highest alert reached', () => {
    // $450 of $1,500 in 10 of 30 days: 30 % spent, heading for $1,350 (90 %).
    expect(paceOf({ monthlyBudget: 1500, spend: 450, daysElapsed: 10, daysInMonth: 30 })).toEqual({ share: 0.3, projectedSpend: 1350, projectedShare: 0.9, reached: null });
    expect(paceOf({ monthlyBudget: 1000, spend: 799.99, daysElapsed: 20, daysInMonth: 31 }).reached).toBeNull();
    expect(paceOf({ monthlyBudget: 1000, spend: 800, daysElapsed: 20, daysInMonth: 31 }).reached).toBe('near');
    expect(paceOf({ monthlyBudget: 1000, spend: 1000, daysElapsed: 28, daysInMonth: 28 }).reached).toBe('over');
    // Cents, as money is shown.
    expect(paceOf({ monthlyBudget: 100, spend: 10, daysElapsed: 3, daysInMonth: 31 }).projectedSpend).toBe(103.33);
  });

  it('a budget-limited campaign deserves more only when it books below the target', () => {
    expect(limitedButGood(35, 50)).toBe(true);
    expect(limitedButGood(50, 50)).toBe(false);
    expect(limitedButGood(null, 50)).toBe(false);
    expect(limitedButGood(35, null)).toBe(false);
  });

  it('says what happened in money, never a patient', () => {
    const clinic = { name: 'Birch Hollow', monthlyBudget: 3000, spend: 2412.5, targetCostPerBooking: 150 };
    expect(budgetAlertMessage({ kind: 'near' }, clinic)).toBe('Birch Hollow has spent $2,412.50 of its $3,000.00 monthly Google Ads budget (80 %).');
    expect(budgetAlertMessage({ kind: 'limited', campaignName: 'TRT Search', costPerPaidBooking: 98.4 }, clinic)).toBe(
      'TRT Search of Birch Hollow is limited by its budget while it books at $98.40 a booking, below the $150.00 target: consider raising its budget.',
    );
  });

  it('takes a budget in dollars from the API or a form’s text', () => {
    const parsed = (monthlyAdBudget: unknown) => ClientUpdateSchema.safeParse({ monthlyAdBudget });
    expect(parsed('$3,000').data).toEqual({ monthlyAdBudget: 3000 });
    expect(parsed(' 49.5 ').data).toEqual({ monthlyAdBudget: 49.5 });
    expect(parsed(1234.567).data).toEqual({ monthlyAdBudget: 1234.57 });
    expect(parsed('').data).toEqual({ monthlyAdBudget: null });
    expect(parsed(null).data).toEqual({ monthlyAdBudget: null });
    for (const bad of ['0', '-5', '1e3', '12.345', 'three']) expect(parsed(bad).error?.issues[0]?.message).toBe('Monthly Google Ads budget must be an amount in dollars, more than 0');
    expect(parsed(2_000_000).error?.issues[0]?.message).toBe('Monthly Google Ads budget must be at most $1,000,000');
  });
});

describe('raisedDailyBudget: the raise recommended for a limited campaign that books below target', () => {
  it('is a fifth more in whole dollars, at least one more, within the launch bounds', () => {
    expect(raisedDailyBudget(20)).toBe(24);
    expect(raisedDailyBudget(33)).toBe(40);
    expect(raisedDailyBudget(2)).toBe(3);
    expect(raisedDailyBudget(4.5)).toBe(6);
    expect(raisedDailyBudget(950)).toBe(1000);
    expect(raisedDailyBudget(1000)).toBeNull();
    expect(raisedDailyBudget(null)).toBeNull();
  });
});
