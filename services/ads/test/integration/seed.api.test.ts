import { CampaignStructureSchema, validateCampaignStructure } from '@hap/contracts';
import { loadServiceConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { BUILT_IN_SEED, seed } from '../../src/db/seed';
import { TRT_BUILT_IN_CAMPAIGN } from '../../src/db/seed-trt-campaign';

describe('the built-in TRT campaign (docs/admin.md)', () => {
  it('has about 20 keywords, 45 headlines, 12 descriptions and 10 callouts, all within Google’s limits', () => {
    const [group] = TRT_BUILT_IN_CAMPAIGN.adGroups;
    expect(group!.keywords).toHaveLength(20);
    expect(group!.ads.flatMap((a) => a.headlines)).toHaveLength(45);
    expect(new Set(group!.ads.flatMap((a) => a.headlines.map((h) => h.toLowerCase()))).size).toBe(45);
    expect(group!.ads.flatMap((a) => a.descriptions)).toHaveLength(12);
    expect(TRT_BUILT_IN_CAMPAIGN.extensions.callouts).toHaveLength(10);
    expect(group!.ads[0]!.headlines).toContain('Schedule Now');
    expect(validateCampaignStructure(CampaignStructureSchema.parse(TRT_BUILT_IN_CAMPAIGN))).toMatchObject({ allValid: true });
  });

  it('is written once per database, also when two seeds run at once', async () => {
    const dataSource = createDataSource(loadServiceConfig().DATABASE_URL);
    await dataSource.initialize();
    try {
      await dataSource.query(`DELETE FROM "ads"."ad_campaign_templates" WHERE "generation_id" = $1`, [BUILT_IN_SEED]);
      await dataSource.query(`DELETE FROM "ads"."seed_history" WHERE "name" = $1`, [BUILT_IN_SEED]);
      const results = await Promise.all([seed(dataSource), seed(dataSource)]);
      expect(results.filter((r) => r.builtInSeeded)).toHaveLength(1);
      expect(await seed(dataSource)).toEqual({ builtInSeeded: false });
      const rows = await dataSource.query(`SELECT "template_id", "name" FROM "ads"."ad_campaign_templates" WHERE "generation_id" = $1`, [BUILT_IN_SEED]);
      expect(rows).toEqual([{ template_id: 1, name: 'TRT - Built-in Search Campaign' }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
