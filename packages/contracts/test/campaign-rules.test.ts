import { AD_LIMITS, CampaignStructureSchema, STRUCTURE_VALID_MESSAGE, validateCampaignStructure, type CampaignStructure } from '../src';

const ad = (headlines = ['Low Energy? Get Tested', 'Men’s Health Experts', 'Book a Free Consult'], descriptions = ['Lab testing and a plan made for you.', 'Licensed clinicians. Same-week visits.']) => ({
  headlines,
  descriptions,
});

const campaign = (over: Partial<CampaignStructure> = {}): CampaignStructure =>
  CampaignStructureSchema.parse({
    name: 'TRT - Core',
    adGroups: [{ name: 'Testosterone', keywordType: 'PHRASE', keywords: ['testosterone therapy', 'low t clinic'], ads: [ad()] }],
    extensions: { sitelinks: [{ linkText: 'Book Now', description1: 'Same-week visits', description2: 'Free consultation' }], callouts: ['Free Consultation'] },
    ...over,
  });

describe('validateCampaignStructure (docs/admin.md; Google’s Search limits)', () => {
  it('passes a campaign Google would take, with the spec’s message', () => {
    expect(validateCampaignStructure(campaign())).toEqual({
      allValid: true,
      validationResults: [{ adGroupName: 'Testosterone', errors: [] }],
      message: STRUCTURE_VALID_MESSAGE,
    });
  });

  it('refuses headlines over 30 and descriptions over 90 characters, naming them', () => {
    const long = 'A'.repeat(AD_LIMITS.headlineChars + 1);
    const result = validateCampaignStructure(
      campaign({ adGroups: [{ name: 'G', keywordType: 'EXACT', keywords: ['trt'], ads: [ad([long, 'Two', 'Three'], ['x'.repeat(91), 'Fine'])] }] }),
    );
    expect(result.allValid).toBe(false);
    expect(result.validationResults[0]!.errors).toEqual([
      `The ad headline 1 is 31 characters (at most 30): "${long}"`,
      expect.stringMatching(/^The ad description 1 is 91 characters \(at most 90\)/),
    ]);
    expect(result.message).toBe('2 issues found in the campaign structure');
  });

  it('asks for 3 to 15 headlines and 2 to 4 descriptions, without repeats', () => {
    const errors = validateCampaignStructure(
      campaign({ adGroups: [{ name: 'G', keywordType: 'EXACT', keywords: ['trt'], ads: [ad(['One', 'one '], ['Only one'])] }] }),
    ).validationResults[0]!.errors;
    expect(errors).toEqual(['The ad has 2 headlines (3 to 15)', 'The ad has 1 description (2 to 4)', 'The ad repeats the headline "one"']);
  });

  it('checks keywords: some, not too long, not too many words, no refused characters, no repeats', () => {
    const errors = validateCampaignStructure(
      campaign({
        adGroups: [
          { name: 'G', keywordType: 'BROAD', keywords: ['k'.repeat(81), 'one two three four five six seven eight nine ten eleven', 'trt (clinic)', 'TRT', 'trt'], ads: [ad()] },
          { name: 'Empty', keywordType: 'PHRASE', keywords: [], ads: [] },
        ],
      }),
    ).validationResults;
    expect(errors[0]!.errors).toEqual([
      expect.stringMatching(/is 81 characters \(at most 80\)$/),
      expect.stringMatching(/has 11 words \(at most 10\)$/),
      'Keyword "trt (clinic)" has characters Google refuses',
      'Keyword "trt" appears twice',
    ]);
    expect(errors[1]!.errors).toEqual(['The ad group has no keywords', 'The ad group has no ads']);
  });

  it('puts the campaign’s own issues and its extensions under Campaign', () => {
    const result = validateCampaignStructure(
      campaign({
        adGroups: [],
        extensions: {
          sitelinks: [
            { linkText: 'A sitelink text that is far too long', description1: 'Only one line', description2: '', finalUrl: null },
            { linkText: 'Book', description1: 'd'.repeat(36), description2: 'ok', finalUrl: null },
          ],
          callouts: ['c'.repeat(26), ''],
        },
      }),
    );
    expect(result.validationResults).toEqual([
      {
        adGroupName: 'Campaign',
        errors: [
          'The campaign has no ad groups',
          'Sitelink 1 text is 36 characters (at most 25): "A sitelink text that is far too long"',
          'Sitelink 1 needs both description lines or none',
          expect.stringMatching(/^Sitelink 2 description 1 is 36 characters \(at most 35\)/),
          expect.stringMatching(/^Callout 1 is 26 characters \(at most 25\)/),
          'Callout 2 is empty',
        ],
      },
    ]);
  });
});
