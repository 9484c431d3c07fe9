import { ServiceCampaignPreviewSchema } from '@hap/contracts';
import { createClientService, uniq } from '@hap/test-kit/factories/templates';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';
import { writtenCampaign } from '@hap/test-kit/fixtures/written-campaigns';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { toStoredCampaign } from '../../src/modules/campaigns/campaign-jobs.service';
import { seed } from '../../src/db/seed';
import { giveClinicDomain, setClinicDomain } from '../helpers/clinic-domain';

const PLATFORM = 'https://app.healthads.test';

describe('GET /api/google-ads/preview: a clinic’s service as a Google Ads campaign', () => {
  let t: TestAds;
  let clinicId: number;

  async function clinic(fields: Record<string, unknown>) {
    const res = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `Summit Wellness ${uniq()}`, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', ...fields });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }

  beforeAll(async () => {
    t = await startAds({ env: { PUBLIC_BASE_URL: `${PLATFORM}/ignored-path` } });
    clinicId = await clinic({ domain: `summit-${uniq()}.example`, googleAdsAccountId: '123-456-7890' });
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('builds the preview from the service, its clinic and its template’s campaign, with the defaults and the structure check, on the platform’s host with ?client= (the clinic has no domain of its own)', async () => {
    // CoolSculpting (template 5 in the demo catalogue) with a campaign written for it.
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    const campaign = await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Body ${uniq()}`)), templateId: 5 }));
    const service = await createClientService(t.templates!.dataSource, clinicId, 5, { customPath: 'coolsculpting-austin' });

    const res = await t.api.get(`/api/google-ads/preview?serviceId=${service.id}&campaignId=${campaign.id}&styleParam=B`, ADMIN);
    expect(res.status).toBe(200);
    const data = ServiceCampaignPreviewSchema.parse(res.body.data);
    // The client's `domain` profile field no longer decides the URLs: PUBLIC_BASE_URL does.
    const landing = `${PLATFORM}/coolsculpting-austin?client=${clinicId}&style=B`;
    expect(data.preview).toMatchObject({
      serviceName: 'CoolSculpting',
      landingUrl: landing,
      clientPhone: '(512) 555-0199',
      campaign: { extensions: { call: { phone: '(512) 555-0199' }, location: { address: '12 Elm Street, Austin, TX 78701' } } },
    });
    expect(data.preview.campaign.extensions.sitelinks[0]!.finalUrl).toBe(landing);
    expect(data.preview.campaign.adGroups.flatMap((g) => g.ads.map((a) => a.finalUrl)).every((url) => url === landing)).toBe(true);
    // Each ad group's page: the landing URL with its first keyword as kw (docs/campaigns.md#message-match).
    expect(data.preview.campaign.adGroups.map((g) => g.landingPage)).toEqual(
      data.preview.campaign.adGroups.map((g) => `${landing}&kw=${new URLSearchParams({ k: g.keywords[0]! }).toString().slice(2)}`),
    );
    expect(data).toMatchObject({
      campaignId: campaign.id,
      // tenant keeps the account id as digits
      googleAdsAccountId: '1234567890',
      defaults: { dailyBudget: 33, radiusMiles: 25, bidStrategy: 'Maximize Conversions', exclusions: { excludedGenders: ['FEMALE', 'UNDETERMINED'] } },
      validation: { allValid: true },
    });
  });

  it('moves every URL to the clinic’s own domain once it has one, keeps it there while the domain fails (the readiness names the failure), and back', async () => {
    const ownId = await clinic({ googleAdsAccountId: '123-456-7890' });
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    const campaign = await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Own ${uniq()}`)), templateId: 5 }));
    const service = await createClientService(t.templates!.dataSource, ownId, 5, { customPath: 'body-contouring' });
    const preview = async () => {
      const res = await t.api.get(`/api/google-ads/preview?serviceId=${service.id}&campaignId=${campaign.id}`, ADMIN);
      expect(res.status).toBe(200);
      return ServiceCampaignPreviewSchema.parse(res.body.data);
    };
    expect((await preview()).preview.landingUrl).toBe(`${PLATFORM}/body-contouring?client=${ownId}`);

    const domain = await giveClinicDomain(t.templates!.tenant!.dataSource, ownId, `trt.own-${uniq()}.example`);
    const active = await preview();
    expect(active.preview.landingUrl).toBe(`https://${domain}/body-contouring`);
    expect(active.preview.campaign.extensions.sitelinks.map((s) => s.finalUrl)).toEqual(active.preview.campaign.extensions.sitelinks.map(() => `https://${domain}/body-contouring`));
    expect(active.readiness.missing.map((m) => m.requirement)).not.toContain('domain');

    await setClinicDomain(t.templates!.tenant!.dataSource, domain, 'failing', 'The page answered 502 instead of 200.');
    const failing = await preview();
    expect(failing.preview.landingUrl).toBe(`https://${domain}/body-contouring`);
    expect(failing.readiness.ready).toBe(false);
    expect(failing.readiness.missing).toContainEqual({
      requirement: 'domain',
      message: `${domain} is failing its daily check: The page answered 502 instead of 200. Campaigns cannot be launched or tested on it until it passes again; fix the domain or pause the campaigns that use it.`,
      href: expect.stringMatching(/^\/admin\/clients\/\d+\/domains$/),
      linkText: expect.stringMatching(/'s Domains$/),
    });
    expect(failing.validation.message).toMatch(new RegExp(`^The Google Ads structure is correct, but a launch would fail: .*${domain.replace(/\./g, '\\.')} is failing its daily check`));

    await setClinicDomain(t.templates!.tenant!.dataSource, domain, 'active');
    expect((await preview()).readiness.missing.map((m) => m.requirement)).not.toContain('domain');
  });

  it('answers the launch’s healthcare policy check with the preview: each finding with its ad group, words and rule (what Validate Structure shows)', async () => {
    const written = writtenCampaign(`Claims ${uniq()}`);
    written.adGroups[0]!.ads[0]!.headlines[0] = 'Guaranteed Results With TRT';
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    const campaign = await repo.save(repo.create({ ...toStoredCampaign(written), templateId: 5 }));
    // A clinic of its own: the other has its template 5 service already.
    const service = await createClientService(t.templates!.dataSource, await clinic({ googleAdsAccountId: '123-456-7890' }), 5, { customPath: `claims-${uniq()}` });
    const res = await t.api.get(`/api/google-ads/preview?serviceId=${service.id}&campaignId=${campaign.id}`, ADMIN);
    expect(res.status).toBe(200);
    const { policy } = ServiceCampaignPreviewSchema.parse(res.body.data);
    expect(policy.blocked).toBe(true);
    expect(policy.findings).toEqual([expect.objectContaining({ adGroup: 'Low Testosterone', field: 'headline', text: 'Guaranteed Results With TRT', words: 'Guaranteed', severity: 'block' })]);
    expect(policy.findings.filter((f) => f.field === 'finalUrl')).toEqual([]);
  });

  it('uses the TRT budget of 50 and the built-in campaign when a TRT service asks', async () => {
    const service = await createClientService(t.templates!.dataSource, clinicId, 1);
    await seed(t.dataSource);
    const res = await t.api.get(`/api/google-ads/preview?serviceId=${service.id}`, ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data.defaults.dailyBudget).toBe(50);
    expect(res.body.data.campaigns.length).toBeGreaterThan(0);
  });

  it('says what is missing: no campaigns (409, the spec’s words), no such service (404), anonymous (401)', async () => {
    const noCampaigns = await createClientService(t.templates!.dataSource, clinicId, 3);
    await t.dataSource.query(`DELETE FROM "ads"."ad_campaign_templates" WHERE "template_id" = 3`);
    const none = await t.api.get(`/api/google-ads/preview?serviceId=${noCampaigns.id}`, ADMIN);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("This service doesn't have Google Ads campaigns generated yet. Generate campaigns first in Google Ads Templates.");

    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Any ${uniq()}`)), templateId: 6 }));
    const service = await createClientService(t.templates!.dataSource, clinicId, 6);
    expect((await t.api.get('/api/google-ads/preview?serviceId=98765432', ADMIN)).status).toBe(404);
    expect((await t.api.get('/api/google-ads/preview?serviceId=abc', ADMIN)).status).toBe(400);
    expect((await t.api.get(`/api/google-ads/preview?serviceId=${service.id}`, ANONYMOUS)).status).toBe(401);
  });
});
