import { AD_LIMITS } from '@hap/contracts';
import { planAdTexts, sentTexts, type RunningAd } from '../../src/campaign/ad-texts';

const ad = (adGroupName: string, adId: string, headlines: string[], descriptions: string[]): RunningAd => ({
  resourceName: `customers/1234567890/ads/${adId}`,
  adId,
  adGroupName,
  headlines,
  descriptions,
});

/** docs/campaigns.md#ad-texts-follow-the-template: which running ads take which of the template's texts. */
describe('a template’s ad texts against a campaign’s ads', () => {
  const planned = [
    { name: 'Low Testosterone', ads: [{ headlines: ['Low T? Get Tested', 'Book Today', 'Licensed Providers'], descriptions: ['Labs and a plan.', 'Same-week visits.'] }] },
    { name: 'Energy', ads: [{ headlines: ['Always Tired?', 'Check Hormones', 'Free Consult'], descriptions: ['Start with labs.', 'Book online.'] }] },
  ];

  it('changes an ad whose texts differ, counts the ones already so, and matches ad groups by name', () => {
    const plan = planAdTexts(planned, [
      ad('Low Testosterone', '11', ['Low T? Get Tested', 'Book Now', 'Licensed Providers'], ['Labs and a plan.', 'Same-week visits.']),
      ad('Energy', '12', ['Always Tired?', 'Check Hormones', 'Free Consult'], ['Start with labs.', 'Book online.']),
    ]);
    expect(plan.unchanged).toBe(1);
    expect(plan.notFromTemplate).toEqual([]);
    expect(plan.changes).toHaveLength(1);
    expect(plan.changes[0]!.ad.adId).toBe('11');
    expect(plan.changes[0]!.before.headlines).toContain('Book Now');
    expect(plan.changes[0]!.after.headlines).toEqual(['Low T? Get Tested', 'Book Today', 'Licensed Providers']);
  });

  it('leaves an ad group the template does not have, and an ad beyond the planned ones, as they are', () => {
    const plan = planAdTexts(planned, [
      ad('Builder Group', '21', ['Mine'], ['Mine too']),
      ad('Energy', '22', ['Old'], ['Old']),
      ad('Energy', '23', ['Second ad'], ['Second ad']),
    ]);
    expect(plan.notFromTemplate).toEqual(['Builder Group']);
    expect(plan.changes.map((c) => c.ad.adId)).toEqual(['22']);
    expect(plan.unchanged).toBe(0);
  });

  it('compares with what a launch sends: trimmed, no repeats ignoring case, at most Google’s counts', () => {
    const many = Array.from({ length: AD_LIMITS.headlinesMax + 3 }, (_, i) => `Headline ${i + 1}`);
    const sent = sentTexts({ headlines: [' Book Today ', 'book today', '', ...many], descriptions: ['One', 'One ', 'Two'] });
    expect(sent.headlines[0]).toBe('Book Today');
    expect(sent.headlines).toHaveLength(AD_LIMITS.headlinesMax);
    expect(sent.descriptions).toEqual(['One', 'Two']);
    // A running ad with exactly those texts needs no change.
    const plan = planAdTexts([{ name: 'G', ads: [{ headlines: [' Book Today ', 'book today', ...many], descriptions: ['One', 'One ', 'Two'] }] }], [ad('G', '31', sent.headlines, sent.descriptions)]);
    expect(plan).toEqual({ changes: [], unchanged: 1, notFromTemplate: [] });
  });

  it('leaves an ad alone when the template’s ad has no headlines', () => {
    expect(planAdTexts([{ name: 'G', ads: [{ headlines: [], descriptions: ['Only a description'] }] }], [ad('G', '41', ['A', 'B', 'C'], ['D', 'E'])]).changes).toEqual([]);
  });
});
