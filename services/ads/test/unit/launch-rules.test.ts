import { GoogleAdsSettingsSchema, HEALTHCARE_POLICY_VIOLATION, LaunchCampaignSchema, POLICY_LEFT_OUT_STEPS, POLICY_NEXT_STEPS, TemplateCampaignSchema, type LaunchCampaignInput, type TemplateCampaign } from '@hap/contracts';
import { errors, services } from 'google-ads-api';
import { buildCampaignOperations, customerIdDigits, type CampaignOperations, type OperationSource } from '../../src/campaign/campaign-operations';
import { emptyTally, finishedStatus, isDuplicateCampaignName, nextAttempt, nextStepsOf, type LaunchTally } from '../../src/campaign/launch-outcome';
import { excludesFemale, planLaunch, UnreadableAddressError, type LaunchPlan, type LaunchPlanInput } from '../../src/campaign/launch-plan';
import type { AdsIssue } from '../../src/google-ads/ads-gateway';
import { toIssues } from '../../src/google-ads/google-ads-api.gateway';
import { describeIssue, launchCampaignName } from '../../src/modules/launches/launch.service';

const template: TemplateCampaign = TemplateCampaignSchema.parse({
  id: 7, templateId: 1, name: 'Low T', description: 'Men with low energy', keywordTheme: 'low testosterone', targetAudience: 'Men 30-65', isActive: true,
  adGroups: [
    { name: 'Low T', keywords: ['low testosterone treatment', 'trt clinic'], ads: [{ headlines: ['Low T? Get Tested', 'Board-Certified', 'Free Consult'], descriptions: ['Lab testing.', 'Same-week visits.'] }] },
    { name: 'Energy', keywordType: 'EXACT', keywords: ['always tired men'], ads: [{ headlines: ['A', 'B', 'C'], descriptions: ['D', 'E'] }, { headlines: ['F', 'G', 'H'], descriptions: ['I', 'J'] }] },
  ],
  extensions: { sitelinks: [{ linkText: 'Book a Consult', finalUrl: '{{CLIENT_WEBSITE}}#contact' }], callouts: ['Free Consultation'] },
  createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z',
});
const clinic = { name: 'Summit Wellness', site: { kind: 'domain' as const, domain: 'summit.example', status: 'active' as const, reason: null }, phone: '(512) 555-0199', address: '12 Elm Street, Austin, TX 78701', googleAdsAccountId: '111-222-3333', googleAdsManagerId: '999-888-7777' };
const input = (body: Partial<LaunchCampaignInput> = {}, over: Partial<LaunchPlanInput> = {}): LaunchPlanInput => ({
  clinic,
  service: { name: 'TRT', path: '/trt/' },
  templateSlug: 'trt',
  settings: null,
  templateCampaign: template,
  body: LaunchCampaignSchema.parse({ serviceId: 1, clientId: 2, ...body }),
  ...over,
});
const plan = (body: Partial<LaunchCampaignInput> = {}, over: Partial<LaunchPlanInput> = {}): LaunchPlan => {
  const result = planLaunch(input(body, over));
  if ('missingAccount' in result) throw new Error('expected a plan');
  return result;
};
const builder = {
  campaignName: 'Builder TRT', budget: 75, finalUrl: 'https://summit.example/trt-landing', displayPath: ['TRT'], keywords: ['trt near me', 'testosterone doctor'],
  bidStrategy: 'Maximize Clicks' as const, networkSettings: 'Google Search and search partners' as const,
  adVariations: {
    symptoms: { headlines: ['Tired All The Time?', 'Low T Testing', 'Book Today'], descriptions: ['See a provider this week.', 'Labs included.'] },
    benefits: { headlines: ['More Energy', 'Better Sleep', 'Feel Like You'], descriptions: ['Care made for you.', 'Real doctors.'] },
    offer: { headlines: [], descriptions: [] },
  },
  audiences: { exclusions: { gender: ['FEMALE' as const], age: ['AGE_RANGE_18_24' as const], income: [] } },
};
// What google-ads-api's mutateResources sends: one MutateOperation per item, exemption keys only on a create.
const requestOf = (customerId: string, { operations }: CampaignOperations) => ({
  customer_id: customerIdDigits(customerId),
  mutate_operations: operations.map((op) => ({
    [`${op.entity}_operation`]: { [op.operation ?? 'create']: op.resource, ...(op.operation === 'create' && op.exempt_policy_violation_keys?.length ? { exempt_policy_violation_keys: op.exempt_policy_violation_keys } : {}) },
  })),
});
/** Google's location of a field: mutate_operations[i], then fields ([name, index] for a list item). */
const located = (i: number, ...fields: Array<string | [string, number]>) => ({
  field_path_elements: [{ field_name: 'mutate_operations', index: i }, ...fields.map((f) => (typeof f === 'string' ? { field_name: f } : { field_name: f[0], index: f[1] }))],
});
/** Google's Healthcare policy refusal of a keyword, shaped as packages/test-kit/src/fakes/google-ads.ts sends it. */
const keywordViolation = (i: number, text: string, exemptible: boolean) => ({
  error_code: { policy_violation_error: 'POLICY_ERROR' },
  message: 'A policy was violated.',
  trigger: { string_value: text },
  location: located(i, 'ad_group_criterion_operation', 'create', 'keyword', 'text'),
  details: { policy_violation_details: { external_policy_name: 'Healthcare and medicines', key: { policy_name: 'HEALTH_IN_PERSONALIZED_ADS', violating_text: text }, is_exemptible: exemptible } },
});

describe('nextAttempt: what a launch does with Google’s refusal', () => {
  const ops = buildCampaignOperations(plan().spec);
  const index = (match: (s: OperationSource) => boolean) => ops.sources.findIndex(match);
  const keyword = (text: string) => index((s) => s.kind === 'keyword' && s.keyword === text);
  const adsOf = (group: string) => ops.sources.flatMap((s, i) => (s.kind === 'ad' && s.adGroup === group ? [i] : []));
  const key = (text: string) => ({ policy_name: 'HEALTH_IN_PERSONALIZED_ADS', violating_text: text });
  const issue = (opIndex: number | null, extra: Partial<AdsIssue> = {}): AdsIssue => ({ opIndex, path: '', code: 'string_length_error:TOO_LONG', message: 'Too long.', trigger: null, policy: null, ...extra });
  const policyIssue = (opIndex: number, text: string, exemptible: boolean) =>
    issue(opIndex, { code: 'policy_violation_error:POLICY_ERROR', message: 'A policy was violated.', trigger: text, policy: { kind: 'violation', name: 'HEALTH_IN_PERSONALIZED_ADS', violatingText: text, exemptible, key: key(text) } });
  // Frozen: nextAttempt must not change the tally it is given.
  const frozen = <T>(items: T[]) => Object.freeze(items) as unknown as T[];
  const earlier: LaunchTally = Object.freeze({ failedKeywords: frozen([{ adGroup: 'Old', keyword: 'old', reason: 'before' }]), policyViolations: frozen([]), failedAdGroups: frozen([]), failedAds: frozen([]) });
  const retry = (result: ReturnType<typeof nextAttempt>) => {
    if (result.kind !== 'retry') throw new Error(`expected a retry, got: ${result.reason}`);
    return result;
  };

  it('leaves a refused keyword out, keeps the other operations in order and records it, without touching the tally given', () => {
    const at = keyword('trt clinic');
    const next = retry(nextAttempt(ops, [policyIssue(at, 'trt clinic', true)], false, earlier));
    expect(next.operations.operations).toEqual(ops.operations.filter((_, i) => i !== at));
    expect(next.operations.sources).toEqual(ops.sources.filter((_, i) => i !== at));
    expect(next.tally.failedKeywords).toEqual([earlier.failedKeywords[0], { adGroup: 'Low T', keyword: 'trt clinic', reason: 'HEALTH_IN_PERSONALIZED_ADS: A policy was violated.' }]);
    expect(next.tally.policyViolations).toEqual([{ adGroup: 'Low T', text: 'trt clinic', policyName: 'HEALTH_IN_PERSONALIZED_ADS', exemptible: true, exempted: false }]);
    expect(earlier).toEqual({ failedKeywords: [{ adGroup: 'Old', keyword: 'old', reason: 'before' }], policyViolations: [], failedAdGroups: [], failedAds: [] });
  });

  it('sends an exemptible keyword again with its exemption key when the admin asked for exemptions', () => {
    const at = keyword('trt clinic');
    const next = retry(nextAttempt(ops, [policyIssue(at, 'trt clinic', true)], true, emptyTally()));
    expect(next.operations.operations).toHaveLength(ops.operations.length);
    expect(next.operations.operations[at]).toEqual({ ...ops.operations[at], operation: 'create', exempt_policy_violation_keys: [key('trt clinic')] });
    expect(ops.operations[at]!.exempt_policy_violation_keys).toBeUndefined();
    expect(next.tally).toEqual({ failedKeywords: [], failedAdGroups: [], failedAds: [], policyViolations: [expect.objectContaining({ text: 'trt clinic', exemptible: true, exempted: true })] });
    const request = requestOf('1112223333', next.operations);
    expect(services.MutateGoogleAdsRequest.verify(request)).toBeNull();
    const sent = services.MutateGoogleAdsRequest.decode(services.MutateGoogleAdsRequest.encode(services.MutateGoogleAdsRequest.fromObject(request)).finish());
    expect(sent.mutate_operations[at]!.ad_group_criterion_operation!.exempt_policy_violation_keys).toEqual([expect.objectContaining(key('trt clinic'))]);
  });

  it('leaves out a non-exemptible keyword even when exemptions were asked for, and an ad (exemptions are for keywords)', () => {
    const at = keyword('trt clinic');
    const ad = adsOf('Energy')[0]!;
    const next = retry(nextAttempt(ops, [policyIssue(at, 'trt clinic', false), policyIssue(ad, 'Low T', true)], true, emptyTally()));
    expect(next.operations.operations).toEqual(ops.operations.filter((_, i) => i !== at && i !== ad));
    expect(next.tally.policyViolations.map((v) => [v.text, v.exempted])).toEqual([['trt clinic', false], ['Low T', false]]);
    expect(next.tally.failedKeywords.map((k) => k.keyword)).toEqual(['trt clinic']);
    expect(next.tally.failedAdGroups).toEqual([]);
  });

  it('leaves out an ad group whose every keyword was refused, with its ads and exclusions', () => {
    const next = retry(nextAttempt(ops, [issue(keyword('always tired men'), { message: '' })], false, emptyTally()));
    expect(next.operations.sources.some((s) => s.adGroup === 'Energy')).toBe(false);
    expect(next.operations.operations).toEqual(ops.operations.filter((_, i) => ops.sources[i]!.adGroup !== 'Energy'));
    expect(next.tally.failedKeywords).toEqual([{ adGroup: 'Energy', keyword: 'always tired men', reason: 'string_length_error:TOO_LONG' }]);
    expect(next.tally.failedAdGroups).toEqual([{ adGroup: 'Energy', reason: 'Google Ads refused every keyword of this ad group' }]);
  });

  it('leaves out an ad group whose every ad was refused, but keeps one that still has an ad', () => {
    const next = retry(nextAttempt(ops, [issue(adsOf('Low T')[0]!), issue(adsOf('Energy')[1]!)], false, emptyTally()));
    expect(next.operations.sources.filter((s) => s.kind === 'ad_group').map((s) => s.adGroup)).toEqual(['Energy']);
    expect(next.operations.sources.filter((s) => s.kind === 'ad')).toHaveLength(1);
    expect(next.tally.failedAdGroups).toEqual([{ adGroup: 'Low T', reason: 'Google Ads refused every ad of this ad group' }]);
  });

  it('records an ad left out for another reason than policy, so the launch reads partial', () => {
    const next = retry(nextAttempt(ops, [issue(adsOf('Energy')[0]!)], false, emptyTally()));
    expect(next.tally.failedAds).toEqual([{ adGroup: 'Energy', reason: 'Too long.' }]);
    expect(finishedStatus(next.tally)).toEqual({ status: 'partial', errorCode: null });
  });

  it('does not call a violation exempted when its keyword is left out for another reason, and sends its key once', () => {
    const at = keyword('trt clinic');
    const dropped = retry(nextAttempt(ops, [policyIssue(at, 'trt clinic', true), issue(at)], true, emptyTally()));
    expect(dropped.tally.policyViolations).toEqual([expect.objectContaining({ text: 'trt clinic', exempted: false })]);
    expect(dropped.operations.operations).toHaveLength(ops.operations.length - 1);

    const first = retry(nextAttempt(ops, [policyIssue(at, 'trt clinic', true)], true, emptyTally()));
    const again = retry(nextAttempt(first.operations, [policyIssue(at, 'trt clinic', true)], true, first.tally));
    expect(again.operations.operations[at]!.exempt_policy_violation_keys).toEqual([key('trt clinic')]);
    expect(again.tally.policyViolations).toHaveLength(1);
  });

  it('stops when every ad group is lost', () => {
    const issues = [keyword('low testosterone treatment'), keyword('trt clinic'), keyword('always tired men')].map((i) => issue(i));
    const result = nextAttempt(ops, issues, false, emptyTally());
    expect(result).toMatchObject({ kind: 'stop', reason: 'Google Ads refused every ad group of this campaign.' });
    expect(result.tally.failedAdGroups.map((g) => g.adGroup)).toEqual(['Low T', 'Energy']);
  });

  it.each([
    ['budget', (s: OperationSource) => s.kind === 'budget', 'the budget'],
    ['campaign', (s: OperationSource) => s.kind === 'campaign', 'the campaign'],
    ['location', (s: OperationSource) => s.kind === 'location', 'the location'],
    ['asset', (s: OperationSource) => s.kind === 'asset', 'the asset'],
    ['asset link', (s: OperationSource) => s.kind === 'asset_link', 'the asset link'],
    ['ad group', (s: OperationSource) => s.kind === 'ad_group' && s.adGroup === 'Energy', 'the ad group of ad group "Energy"'],
    ['exclusion', (s: OperationSource) => s.kind === 'exclusion' && s.adGroup === 'Low T', 'the exclusion of ad group "Low T"'],
  ])('stops on a refusal of the %s, naming it', (_, match, named) => {
    const result = nextAttempt(ops, [issue(index(match))], true, earlier);
    expect(result).toEqual({ kind: 'stop', reason: `Google Ads refused ${named}: Too long.`, tally: earlier });
    expect(result.tally).not.toBe(earlier);
  });

  it('stops on a refusal of the request as a whole or of an operation it does not know', () => {
    expect(nextAttempt(ops, [issue(null, { message: 'Bad request.' })], false, emptyTally())).toMatchObject({ kind: 'stop', reason: 'Google Ads refused the request: Bad request.' });
    expect(nextAttempt(ops, [issue(ops.operations.length)], false, emptyTally())).toMatchObject({ kind: 'stop', reason: 'Google Ads refused the request: Too long.' });
  });

  it('reads Google’s own failure: a keyword policy violation at mutate_operations[i] drops that keyword', () => {
    const at = keyword('trt clinic');
    const failure = errors.GoogleAdsFailure.fromObject({ errors: [keywordViolation(at, 'trt clinic', false)] });
    const next = retry(nextAttempt(ops, toIssues(failure), true, emptyTally()));
    expect(next.operations.sources.map((s) => s.keyword).filter(Boolean)).toEqual(['low testosterone treatment', 'always tired men']);
    expect(next.tally.failedKeywords).toEqual([{ adGroup: 'Low T', keyword: 'trt clinic', reason: 'HEALTH_IN_PERSONALIZED_ADS: A policy was violated.' }]);
  });

  it('knows Google’s duplicate campaign name', () => {
    expect(isDuplicateCampaignName([issue(1, { code: 'campaign_error:DUPLICATE_CAMPAIGN_NAME' })])).toBe(true);
    expect(isDuplicateCampaignName([issue(1), issue(null, { code: 'campaign_error:DUPLICATE_NAME' })])).toBe(false);
  });
});

describe('finishedStatus and nextStepsOf', () => {
  const violation = { adGroup: 'Low T', text: 'trt', policyName: 'HEALTH', exemptible: true, exempted: true };
  it('asks for a policy review when Google objected to a policy, partial when only something was left out, launched otherwise', () => {
    expect(finishedStatus({ ...emptyTally(), policyViolations: [violation], failedKeywords: [{ adGroup: 'Low T', keyword: 'x', reason: 'y' }] })).toEqual({ status: 'policy_review', errorCode: HEALTHCARE_POLICY_VIOLATION });
    expect(finishedStatus({ ...emptyTally(), failedKeywords: [{ adGroup: 'Low T', keyword: 'x', reason: 'y' }] })).toEqual({ status: 'partial', errorCode: null });
    expect(finishedStatus({ ...emptyTally(), failedAdGroups: [{ adGroup: 'Energy', reason: 'z' }] })).toEqual({ status: 'partial', errorCode: null });
    expect(finishedStatus(emptyTally())).toEqual({ status: 'launched', errorCode: null });
    // A policy no exception can clear: the text must change; partial, not a review.
    expect(finishedStatus({ ...emptyTally(), policyViolations: [{ ...violation, exemptible: false, exempted: false }] })).toEqual({ status: 'partial', errorCode: null });
  });
  it('gives the policy steps only for a policy review', () => {
    const exempted = { adGroup: 'Low T', text: 'trt clinic', policyName: 'HEALTH_IN_PERSONALIZED_ADS', exemptible: true, exempted: true };
    expect(nextStepsOf('policy_review', [exempted])).toEqual([...POLICY_NEXT_STEPS]);
    expect(nextStepsOf('policy_review', [{ ...exempted, exempted: false }])).toEqual([...POLICY_LEFT_OUT_STEPS]);
    expect(nextStepsOf('partial', [])).toEqual([]);
    expect(nextStepsOf('launched', [])).toEqual([]);
  });
});

describe('toIssues: Google’s failure in our words', () => {
  const failure = errors.GoogleAdsFailure.fromObject({
    errors: [
      keywordViolation(5, 'trt clinic', true),
      {
        error_code: { policy_finding_error: 'POLICY_FINDING' },
        message: 'The resource has been disapproved.',
        location: located(9, 'ad_group_ad_operation', 'create', 'ad', 'responsive_search_ad', ['headlines', 0], 'text'),
        details: { policy_finding_details: { policy_topic_entries: [{ topic: 'HEALTHCARE' }, { topic: 'PRESCRIPTION_DRUGS' }] } },
      },
      { error_code: { quota_error: 'RESOURCE_EXHAUSTED' }, message: 'Too many requests.', details: { quota_error_details: { retry_delay: { seconds: 30 } } } },
      { error_code: { conversion_upload_error: 'CLICK_CONVERSION_ALREADY_EXISTS' }, message: 'Exists.', location: { field_path_elements: [{ field_name: 'conversions', index: 0 }] } },
    ],
  });

  it('keeps the operation index, the path, the code by enum name and the policy', () => {
    const [violation, finding, quota, upload] = toIssues(failure);
    expect(violation).toEqual({
      opIndex: 5,
      path: 'mutate_operations[5].ad_group_criterion_operation.create.keyword.text',
      code: 'policy_violation_error:POLICY_ERROR',
      message: 'A policy was violated.',
      trigger: 'trt clinic',
      policy: { kind: 'violation', name: 'HEALTH_IN_PERSONALIZED_ADS', violatingText: 'trt clinic', exemptible: true, key: { policy_name: 'HEALTH_IN_PERSONALIZED_ADS', violating_text: 'trt clinic' } },
    });
    expect(finding).toMatchObject({
      opIndex: 9,
      path: 'mutate_operations[9].ad_group_ad_operation.create.ad.responsive_search_ad.headlines[0].text',
      code: 'policy_finding_error:POLICY_FINDING',
      trigger: null,
      policy: { kind: 'finding', name: 'HEALTHCARE, PRESCRIPTION_DRUGS', violatingText: null, exemptible: false, key: null },
    });
    expect(quota).toEqual({ opIndex: null, path: '', code: 'quota_error:RESOURCE_EXHAUSTED', message: 'Too many requests.', trigger: null, policy: null });
    expect(upload).toMatchObject({ opIndex: 0, path: 'conversions[0]', code: 'conversion_upload_error:CLICK_CONVERSION_ALREADY_EXISTS' });
    expect(toIssues(errors.GoogleAdsFailure.fromObject({}))).toEqual([]);
  });

  it('names the keyword and ad group in a test’s issue', () => {
    const ops = buildCampaignOperations(plan().spec);
    const at = ops.sources.findIndex((s) => s.keyword === 'trt clinic');
    const issue = { ...toIssues(failure)[0]!, opIndex: at };
    expect(describeIssue(issue, ops)).toBe('Low T: Google Ads refused keyword "trt clinic": A policy was violated. (HEALTH_IN_PERSONALIZED_ADS, exemptible: Google reviews it on request)');
    expect(describeIssue({ ...issue, opIndex: null, policy: null }, ops)).toBe('Campaign: Google Ads refused the request: A policy was violated.');
  });
});

describe('planLaunch: a launch call as what is sent', () => {
  it('starts from the service’s saved settings: their budget and radius unless the call gives its own; their words only when the call brings no campaign', () => {
    const settings = GoogleAdsSettingsSchema.parse({ dailyBudget: 60, targetRadius: 12, primaryKeyword: 'trt austin', keywords: 'low t clinic, TRT Austin', headline: 'Austin TRT Clinic', description: 'Book a same-week visit.' });
    const simple = plan({}, { settings });
    expect(simple.spec).toMatchObject({ dailyBudgetDollars: 60, radiusMiles: 12 });
    const [group] = simple.spec.adGroups;
    expect(group!.keywords.slice(-2)).toEqual(['trt austin', 'low t clinic']);
    expect(group!.ads[0]!.headlines[0]).toBe('Austin TRT Clinic');
    expect(group!.ads[0]!.descriptions[0]).toBe('Book a same-week visit.');
    expect(plan({ budget: 20, radiusMiles: 5 }, { settings }).spec).toMatchObject({ dailyBudgetDollars: 20, radiusMiles: 5 });
    const edited = plan({ template: { name: 'Edited', adGroups: template.adGroups } }, { settings });
    expect(edited.spec.adGroups[0]!.keywords).not.toContain('trt austin');
  });

  it('needs an account: the call’s google_ads_id, then its targetAccountId, then the clinic’s', () => {
    expect(planLaunch(input({}, { clinic: { ...clinic, googleAdsAccountId: null } }))).toEqual({ missingAccount: true });
    expect(planLaunch(input({}, { clinic: { ...clinic, googleAdsAccountId: '  ' } }))).toEqual({ missingAccount: true });
    expect(plan({ google_ads_id: '123-456-7890', targetAccountId: '222-333-4444' }).spec.customerId).toBe('1234567890');
    expect(plan({ targetAccountId: '222-333-4444' }).spec.customerId).toBe('2223334444');
    const own = plan();
    expect(own.spec.customerId).toBe('1112223333');
    expect(own.loginCustomerId).toBe('9998887777');
  });

  it('starts TRT at 50 a day and others at 33, at 25 miles, unless the call says otherwise', () => {
    expect(plan().spec).toMatchObject({ dailyBudgetDollars: 50, radiusMiles: 25, bidStrategy: 'MAXIMIZE_CONVERSIONS', searchPartners: false, campaignName: 'Summit Wellness - Low T' });
    expect(plan({}, { templateSlug: 'semaglutide' }).spec.dailyBudgetDollars).toBe(33);
    expect(plan({ budget: 120, radiusMiles: 10 }).spec).toMatchObject({ dailyBudgetDollars: 120, radiusMiles: 10 });
  });

  it('lands on the service page, with style=B for Template B, or on the call’s final URL', () => {
    expect(plan().spec.finalUrl).toBe('https://summit.example/trt');
    expect(new URL(plan({ styleParam: 'B' }).spec.finalUrl).searchParams.get('style')).toBe('B');
    expect(plan({ finalUrl: 'https://other.example/x' }).spec.finalUrl).toBe('https://other.example/x');
  });

  it('lands on the platform’s host with ?client= for a clinic without a domain of its own, sitelinks too', () => {
    const site = { kind: 'platform' as const, origin: 'https://app.agency.example', clientId: 42 };
    const launch = planLaunch(input({ styleParam: 'B' }, { clinic: { ...clinic, site } }));
    if ('missingAccount' in launch) throw new Error('an account was given');
    expect(launch.spec.finalUrl).toBe('https://app.agency.example/trt?client=42&style=B');
    expect(launch.spec.sitelinks.map((s) => s.finalUrl)).toEqual(['https://app.agency.example/trt?client=42&style=B#contact']);
    expect(launch.site).toBe(site);
  });

  it('refuses a clinic address it cannot read', () => {
    expect(() => planLaunch(input({}, { clinic: { ...clinic, address: 'Somewhere in Texas' } }))).toThrow(UnreadableAddressError);
  });

  it('excludes women by default only from a campaign written for men', () => {
    expect(excludesFemale('Men 30-65')).toBe(true);
    expect(excludesFemale('Men and women over 40')).toBe(false);
    expect(excludesFemale('Adults')).toBe(false);
    expect(plan().spec.exclusions.excludedGenders).toEqual(['FEMALE', 'UNDETERMINED']);
    expect(plan({}, { templateCampaign: { ...template, targetAudience: 'Adults 30+' } }).spec.exclusions.excludedGenders).toEqual(['UNDETERMINED']);
    expect(plan({ demographicExclusions: { excludedGenders: ['MALE'] } }).spec.exclusions).toEqual({ excludedGenders: ['MALE'], excludedAgeRanges: [], excludedHouseholdIncomes: [] });
  });

  it('turns the builder’s template into one ad group of its keywords with an ad per variation', () => {
    const { spec, bidStrategy, networkSetting } = plan({ google_ads_id: '123-456-7890', template: builder });
    expect(spec).toMatchObject({
      campaignName: 'Summit Wellness - Builder TRT',
      dailyBudgetDollars: 75,
      finalUrl: 'https://summit.example/trt-landing',
      displayPath: ['TRT', undefined],
      bidStrategy: 'MAXIMIZE_CLICKS',
      searchPartners: true,
      exclusions: { excludedGenders: ['FEMALE'], excludedAgeRanges: ['AGE_RANGE_18_24'], excludedHouseholdIncomes: [] },
    });
    expect(spec.adGroups).toHaveLength(1);
    expect(spec.adGroups[0]).toMatchObject({ name: 'Builder TRT', keywordType: 'PHRASE', keywords: ['trt near me', 'testosterone doctor'] });
    expect(spec.adGroups[0]!.ads.map((a) => a.headlines[0])).toEqual(['Tired All The Time?', 'More Energy']);
    expect([bidStrategy, networkSetting]).toEqual(['Maximize Clicks', 'Google Search and search partners']);
    // The template campaign's sitelinks and callouts stay when the builder brings none.
    expect(spec.callouts).toEqual(['Free Consultation']);
  });

  it.each([
    ['the template campaign', {}],
    ['Template B with a preview’s campaign', { styleParam: 'B' as const, template: { name: 'Preview', adGroups: template.adGroups } }],
    ['the builder with Maximize Clicks and search partners', { template: builder }],
  ])('sends operations the library verifies: %s', (_, body) => {
    const { spec } = plan(body);
    const ops = buildCampaignOperations(spec);
    expect(services.MutateGoogleAdsRequest.verify(requestOf(spec.customerId, ops))).toBeNull();
    const campaign = ops.operations[ops.sources.findIndex((s) => s.kind === 'campaign')]!.resource;
    expect(campaign.network_settings).toMatchObject({ target_google_search: true, target_search_network: spec.searchPartners });
    expect(spec.bidStrategy === 'MAXIMIZE_CLICKS' ? campaign.target_spend : campaign.maximize_conversions).toEqual({});
  });
});

describe('launchCampaignName', () => {
  const id = '0123abcd-4567-89ef-0123-456789abcdef';
  it('adds the launch’s reference and keeps within Google’s 255 characters', () => {
    expect(launchCampaignName('Summit Wellness - Low T', id)).toBe('Summit Wellness - Low T #0123abcd');
    const long = launchCampaignName(`${'x'.repeat(250)} tail`, id);
    expect(long.length).toBeLessThanOrEqual(255);
    expect(long.endsWith(' #0123abcd')).toBe(true);
    expect(launchCampaignName(`${'y'.repeat(244)} z`, id)).toBe(`${'y'.repeat(244)} #0123abcd`);
  });
});
