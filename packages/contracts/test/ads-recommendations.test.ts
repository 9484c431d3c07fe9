import { adGroupFigures, fitsKeyword, keywordShown, keywordSubject, negativeKeywordRecommendations, normaliseTerm, pauseKeywordRecommendations, type KeywordFigures, type SearchTerm } from '../src/ads/recommendations';

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

describe('pauseKeywordRecommendations: keywords that spent without a conversion', () => {
  const days = { from: '2026-11-02', to: '2026-12-01' };
  const keyword = (over: Partial<KeywordFigures>): KeywordFigures => ({
    campaignId: '11',
    campaignName: 'TRT Austin',
    adGroupId: '77',
    adGroupName: 'TRT',
    criterionId: '501',
    keyword: 'testosterone shots',
    matchType: 'PHRASE',
    impressions: 300,
    clicks: 30,
    cost: 64.25,
    conversions: 0,
    searchImpressionShare: null,
    ...over,
  });

  it('recommends pausing one that spent $50 or more with no conversion, the costliest first, in Google Ads’ own writing', () => {
    const found = pauseKeywordRecommendations(
      [keyword({}), keyword({ criterionId: '502', keyword: 'trt clinic', matchType: 'EXACT', cost: 90, conversions: 1 }), keyword({ criterionId: '503', keyword: 'low t', cost: 49.99 }), keyword({ criterionId: '504', keyword: 'hormone doctor', matchType: 'BROAD', cost: 80 })],
      days,
      new Set(),
    );
    expect(found.map((r) => [r.id, r.change])).toEqual([
      ['pause_keyword:11:77~504', 'Pause the keyword hormone doctor in the ad group ‘TRT’ of ‘TRT Austin’.'],
      ['pause_keyword:11:77~501', 'Pause the keyword "testosterone shots" in the ad group ‘TRT’ of ‘TRT Austin’.'],
    ]);
    expect(found[1]).toMatchObject({ kind: 'pause_keyword', searchTerm: 'testosterone shots', keyword: { adGroupId: '77', criterionId: '501', matchType: 'PHRASE' }, evidence: { cost: 64.25, clicks: 30 } });
    expect(found[1]!.why).toBe('The keyword "testosterone shots" cost $64.25 for 30 clicks from 2026-11-02 to 2026-12-01, and no conversion (no lead, no booking).');
  });

  it('leaves out one paused from here already', () => {
    expect(pauseKeywordRecommendations([keyword({})], days, new Set([`11:${keywordSubject('77', '501')}`]))).toEqual([]);
    expect(keywordShown('trt clinic', 'EXACT')).toBe('[trt clinic]');
  });
});

describe('adGroupFigures: the keywords added up by ad group', () => {
  const keyword = (adGroupId: string, criterionId: string, over: Partial<KeywordFigures>): KeywordFigures => ({
    campaignId: '11',
    campaignName: 'TRT Austin',
    adGroupId,
    adGroupName: `Group ${adGroupId}`,
    criterionId,
    keyword: `keyword ${criterionId}`,
    matchType: 'PHRASE',
    impressions: 100,
    clicks: 10,
    cost: 10.1,
    conversions: 0,
    searchImpressionShare: null,
    ...over,
  });

  it('adds each group’s keywords, the costliest group first, cost to the cent and share weighted by eligible impressions', () => {
    const groups = adGroupFigures([
      keyword('1', 'a', { impressions: 100, searchImpressionShare: 0.5, cost: 10.1, conversions: 1.5 }),
      keyword('2', 'b', { cost: 40 }),
      keyword('1', 'c', { impressions: 300, searchImpressionShare: 0.75, cost: 20.2, clicks: 5, conversions: 0.25 }),
    ]);
    expect(groups.map((g) => [g.adGroupName, g.keywords, g.impressions, g.clicks, g.cost, g.conversions])).toEqual([
      ['Group 2', 1, 100, 10, 40, 0],
      ['Group 1', 2, 400, 15, 30.3, 1.75],
    ]);
    // 400 impressions of the 600 they were eligible for; the group without a share has none.
    expect(groups[1]!.searchImpressionShare).toBeCloseTo(2 / 3, 10);
    expect(groups[0]!.searchImpressionShare).toBeNull();
  });

  it('keeps ad groups of the same id in different campaigns apart, and has none without keywords', () => {
    expect(adGroupFigures([keyword('1', 'a', {}), keyword('1', 'b', { campaignId: '12' })])).toHaveLength(2);
    expect(adGroupFigures([])).toEqual([]);
  });
});
