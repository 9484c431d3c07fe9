import { TemplateCampaignSchema, type TemplateCampaign } from '@hap/contracts';
import { enums, services } from 'google-ads-api';
import { defaultDailyBudget, defaultExclusions } from '../../src/campaign/campaign-defaults';
import { buildCampaignOperations, customerIdDigits, type LaunchSpec } from '../../src/campaign/campaign-operations';
import { buildCampaignPreview } from '../../src/campaign/campaign-preview';
import { parseUsAddress, usPhoneDigits } from '../../src/campaign/clinic-address';
import { failingDomainOf, landingSiteOf, PlatformOriginMissingError, siteUrl, sitelinkUrl, type LandingSite } from '../../src/campaign/landing-url';

const campaign: TemplateCampaign = TemplateCampaignSchema.parse({
  id: 7,
  templateId: 1,
  name: 'Low T',
  description: 'Men with low energy',
  keywordTheme: 'low testosterone',
  targetAudience: 'Men 30-65',
  isActive: true,
  adGroups: [
    {
      name: 'Low Testosterone',
      keywordType: 'PHRASE',
      keywords: ['low testosterone treatment', ' trt clinic ', 'TRT clinic', ''],
      ads: [{ headlines: ['Low T? Get Tested Today', 'Board-Certified Providers', 'Free TRT Consultation'], descriptions: ['Lab testing and a plan made for you.', 'Same-week visits.'] }],
    },
    { name: 'Energy', keywordType: 'EXACT', keywords: ['always tired men'], ads: [{ headlines: ['A', 'B', 'C'], descriptions: ['D', 'E'] }] },
  ],
  extensions: {
    sitelinks: [
      { linkText: 'Book a Consult', description1: 'Same-week visits', description2: 'No referral needed', finalUrl: '{{CLIENT_WEBSITE}}#contact' },
      { linkText: 'Our Team', finalUrl: '/home' },
      { linkText: 'Reviews' },
    ],
    callouts: ['Free Consultation', 'Same-Week Visits'],
  },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const own: LandingSite = { kind: 'domain', domain: 'www.summit.example', status: 'active', reason: null };
const platform: LandingSite = { kind: 'platform', origin: 'https://app.agency.example', clientId: 42 };
const clinic = { name: 'Summit Wellness', site: own, phone: '(512) 555-0199', address: '12 Elm Street, Suite 4, Austin, TX 78701' };

describe('campaign defaults (docs/admin.md)', () => {
  it('budgets 33 a day, 50 for TRT, or the template’s own when it is in range', () => {
    expect(defaultDailyBudget('semaglutide')).toBe(33);
    expect(defaultDailyBudget('TRT')).toBe(50);
    expect(defaultDailyBudget('trt', 80)).toBe(80);
    expect(defaultDailyBudget('ed', 5000)).toBe(33);
  });

  it('excludes Female only when the template does, and always the unknowns, 18-24 and the lower 50%', () => {
    expect(defaultExclusions(true)).toEqual({
      excludedGenders: ['FEMALE', 'UNDETERMINED'],
      excludedAgeRanges: ['AGE_RANGE_18_24', 'AGE_RANGE_UNDETERMINED'],
      excludedHouseholdIncomes: ['INCOME_RANGE_0_50', 'INCOME_RANGE_UNDETERMINED'],
    });
    expect(defaultExclusions(false).excludedGenders).toEqual(['UNDETERMINED']);
  });
});

describe('campaign preview data (docs/admin.md)', () => {
  it('lands on {domain}/{path} with a domain of its own, else on the platform’s host with ?client={id}; ?style=B for Template B', () => {
    expect(siteUrl(own, '/trt/')).toBe('https://www.summit.example/trt');
    expect(siteUrl(own, 'trt', 'B')).toBe('https://www.summit.example/trt?style=B');
    expect(siteUrl(platform, '/trt/')).toBe('https://app.agency.example/trt?client=42');
    expect(siteUrl(platform, 'trt', 'B')).toBe('https://app.agency.example/trt?client=42&style=B');
  });

  it('takes the clinic’s own domain from tenant’s answer (active or failing), else the platform’s origin, else refuses', () => {
    expect(landingSiteOf({ id: 42, customDomain: { domain: 'TRT.Summit.example', status: 'failing', reason: 'DNS no longer points here.' } }, 'https://app.agency.example')).toEqual({
      kind: 'domain',
      domain: 'trt.summit.example',
      status: 'failing',
      reason: 'DNS no longer points here.',
    });
    expect(landingSiteOf({ id: 42, customDomain: null }, 'https://app.agency.example/some/path')).toEqual(platform);
    expect(() => landingSiteOf({ id: 42, customDomain: null }, null)).toThrow(PlatformOriginMissingError);
    expect(landingSiteOf({ id: 42, customDomain: { domain: 'trt.summit.example', status: 'active', reason: null } }, null)).toMatchObject({ kind: 'domain' });
  });

  it('turns {{CLIENT_WEBSITE}} into the landing URL and takes paths on the clinic’s site', () => {
    const landing = 'https://summit.example/trt';
    const site: LandingSite = { ...own, domain: 'summit.example' };
    expect(sitelinkUrl('{{CLIENT_WEBSITE}}', landing, site)).toBe(landing);
    expect(sitelinkUrl('{{CLIENT_WEBSITE}}#contact', landing, site)).toBe(`${landing}#contact`);
    expect(sitelinkUrl('{{CLIENT_WEBSITE}}/team', landing, site)).toBe('https://summit.example/team');
    expect(sitelinkUrl('/home', landing, site)).toBe('https://summit.example/home');
    expect(sitelinkUrl('https://book.example/x', landing, site)).toBe('https://book.example/x');
    expect(sitelinkUrl(null, landing, site)).toBe(landing);
  });

  it('keeps ?client= on every sitelink on the platform’s host', () => {
    const landing = siteUrl(platform, 'trt', 'B');
    expect(sitelinkUrl('{{CLIENT_WEBSITE}}', landing, platform)).toBe('https://app.agency.example/trt?client=42&style=B');
    expect(sitelinkUrl('{{CLIENT_WEBSITE}}#contact', landing, platform)).toBe('https://app.agency.example/trt?client=42&style=B#contact');
    expect(sitelinkUrl('{{CLIENT_WEBSITE}}?utm_source=sitelink', landing, platform)).toBe('https://app.agency.example/trt?client=42&style=B&utm_source=sitelink');
    expect(sitelinkUrl('{{CLIENT_WEBSITE}}/team', landing, platform)).toBe('https://app.agency.example/team?client=42');
    expect(sitelinkUrl('/home#top', landing, platform)).toBe('https://app.agency.example/home?client=42#top');
    expect(sitelinkUrl('https://book.example/x', landing, platform)).toBe('https://book.example/x');
  });

  it('finds URLs on the clinic’s failing domain, and only then', () => {
    const failing: LandingSite = { ...own, status: 'failing', reason: 'The certificate expires in 9 days.' };
    expect(failingDomainOf(failing, ['https://book.example/x', 'https://WWW.summit.example/trt?style=B'])).toBe(
      'www.summit.example is failing its daily check: The certificate expires in 9 days. Campaigns cannot be launched or tested on it until it passes again; fix the domain or pause the campaigns that use it.',
    );
    expect(failingDomainOf(failing, ['https://book.example/x', 'https://summit.example/trt'])).toBeNull();
    expect(failingDomainOf(own, ['https://www.summit.example/trt'])).toBeNull();
    expect(failingDomainOf(platform, ['https://app.agency.example/trt?client=42'])).toBeNull();
  });

  it('shows the service, the clinic, the ads on the landing URL and the call and location extensions', () => {
    const preview = buildCampaignPreview(clinic, { name: 'Testosterone Replacement Therapy (TRT)', path: 'trt' }, campaign);
    expect(preview).toMatchObject({
      serviceName: 'Testosterone Replacement Therapy (TRT)',
      clientName: 'Summit Wellness',
      landingUrl: 'https://www.summit.example/trt',
      clientPhone: '(512) 555-0199',
      campaign: {
        name: 'Summit Wellness - Low T',
        extensions: {
          callouts: ['Free Consultation', 'Same-Week Visits'],
          promotions: [],
          call: { phone: '(512) 555-0199' },
          location: { address: '12 Elm Street, Suite 4, Austin, TX 78701' },
        },
      },
    });
    expect(preview.campaign.adGroups[0]!.keywords).toEqual(['low testosterone treatment', 'trt clinic', 'TRT clinic']);
    expect(preview.campaign.adGroups[0]!.ads[0]!.finalUrl).toBe('https://www.summit.example/trt');
    expect(preview.campaign.extensions.sitelinks.map((s) => s.finalUrl)).toEqual([
      'https://www.summit.example/trt#contact',
      'https://www.summit.example/home',
      'https://www.summit.example/trt',
    ]);
  });

  it('builds every URL on the platform’s host with ?client= for a clinic without a domain of its own', () => {
    const preview = buildCampaignPreview({ ...clinic, site: platform }, { name: 'TRT', path: 'trt' }, campaign, { styleParam: 'B' });
    expect(preview.landingUrl).toBe('https://app.agency.example/trt?client=42&style=B');
    expect(preview.campaign.adGroups.flatMap((g) => g.ads.map((a) => a.finalUrl))).toEqual(Array(2).fill(preview.landingUrl));
    expect(preview.campaign.extensions.sitelinks.map((s) => s.finalUrl)).toEqual([
      'https://app.agency.example/trt?client=42&style=B#contact',
      'https://app.agency.example/home?client=42',
      'https://app.agency.example/trt?client=42&style=B',
    ]);
  });
});

describe('the clinic’s address and phone for Google', () => {
  it('reads "street, city, ST 12345" (a suite stays in the street)', () => {
    expect(parseUsAddress('12 Elm Street, Suite 4, Austin, TX 78701')).toEqual({
      streetAddress: '12 Elm Street, Suite 4',
      cityName: 'Austin',
      provinceCode: 'TX',
      postalCode: '78701',
      countryCode: 'US',
    });
    expect(parseUsAddress('9 Harbor Way, Portland, or 97201-1234, USA')).toMatchObject({ provinceCode: 'OR', postalCode: '97201' });
    expect(parseUsAddress('Somewhere in Texas')).toBeNull();
    expect(parseUsAddress(null)).toBeNull();
  });

  it('takes ten digits for the call asset', () => {
    expect(usPhoneDigits('(512) 555-0199')).toBe('5125550199');
    expect(usPhoneDigits('+1 512 555 0199')).toBe('5125550199');
    expect(usPhoneDigits('555-0199')).toBeNull();
  });
});

describe('the Google Ads mutate operations of one Search campaign', () => {
  const preview = buildCampaignPreview(clinic, { name: 'TRT', path: 'trt' }, campaign);
  const spec: LaunchSpec = {
    customerId: '123-456-7890',
    campaignName: preview.campaign.name,
    dailyBudgetDollars: 50,
    radiusMiles: 25,
    address: parseUsAddress(clinic.address)!,
    finalUrl: preview.landingUrl,
    displayPath: ['TRT', 'Austin Clinic Visits'],
    adGroups: preview.campaign.adGroups,
    sitelinks: preview.campaign.extensions.sitelinks.map((s) => ({ text: s.text, description1: s.description, description2: s.description2, finalUrl: s.finalUrl })),
    callouts: preview.campaign.extensions.callouts,
    phoneDigits: usPhoneDigits(clinic.phone),
    exclusions: defaultExclusions(true),
  };
  const { operations, sources } = buildCampaignOperations(spec);
  // What google-ads-api's mutateResources sends: one MutateOperation per item.
  const request = {
    customer_id: customerIdDigits(spec.customerId),
    mutate_operations: operations.map((op) => ({ [`${op.entity}_operation`]: { [op.operation ?? 'create']: op.resource } })),
  };
  const byEntity = (entity: string) => operations.filter((op) => op.entity === entity).map((op) => op.resource);

  // docs/campaigns.md#healthcare-policy-check: health campaigns never target by personal data.
  it('attaches no audience, remarketing or customer list to a health campaign', () => {
    const criteria = [...byEntity('campaign_criterion'), ...byEntity('ad_group_criterion')] as Array<Record<string, unknown>>;
    expect(criteria.length).toBeGreaterThan(0);
    for (const criterion of criteria) for (const key of ['user_list', 'user_interest', 'custom_audience', 'combined_audience', 'audience']) expect(criterion[key]).toBeUndefined();
    expect(operations.map((op) => op.entity)).not.toEqual(expect.arrayContaining(['user_list', 'audience', 'customer_match_user_list_metadata', 'offline_user_data_job']));
  });

  it('passes the library’s own request verification and survives encoding', () => {
    expect(services.MutateGoogleAdsRequest.verify(request)).toBeNull();
    const decoded = services.MutateGoogleAdsRequest.decode(services.MutateGoogleAdsRequest.encode(services.MutateGoogleAdsRequest.fromObject(request)).finish());
    expect(decoded.mutate_operations).toHaveLength(operations.length);
    expect(decoded.mutate_operations[1]!.campaign_operation!.create!.contains_eu_political_advertising).toBe(
      enums.EuPoliticalAdvertisingStatus.DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING,
    );
    // docs/results-and-experiments.md: every click's landing URL carries Google's campaign id as hap_cid.
    expect(decoded.mutate_operations[1]!.campaign_operation!.create!.final_url_suffix).toBe('hap_cid={campaignid}&kw={keyword}');
  });

  it('makes a budget in micros and a paused Search-only campaign with Maximize Conversions', () => {
    expect(byEntity('campaign_budget')).toEqual([expect.objectContaining({ amount_micros: 50_000_000, resource_name: 'customers/1234567890/campaignBudgets/-1' })]);
    expect(byEntity('campaign')[0]).toMatchObject({
      status: enums.CampaignStatus.PAUSED,
      advertising_channel_type: enums.AdvertisingChannelType.SEARCH,
      campaign_budget: 'customers/1234567890/campaignBudgets/-1',
      maximize_conversions: {},
      network_settings: { target_google_search: true, target_search_network: false, target_content_network: false, target_partner_search_network: false },
    });
  });

  it('targets a 25-mile radius around the clinic’s address', () => {
    expect(byEntity('campaign_criterion')).toEqual([
      expect.objectContaining({
        proximity: expect.objectContaining({
          address: { street_address: '12 Elm Street, Suite 4', city_name: 'Austin', province_code: 'TX', postal_code: '78701', country_code: 'US' },
          radius: 25,
          radius_units: enums.ProximityRadiusUnits.MILES,
        }),
      }),
    ]);
  });

  it('adds each ad group with its keywords (trimmed, once, by match type), its ads and its exclusions', () => {
    const keywords = sources.flatMap((s, i) => (s.kind === 'keyword' ? [[s.adGroup, operations[i]!.resource.keyword]] : []));
    expect(keywords).toEqual([
      ['Low Testosterone', { text: 'low testosterone treatment', match_type: enums.KeywordMatchType.PHRASE }],
      ['Low Testosterone', { text: 'trt clinic', match_type: enums.KeywordMatchType.PHRASE }],
      ['Energy', { text: 'always tired men', match_type: enums.KeywordMatchType.EXACT }],
    ]);
    const ad = byEntity('ad_group_ad')[0] as { ad: { responsive_search_ad: Record<string, unknown>; final_urls: string[] } };
    expect(ad.ad.final_urls).toEqual(['https://www.summit.example/trt']);
    expect(ad.ad.responsive_search_ad).toMatchObject({ path1: 'TRT', path2: 'Austin-Clinic-V', headlines: [{ text: 'Low T? Get Tested Today' }, expect.anything(), expect.anything()] });
    const exclusions = byEntity('ad_group_criterion').filter((c) => c.negative === true);
    // Six per ad group: Female, Unknown gender, 18-24, Unknown age, Lower 50%, Unknown income.
    expect(exclusions).toHaveLength(12);
    expect(exclusions.slice(0, 6).map((c) => c.gender ?? c.age_range ?? c.income_range)).toEqual([
      { type: enums.GenderType.FEMALE },
      { type: enums.GenderType.UNDETERMINED },
      { type: enums.AgeRangeType.AGE_RANGE_18_24 },
      { type: enums.AgeRangeType.AGE_RANGE_UNDETERMINED },
      { type: enums.IncomeRangeType.INCOME_RANGE_0_50 },
      { type: enums.IncomeRangeType.INCOME_RANGE_UNDETERMINED },
    ]);
  });

  it('links sitelink, callout and call assets to the campaign', () => {
    const assets = byEntity('asset');
    expect(assets.filter((a) => a.sitelink_asset)).toHaveLength(3);
    expect(assets[0]).toMatchObject({ final_urls: ['https://www.summit.example/trt#contact'], sitelink_asset: { link_text: 'Book a Consult', description1: 'Same-week visits' } });
    // A sitelink with one description line or none is sent without them (Google takes both or neither).
    expect(assets[1]!.sitelink_asset).toEqual({ link_text: 'Our Team' });
    expect(assets.filter((a) => a.callout_asset).map((a) => a.callout_asset)).toEqual([{ callout_text: 'Free Consultation' }, { callout_text: 'Same-Week Visits' }]);
    expect(assets.find((a) => a.call_asset)).toMatchObject({ call_asset: { country_code: 'US', phone_number: '5125550199' } });
    const links = byEntity('campaign_asset');
    expect(links.map((l) => l.field_type)).toEqual([
      enums.AssetFieldType.SITELINK,
      enums.AssetFieldType.SITELINK,
      enums.AssetFieldType.SITELINK,
      enums.AssetFieldType.CALLOUT,
      enums.AssetFieldType.CALLOUT,
      enums.AssetFieldType.CALL,
    ]);
  });

  it('uses each temporary id once, and only after it is defined', () => {
    const defined = new Set<string>();
    for (const op of operations) {
      const resource = op.resource as Record<string, unknown>;
      for (const ref of ['campaign_budget', 'campaign', 'ad_group', 'asset']) {
        const value = resource[ref];
        if (typeof value === 'string') expect(defined.has(value)).toBe(true);
      }
      if (typeof resource.resource_name === 'string') {
        expect(defined.has(resource.resource_name)).toBe(false);
        defined.add(resource.resource_name);
      }
    }
    const ids = [...defined].map((name) => name.split('/').pop());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number(id) < 0)).toBe(true);
  });
});
