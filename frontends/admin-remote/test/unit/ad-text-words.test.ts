import type { CampaignAdTexts } from '@hap/contracts';
import { adChangeLines, reviewSummary, updatable, updateLabel } from '../../src/google-ads/ad-texts/ad-text-words';

const campaign = (over: Partial<CampaignAdTexts>): CampaignAdTexts => ({
  launchId: '00000000-0000-4000-8000-000000000001',
  clientId: 1,
  serviceId: 2,
  campaignName: 'Cedar - TRT #1',
  status: 'ENABLED',
  changes: [],
  unchanged: 0,
  notFromTemplate: [],
  warnings: [],
  problem: null,
  ...over,
});
const change = { adGroup: 'Low T', adId: '9', before: { headlines: ['A', 'B', 'C'], descriptions: ['D', 'E'] }, after: { headlines: ['A', 'X', 'C'], descriptions: ['D', 'E'] } };

/** docs/campaigns.md#ad-texts-follow-the-template: the rollout screen's words for the ads of launched campaigns. */
describe('ad text words', () => {
  it('says what changes in an ad: replaced, added, removed, reordered', () => {
    expect(adChangeLines(change.before, change.after)).toEqual(['Headline “B” replaced by “X”']);
    expect(adChangeLines({ headlines: ['A'], descriptions: ['D', 'E'] }, { headlines: ['A', 'B'], descriptions: ['D'] })).toEqual(['Added headline “B”', 'Removed description “E”']);
    expect(adChangeLines({ headlines: ['A', 'B'], descriptions: [] }, { headlines: ['B', 'A'], descriptions: [] })).toEqual(['Headlines in a new order']);
  });

  it('sums the review up and counts only the campaigns an update would change', () => {
    const campaigns = [campaign({ changes: [change] }), campaign({ changes: [change], problem: 'Google Ads refused the change: Too long.' }), campaign({ unchanged: 2 }), campaign({ status: 'REMOVED' })];
    expect(updatable(campaigns)).toHaveLength(1);
    expect(reviewSummary(campaigns)).toBe('3 campaigns launched from this template: 1 ad to update, 1 campaign that cannot be updated.');
    expect(reviewSummary([campaign({ unchanged: 2 })])).toBe("1 campaign launched from this template: every ad already has the template's texts.");
    expect(reviewSummary([])).toBe('None of these clinics has a campaign launched from this template.');
    expect(reviewSummary([campaign({ status: 'REMOVED' })])).toBe("None of these clinics' campaigns launched from this template is in Google Ads any more.");
    expect(updateLabel(1)).toBe('Update the ads of 1 campaign');
    expect(updateLabel(3)).toBe('Update the ads of 3 campaigns');
  });
});
