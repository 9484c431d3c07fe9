import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { CampaignJobService } from './campaign-jobs.service';
import type { CampaignPreviewService } from './campaign-preview.service';
import type { CampaignService } from './campaign.service';

/** /api/service-templates/{id}/google-ads… and /api/google-ads/… of the template campaigns (docs/campaigns.md#google-ads-templates, docs/admin.md#calls). */
export const campaignHandlers = (
  campaigns: CampaignService,
  jobs: CampaignJobService,
  previews: CampaignPreviewService,
): Pick<
  RouteHandlers<'ads'>,
  | 'listTemplateCampaigns'
  | 'deleteTemplateCampaign'
  | 'validateCampaignStructure'
  | 'listTemplateCampaignSummaries'
  | 'generateTemplateCampaigns'
  | 'optimizeTemplateCampaign'
  | 'getCampaignJob'
  | 'keepCampaignProposal'
  | 'discardCampaignProposal'
  | 'previewServiceCampaign'
> => ({
  listTemplateCampaigns: ({ params }, request) => campaigns.listForTemplate(actorOf(request), params.id),
  listTemplateCampaignSummaries: (_input, request) => campaigns.summaries(actorOf(request)),
  deleteTemplateCampaign: ({ params }, request) => campaigns.remove(actorOf(request), params.id, params.campaignId),
  validateCampaignStructure: ({ body }, request) => campaigns.validate(actorOf(request), body),
  generateTemplateCampaigns: ({ params, body }, request) => jobs.generate(actorOf(request), params.id, body),
  optimizeTemplateCampaign: ({ params, body }, request) => jobs.optimize(actorOf(request), params.id, params.campaignId, body.optimizationGoal),
  getCampaignJob: ({ params }, request) => jobs.get(actorOf(request), params.jobId),
  keepCampaignProposal: ({ params }, request) => jobs.keep(actorOf(request), params.jobId),
  discardCampaignProposal: ({ params }, request) => jobs.discard(actorOf(request), params.jobId),
  previewServiceCampaign: ({ query }, request) => previews.preview(actorOf(request), query),
});
