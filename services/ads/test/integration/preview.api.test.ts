import { ServiceCampaignPreviewSchema } from '@hap/contracts';
import { createClientService, uniq } from '../../../templates/test/helpers/factories';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';
import { writtenCampaign } from '../helpers/written-campaigns';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { toStoredCampaign } from '../../src/modules/campaigns/campaign-jobs.service';
import { seed } from '../../src/db/seed';

describe('GET /api/google-ads/preview: a clinic’s service as a Google Ads campaign', () => {
  let t: TestAds;
  let clinicId: number;

  async function clinic(fields: Record<string, unknown>) {
    const res = await t.templates!.tenant!.api.post('/api/clients', ADMIN).send({ name: `Summit Wellness ${uniq()}`, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', ...fields });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }

  beforeAll(async () => {
    t = await startAds();
    clinicId = await clinic({ domain: `summit-${uniq()}.example`, googleAdsAccountId: '123-456-7890' });
  }, START_TIMEOUT_MS);
  afterAll(() => t.close());

  it('builds the preview from the service, its clinic and its template’s campaign, with the defaults and the structure check', async () => {
    // CoolSculpting (template 5 in the demo catalogue) with a campaign written for it.
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    const campaign = await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Body ${uniq()}`)), templateId: 5 }));
    const service = await createClientService(t.templates!.dataSource, clinicId, 5, { customPath: 'coolsculpting-austin' });

    const res = await t.api.get(`/api/google-ads/preview?serviceId=${service.id}&campaignId=${campaign.id}&styleParam=B`, ADMIN);
    expect(res.status).toBe(200);
    const data = ServiceCampaignPreviewSchema.parse(res.body.data);
    const domain = (await t.templates!.tenant!.api.get(`/api/clients/${clinicId}`, ADMIN)).body.data.domain;
    expect(data.preview).toMatchObject({
      serviceName: 'CoolSculpting',
      landingUrl: `https://${domain}/coolsculpting-austin?style=B`,
      clientPhone: '(512) 555-0199',
      campaign: { extensions: { call: { phone: '(512) 555-0199' }, location: { address: '12 Elm Street, Austin, TX 78701' } } },
    });
    expect(data.preview.campaign.extensions.sitelinks[0]!.finalUrl).toBe(`https://${domain}/coolsculpting-austin?style=B`);
    expect(data).toMatchObject({
      campaignId: campaign.id,
      // tenant keeps the account id as digits
      googleAdsAccountId: '1234567890',
      defaults: { dailyBudget: 33, radiusMiles: 25, bidStrategy: 'Maximize Conversions', exclusions: { excludedGenders: ['FEMALE', 'UNDETERMINED'] } },
      validation: { allValid: true },
    });
  });

  it('uses the TRT budget of 50 and the built-in campaign when a TRT service asks', async () => {
    const service = await createClientService(t.templates!.dataSource, clinicId, 1);
    await seed(t.dataSource);
    const res = await t.api.get(`/api/google-ads/preview?serviceId=${service.id}`, ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data.defaults.dailyBudget).toBe(50);
    expect(res.body.data.campaigns.length).toBeGreaterThan(0);
  });

  it('says what is missing: no campaigns (409, the spec’s words), no domain (409), no such service (404), anonymous (401)', async () => {
    const noCampaigns = await createClientService(t.templates!.dataSource, clinicId, 3);
    await t.dataSource.query(`DELETE FROM "ads"."ad_campaign_templates" WHERE "template_id" = 3`);
    const none = await t.api.get(`/api/google-ads/preview?serviceId=${noCampaigns.id}`, ADMIN);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("This service doesn't have Google Ads campaigns generated yet. Generate campaigns first in Google Ads Templates.");

    const noDomain = await clinic({});
    const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
    await repo.save(repo.create({ ...toStoredCampaign(writtenCampaign(`Any ${uniq()}`)), templateId: 6 }));
    const service = await createClientService(t.templates!.dataSource, noDomain, 6);
    const res = await t.api.get(`/api/google-ads/preview?serviceId=${service.id}`, ADMIN);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/has no domain: set the clinic's domain before previewing/);
    // The refusal names its field, which is what the Campaign dialog reads to link to the Clients screen.
    expect(res.body.issues).toEqual([{ path: 'domain', message: res.body.message }]);

    expect((await t.api.get('/api/google-ads/preview?serviceId=98765432', ADMIN)).status).toBe(404);
    expect((await t.api.get('/api/google-ads/preview?serviceId=abc', ADMIN)).status).toBe(400);
    expect((await t.api.get(`/api/google-ads/preview?serviceId=${service.id}`, ANONYMOUS)).status).toBe(401);
  });
});
