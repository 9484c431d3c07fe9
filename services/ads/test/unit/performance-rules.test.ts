import { errors } from 'google-ads-api';
import { durationMs } from '../../src/google-ads/google-ads-api.gateway';
import { amount, campaignDayOf, fromMicros, impressionShare, keywordDayOf, matchTypeName, performanceQueries, searchTermDayOf, wholeNumber } from '../../src/google-ads/performance-gaql';
import { isRevokedConsent } from '../../src/modules/performance/performance.job';
import { lastDays } from '../../src/modules/performance/performance-range';

describe('performance GAQL', () => {
  it('asks for campaign and keyword_view metrics by segments.date over a bounded range', () => {
    const q = performanceQueries({ from: '2026-11-01', to: '2026-11-27' });
    expect(q.campaigns).toBe(
      "SELECT campaign.id, campaign.name, segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value, metrics.search_impression_share FROM campaign WHERE segments.date BETWEEN '2026-11-01' AND '2026-11-27'",
    );
    expect(q.keywords).toMatch(/^SELECT campaign\.id, ad_group\.id, ad_group\.name, ad_group_criterion\.criterion_id, ad_group_criterion\.keyword\.text, ad_group_criterion\.keyword\.match_type, segments\.date, metrics\.impressions/);
    expect(q.keywords).toMatch(/FROM keyword_view WHERE segments\.date BETWEEN '2026-11-01' AND '2026-11-27'$/);
    expect(q.keywords).toContain('metrics.search_impression_share FROM keyword_view');
    // Not selectable with search_term_view: Google would refuse the whole report.
    expect(q.searchTerms).not.toContain('search_impression_share');
    expect(q.searchTerms).toMatch(/^SELECT campaign\.id, ad_group\.id, search_term_view\.search_term, segments\.date, metrics\.impressions.* FROM search_term_view WHERE segments\.date BETWEEN '2026-11-01' AND '2026-11-27'$/);
  });

  it('never puts anything but a day into a query, nor a backwards range', () => {
    expect(() => performanceQueries({ from: "2026-11-01' OR '1'='1", to: '2026-11-02' })).toThrow(RangeError);
    expect(() => performanceQueries({ from: '2026-11-03', to: '2026-11-02' })).toThrow('2026-11-03 is after 2026-11-02');
  });
});

describe('reading report rows', () => {
  it('keeps cost in micros as a whole number, from strings (REST), numbers or Longs', () => {
    expect(wholeNumber('15230000')).toBe(15_230_000);
    expect(wholeNumber(15_230_000)).toBe(15_230_000);
    expect(wholeNumber({ toString: () => '9007199254' })).toBe(9_007_199_254);
    expect(wholeNumber(undefined)).toBe(0);
    expect(wholeNumber('not a number')).toBe(0);
    expect(fromMicros(33_500_000)).toBe(33.5);
    expect(amount(1.25)).toBe(1.25);
    expect(amount(null)).toBe(0);
  });

  it('reads search impression share where Google gives one, null where it gives none or nonsense', () => {
    expect(impressionShare(0.64)).toBe(0.64);
    expect(impressionShare('0.0999')).toBe(0.0999);
    expect(impressionShare(1)).toBe(1);
    for (const none of [undefined, null, '', 0, -0.2, 1.5, 'n/a']) expect(impressionShare(none)).toBeNull();
  });

  it('names match types whether Google sent the number or the name', () => {
    expect(matchTypeName(2)).toBe('EXACT');
    expect(matchTypeName(3)).toBe('PHRASE');
    expect(matchTypeName(4)).toBe('BROAD');
    expect(matchTypeName('PHRASE')).toBe('PHRASE');
    expect(matchTypeName(undefined)).toBe('UNKNOWN');
  });

  it('reads a campaign row and a keyword row', () => {
    const metrics = { impressions: '120', clicks: '9', cost_micros: '4500000', conversions: 1.5, conversions_value: 250 };
    expect(campaignDayOf({ campaign: { id: '42', name: 'TRT' }, segments: { date: '2026-11-26' }, metrics })).toEqual({
      date: '2026-11-26',
      campaignId: '42',
      campaignName: 'TRT',
      impressions: 120,
      clicks: 9,
      costMicros: 4_500_000,
      conversions: 1.5,
      conversionValue: 250,
      searchImpressionShare: null,
    });
    expect(campaignDayOf({ campaign: { id: '42' }, segments: { date: '2026-11-26' }, metrics: { ...metrics, search_impression_share: 0.0999 } }).searchImpressionShare).toBe(0.0999);
    expect(
      keywordDayOf({ campaign: { id: '42' }, ad_group: { id: '7', name: 'Testosterone' }, ad_group_criterion: { criterion_id: '99', keyword: { text: 'trt clinic', match_type: 2 } }, segments: { date: '2026-11-26' }, metrics }),
    ).toMatchObject({ campaignId: '42', adGroupId: '7', adGroupName: 'Testosterone', criterionId: '99', keywordText: 'trt clinic', matchType: 'EXACT', costMicros: 4_500_000 });
    expect(searchTermDayOf({ campaign: { id: '42' }, ad_group: { id: '7' }, search_term_view: { search_term: 'free trt near me' }, segments: { date: '2026-11-26' }, metrics })).toMatchObject({
      campaignId: '42',
      adGroupId: '7',
      searchTerm: 'free trt near me',
      date: '2026-11-26',
      costMicros: 4_500_000,
    });
  });
});

describe('rules of the reads', () => {
  it("reads Google's retry delay as gRPC decodes it and as REST JSON sends it", () => {
    expect(durationMs({ seconds: 30 })).toBe(30_000);
    expect(durationMs({ seconds: '2', nanos: 500_000_000 })).toBe(2_500);
    expect(durationMs('647s')).toBe(647_000);
    expect(durationMs('1.5s')).toBe(1_500);
    expect(durationMs('soon')).toBe(0);
    expect(durationMs(undefined)).toBe(0);
    // What the library builds from a REST failure keeps the string.
    const failure = new errors.GoogleAdsFailure({ errors: [{ details: { quota_error_details: { retry_delay: '3s' as never } } }] });
    expect(durationMs(failure.errors[0]!.details!.quota_error_details!.retry_delay)).toBe(3_000);
  });

  it('ranges end today (UTC), the first day included', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(lastDays(1, now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(lastDays(3, now)).toEqual({ from: '2026-11-25', to: '2026-11-27' });
    expect(lastDays(30, now)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });

  it('takes a refused refresh token for a lost connection, not for something to retry', () => {
    expect(isRevokedConsent(Object.assign(new Error('invalid_grant'), {}))).toBe(true);
    expect(isRevokedConsent(Object.assign(new Error('Request failed'), { response: { data: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } } }))).toBe(true);
    expect(isRevokedConsent(new Error('socket hang up'))).toBe(false);
  });
});
