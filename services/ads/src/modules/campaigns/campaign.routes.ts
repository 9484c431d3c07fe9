import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { CampaignService } from './campaign.service';

/** /api/service-templates/{id}/google-ads… and /api/google-ads/validate-structure (admin spec §7). */
export const campaignHandlers = (
  campaigns: CampaignService,
): Pick<RouteHandlers<'ads'>, 'listTemplateCampaigns' | 'deleteTemplateCampaign' | 'validateCampaignStructure'> => ({
  listTemplateCampaigns: ({ params }, request) => campaigns.listForTemplate(actorOf(request), params.id),
  deleteTemplateCampaign: ({ params }, request) => campaigns.remove(actorOf(request), params.id, params.campaignId),
  validateCampaignStructure: async ({ body }, request) => campaigns.validate(actorOf(request), body.template),
});
