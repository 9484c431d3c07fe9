import { CampaignExtensionsSchema, type TemplateCampaign, type WrittenCampaign } from '@hap/contracts';
import type { AdCampaignTemplateEntity } from './campaign.entity';

export function toTemplateCampaignDto(row: AdCampaignTemplateEntity): TemplateCampaign {
  return {
    id: row.id,
    templateId: row.templateId,
    name: row.name,
    description: row.description,
    keywordTheme: row.keywordTheme,
    targetAudience: row.targetAudience,
    isActive: row.isActive,
    adGroups: Array.isArray(row.adGroups) ? row.adGroups : [],
    // A row written before a field existed reads with its default.
    extensions: CampaignExtensionsSchema.parse(row.extensions ?? {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A written campaign as stored: sitelinks lead to the service's landing page ({{CLIENT_WEBSITE}}). */
export const toStoredCampaign = (written: WrittenCampaign) => ({
  name: written.name,
  description: written.description,
  keywordTheme: written.keywordTheme,
  targetAudience: written.targetAudience,
  adGroups: written.adGroups,
  extensions: {
    sitelinks: written.sitelinks.map((s) => ({ ...s, finalUrl: '{{CLIENT_WEBSITE}}' })),
    callouts: written.callouts,
  },
});
