import { join } from 'node:path';
import { AdGroupSchema, CampaignExtensionsSchema, type AdGroup, type CampaignExtensions } from '@hap/contracts';
import { readSeedFile } from '@hap/service-kit';
import { z } from 'zod';

/**
 * The TRT service's built-in campaign (docs/admin.md#records "Built-in defaults for
 * the TRT service only"): about 20 keywords, 45 headlines and 12 descriptions
 * (three responsive search ads of 15 and 4), call to action Schedule Now, 10
 * callouts; its launch defaults (Female excluded, men 25-65+, Maximize
 * Conversions, 50 a day) are campaign-defaults.ts's. Written to Google's
 * healthcare policies: no promised results, no drug names in ad text. Data in
 * services/ads/seed/trt-campaign.json (read from src/db and dist/db alike).
 */
const TrtCampaignFile = z.object({
  templateId: z.number().int().positive(),
  campaign: z.object({
    name: z.string().min(1),
    description: z.string(),
    keywordTheme: z.string(),
    targetAudience: z.string(),
    adGroups: z.array(AdGroupSchema),
    extensions: CampaignExtensionsSchema,
  }),
});

const trt = readSeedFile(join(__dirname, '../../seed/trt-campaign.json'), TrtCampaignFile);

export const TRT_TEMPLATE_ID = trt.templateId;

export const TRT_BUILT_IN_CAMPAIGN: {
  name: string;
  description: string;
  keywordTheme: string;
  targetAudience: string;
  adGroups: AdGroup[];
  extensions: CampaignExtensions;
} = trt.campaign;
