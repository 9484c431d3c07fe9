import { fitsKeyword, negativeKeywordRecommendations, normaliseTerm, type SearchTerm } from '../src/ads/recommendations';

const term = (searchTerm: string, cost: number, fields: Partial<SearchTerm> = {}): SearchTerm => ({
  campaignId: '111',
  campaignName: 'TRT Austin',
  adGroupId: '1',
  searchTerm,
  impressions: 100,
  clicks: 10,
  cost,
  conversions: 0,
  ...fields,
});
const window = { from: '2026-11-05', to: '2026-12-04' };

describe('negative keyword recommendations (docs/campaigns.md#recommendations)', () => {
  it('recommends a term of a campaign that spent $20 or more without a conversion, its ad groups and spellings added up, the costliest first', () => {
    const found = negativeKeywordRecommendations(
      [term('Free  TRT', 12), term('free trt', 9, { adGroupId: '2' }), term('trt cost', 35), term('trt clinic', 50, { conversions: 1 }), term('trt pills', 19.99)],
      window,
      new Set(),
    );
    expect(found.map((r) => [r.searchTerm, r.evidence.cost, r.evidence.clicks])).toEqual([
      ['trt cost', 35, 10],
      ['free trt', 21, 20],
    ]);
    expect(found[1]).toMatchObject({ id: 'negative_keyword:111:free trt', change: 'Add [free trt] as an exact-match negative keyword to the campaign ‘TRT Austin’.' });
  });

  it('keeps campaigns apart, and leaves out what is excluded already and what Google would not take as a keyword', () => {
    const long = Array.from({ length: 11 }, (_, i) => `word${i}`).join(' ');
    const found = negativeKeywordRecommendations(
      [term('trt cost', 25), term('trt cost', 25, { campaignId: '222', campaignName: 'TRT Dallas' }), term(long, 90), term('x'.repeat(81), 90)],
      window,
      new Set(['111:trt cost']),
    );
    expect(found.map((r) => [r.campaignName, r.searchTerm])).toEqual([['TRT Dallas', 'trt cost']]);
  });

  it('reads terms as Google compares keywords', () => {
    expect(normaliseTerm('  Low   T  Clinic ')).toBe('low t clinic');
    expect(fitsKeyword('trt near me')).toBe(true);
    expect(fitsKeyword('   ')).toBe(false);
  });
});
