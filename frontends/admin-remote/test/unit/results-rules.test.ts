import type { ResultsBreakdownRow } from '@hap/contracts';
import { breakdownCsv, daysIn, deltaOf, formatImpressionShare, formatMinutes, formatRate, formatShare, lastDays, previousPeriod } from '../../src/results/results-rules';

describe('Results screen rules', () => {
  it('ranges: the last N days, today included, and the same length just before', () => {
    expect(lastDays(30, '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(daysIn({ from: '2026-10-29', to: '2026-11-27' })).toBe(30);
    expect(previousPeriod({ from: '2026-10-29', to: '2026-11-27' })).toEqual({ from: '2026-09-29', to: '2026-10-28' });
    // Across a month's end and a leap day.
    expect(previousPeriod({ from: '2028-03-01', to: '2028-03-07' })).toEqual({ from: '2028-02-23', to: '2028-02-29' });
  });

  it.each([
    [120, 100, '+20%'],
    [90, 100, '−10%'],
    [100, 100, 'no change'],
    [5, 0, 'new'],
    [0, 0, 'no change'],
    [null, 100, null],
    [100, null, null],
  ] as const)('delta %j vs %j is %j', (now, before, words) => {
    expect(deltaOf(now, before)).toBe(words);
  });

  it('shares are whole percents, and a dash when there is nothing to divide', () => {
    expect(formatShare(0.75)).toBe('75%');
    expect(formatShare(null)).toBe('—');
  });

  it('search impression share reads as Google reports it: under 10 % as a bound, none as a dash', () => {
    expect(formatImpressionShare(0.642)).toBe('64%');
    expect(formatImpressionShare(0.0999)).toBe('< 10%');
    expect(formatImpressionShare(null)).toBe('—');
  });

  it('rates show their 95% range, or say there are too few visits', () => {
    expect(formatRate({ rate: 0.0217, low: 0.0093, high: 0.0499, note: null })).toBe('2.2% (0.9%–5.0%)');
    expect(formatRate({ rate: null, low: null, high: null, note: 'too few visits to tell' })).toBe('too few visits to tell');
  });

  it('exports a breakdown as CSV with the range, quoting and neutralising formula cells', () => {
    const row = (label: string, views: number): ResultsBreakdownRow => ({
      key: label,
      label,
      clientId: null,
      views,
      visitors: views,
      leads: 2,
      contacted: 1,
      booked: 1,
      won: 0,
      showed: 1,
      noShow: 0,
      showRate: 1,
      spend: 12.5,
      clicks: 10,
      impressions: 100,
      googleConversions: 1.5,
      ctr: 0.1,
      searchImpressionShare: 0.64,
      averageCpc: 1.25,
      paidLeads: 1,
      paidBooked: 0,
      costPerLead: 6.25,
      costPerBooking: 12.5,
      costPerPaidLead: 12.5,
      costPerPaidBooking: null,
      costPerAttended: 12.5,
      leadRate: { rate: null, low: null, high: null, note: 'too few visits to tell' },
      bookingRate: { rate: null, low: null, high: null, note: 'too few visits to tell' },
    });
    const csv = breakdownCsv('Campaign', { from: '2026-11-01', to: '2026-11-27' }, [row('TRT, Denver', 40), row('=HYPERLINK("x")', 3)]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('From,To,Campaign,Visits,Visitors,Leads,Contacted,Booked,Won,Spend (USD),Clicks,Impressions,CTR,Search impression share,Avg. CPC (USD),Google conversions,Google Ads leads,Google Ads bookings,Cost per paid lead (USD),Cost per lead of any source (USD),Cost per paid booking (USD),Cost per booking of any source (USD),Showed,No-show,Show rate,Cost per attended (USD),Lead rate,Lead rate low (95%),Lead rate high (95%)');
    expect(lines[1]).toBe('2026-11-01,2026-11-27,"TRT, Denver",40,40,2,1,1,0,12.5,10,100,0.1,0.64,1.25,1.5,1,0,12.5,6.25,,12.5,1,0,1,12.5,,,');
    expect(lines[2]).toBe(`2026-11-01,2026-11-27,"'=HYPERLINK(""x"")",3,3,2,1,1,0,12.5,10,100,0.1,0.64,1.25,1.5,1,0,12.5,6.25,,12.5,1,0,1,12.5,,,`);
  });
});

describe('formatMinutes: speed to lead as a front desk reads it', () => {
  it('says seconds, minutes, hours, and a dash when nothing was contacted', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(0.5)).toBe('30 s');
    expect(formatMinutes(12.4)).toBe('12 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(185)).toBe('3 h 5 min');
  });
});
