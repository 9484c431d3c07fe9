import { CampaignStructureSchema, TemplateCampaignsSchema, ValidateStructureResultSchema } from '@hap/contracts';
import { AdCampaignTemplateEntity } from '../../src/modules/campaigns/campaign.entity';
import { ADMIN, ANONYMOUS, START_TIMEOUT_MS, startAds, type TestAds } from '../helpers/app';
import { giveClinicDomain } from '../helpers/clinic-domain';
import { sharedService } from '@hap/test-kit/shared-service';

const structure = CampaignStructureSchema.parse({
  name: 'TRT - Low Energy',
  adGroups: [
    {
      name: 'Low Testosterone',
      keywordType: 'PHRASE',
      keywords: ['low testosterone treatment', 'trt clinic near me'],
      ads: [{ headlines: ['Low T? Get Tested Today', 'Board-Certified Providers', 'Free TRT Consultation'], descriptions: ['Lab testing and a plan made for you.', 'Same-week visits. Call today.'] }],
    },
  ],
  extensions: { sitelinks: [{ linkText: 'Book a Consult', description1: 'Same-week visits', description2: 'No referral needed' }], callouts: ['Free Consultation'] },
});

async function addCampaign(t: TestAds, templateId: number, name: string) {
  const repo = t.dataSource.getRepository(AdCampaignTemplateEntity);
  return repo.save(repo.create({ ...structure, templateId, name, description: 'Men 30+ with low energy', keywordTheme: 'low testosterone', targetAudience: 'Men 30-65' }));
}

describe('Google Ads template campaigns API', () => {
  const t = sharedService(() => startAds(), START_TIMEOUT_MS);

  describe('GET /api/service-templates/:id/google-ads', () => {
    it("lists a template's campaigns newest first with the template's name", async () => {
      const older = await addCampaign(t, 1, `Older ${Date.now()}`);
      const newer = await addCampaign(t, 1, `Newer ${Date.now()}`);
      const res = await t.api.get('/api/service-templates/1/google-ads', ADMIN);
      expect(res.status).toBe(200);
      const data = TemplateCampaignsSchema.parse(res.body.data);
      expect(data.serviceName).toBe('Testosterone Replacement Therapy (TRT)');
      const ids = data.campaigns.map((c) => c.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(data.campaigns.find((c) => c.id === newer.id)).toMatchObject({ templateId: 1, isActive: true, adGroups: structure.adGroups, extensions: structure.extensions });
    });

    it('answers 404 for a template that does not exist, and 401 to anonymous callers', async () => {
      const missing = await t.api.get('/api/service-templates/987654/google-ads', ADMIN);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Service template 987654 was not found.');
      expect((await t.api.get('/api/service-templates/1/google-ads', ANONYMOUS)).status).toBe(401);
    });
  });

  describe('DELETE /api/service-templates/:id/google-ads/:campaignId', () => {
    it('deletes the campaign and audits it; another template’s campaign is not found', async () => {
      const campaign = await addCampaign(t, 4, `Delete me ${Date.now()}`);
      expect((await t.api.delete(`/api/service-templates/1/google-ads/${campaign.id}`, ADMIN)).status).toBe(404);
      const res = await t.api.delete(`/api/service-templates/4/google-ads/${campaign.id}`, ADMIN);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: campaign.id });
      expect(await t.dataSource.getRepository(AdCampaignTemplateEntity).existsBy({ id: campaign.id })).toBe(false);
      const [audit] = await t.dataSource.query(`SELECT action, entity, changes FROM ads.audit_log WHERE entity_id = $1 AND entity = 'ad_campaign_template'`, [
        String(campaign.id),
      ]);
      expect(audit).toMatchObject({ action: 'delete', changes: { before: { name: campaign.name } } });
      const again = await t.api.delete(`/api/service-templates/4/google-ads/${campaign.id}`, ADMIN);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(`Google Ads campaign ${campaign.id} was not found.`);
    });
  });

  describe('POST /api/google-ads/validate-structure', () => {
    it('passes a valid campaign without saying it is ready for launch when no clinic is named', async () => {
      const res = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: structure, finalUrl: 'https://summit.example/trt' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        allValid: true,
        validationResults: [{ adGroupName: 'Low Testosterone', errors: [] }],
        message: 'The Google Ads structure is correct.',
        readiness: null,
      });
    });

    it('with a clinic, names what a launch would still fail on and where each is set, instead of ready for launch', async () => {
      const tenant = t.templates!.tenant!;
      const bare = await tenant.api.post('/api/clients', ADMIN).send({ name: `Bare Clinic ${Date.now()}`, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199' });
      expect(bare.status).toBe(201);
      const res = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: structure, finalUrl: 'https://summit.example/trt', clientId: bare.body.data.id });
      expect(res.status).toBe(200);
      const data = ValidateStructureResultSchema.parse(res.body.data);
      const name = bare.body.data.name as string;
      // This app has no Google Ads configuration: the connection is what is missing there.
      expect(data.readiness).toEqual({
        ready: false,
        missing: [
          { requirement: 'googleAdsAccount', message: `${name} has no Google Ads account ID (customer ID): set it in the client's settings.`, href: '/admin/clients', linkText: `Set ${name}'s Google Ads account in Clients` },
          { requirement: 'googleAdsConnection', message: expect.stringMatching(/^Google Ads is not configured/), href: '/admin/google-ads-auth', linkText: 'Open Google Ads Authentication' },
        ],
      });
      expect(data.allValid).toBe(true);
      expect(data.message).toMatch(/^The Google Ads structure is correct, but a launch would fail: .+ has no Google Ads account ID/);
      expect(data.message).not.toContain('ready for launch');

      // A clinic with its account (and no domain of its own: its pages are on the platform's host): only the connection is left.
      const set = await tenant.api.post('/api/clients', ADMIN).send({ name: `Set Clinic ${Date.now()}`, address: '12 Elm Street, Austin, TX 78701', phone: '(512) 555-0199', googleAdsAccountId: '123-456-7890' });
      const partly = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: structure, finalUrl: 'https://summit.example/trt', clientId: set.body.data.id });
      expect(partly.body.data.readiness.missing.map((m: { requirement: string }) => m.requirement)).toEqual(['googleAdsConnection']);

      // Its own domain failing the daily check: the domain, with the reason, is what a launch would fail on too.
      const domain = await giveClinicDomain(tenant.dataSource, set.body.data.id, `www.set-${Date.now()}.example`, 'failing', 'The certificate expires in 3 days.');
      const failing = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: structure, finalUrl: `https://${domain}/trt`, clientId: set.body.data.id });
      expect(failing.body.data.readiness.missing).toEqual([
        expect.objectContaining({ requirement: 'googleAdsConnection' }),
        expect.objectContaining({ requirement: 'domain', message: expect.stringMatching(new RegExp(`^${domain.replace(/\./g, '\\.')} is failing its daily check: The certificate expires in 3 days\\.`)) }),
      ]);

      const unknown = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: structure, finalUrl: 'https://summit.example/trt', clientId: 987654 });
      expect(unknown.status).toBe(404);
      const badId = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: structure, finalUrl: 'https://summit.example/trt', clientId: 'two' });
      expect(badId.status).toBe(400);
    });

    it('names each ad group’s issues', async () => {
      const long = { ...structure, adGroups: [{ ...structure.adGroups[0]!, ads: [{ headlines: ['x'.repeat(31), 'b', 'c'], descriptions: ['d', 'e'] }] }] };
      const res = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: long, finalUrl: 'https://summit.example/trt' });
      expect(res.status).toBe(200);
      expect(res.body.data.allValid).toBe(false);
      expect(res.body.data.validationResults[0].errors).toEqual([expect.stringMatching(/^The ad headline 1 is 31 characters \(at most 30\)/)]);
    });

    it('refuses a body that is not a campaign with 400 and the fields, and anonymous callers', async () => {
      const bad = await t.api.post('/api/google-ads/validate-structure', ADMIN).send({ template: { adGroups: 'x' }, finalUrl: 'javascript:alert(1)' });
      expect(bad.status).toBe(400);
      expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['template.name', 'template.adGroups', 'finalUrl']));
      expect((await t.api.post('/api/google-ads/validate-structure', ANONYMOUS).send({ template: structure, finalUrl: 'https://a.example' })).status).toBe(401);
    });
  });

  it('answers 503 when templates cannot be asked', async () => {
    const down = await startAds({ templatesUrl: 'http://127.0.0.1:9' });
    try {
      const res = await down.api.get('/api/service-templates/1/google-ads', ADMIN);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The templates service is temporarily unavailable. Please try again in a moment.');
    } finally {
      await down.close();
    }
  });
});
