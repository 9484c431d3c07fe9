import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { AdCampaignTemplateEntity } from '../modules/campaigns/campaign.entity';
import { TRT_BUILT_IN_CAMPAIGN, TRT_TEMPLATE_ID } from './seed-trt-campaign';

/** The built-in campaigns' marker: written once per database; deleting one in the admin keeps it deleted. */
export const BUILT_IN_SEED = 'built-in-v1';

/**
 * The ads service's seed: the TRT template's built-in campaign (docs/admin.md#records), once per database, keyed like a generation so a rerun or a second
 * process at the same moment writes it once.
 */
export async function seed(dataSource: DataSource): Promise<{ builtInSeeded: boolean }> {
  const [{ seeded }] = (await dataSource.query(`SELECT EXISTS (SELECT 1 FROM "ads"."seed_history" WHERE "name" = $1) AS "seeded"`, [BUILT_IN_SEED])) as Array<{ seeded: boolean }>;
  if (seeded) return { builtInSeeded: false };
  return dataSource.transaction(async (manager) => {
    const [claimed] = (await manager.query(`INSERT INTO "ads"."seed_history" ("name") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "name"`, [BUILT_IN_SEED])) as unknown[];
    if (!claimed) return { builtInSeeded: false };
    const repo = manager.getRepository(AdCampaignTemplateEntity);
    await repo.save(repo.create({ ...TRT_BUILT_IN_CAMPAIGN, templateId: TRT_TEMPLATE_ID, generationId: BUILT_IN_SEED }));
    return { builtInSeeded: true };
  });
}
