import {
  Messages,
  validateCampaignStructure,
  withLaunchReadiness,
  type CampaignStructure,
  type TemplateCampaigns,
  type TemplateCampaignSummary,
  type ValidateStructureResult,
} from '@hap/contracts';
import { assertAdmin, auditedTransaction, notFound, type Actor } from '@hap/service-kit';
import type { CampaignSources } from '../launches/launch.service';
import { pendingProposals } from './campaign-jobs.service';
import { toTemplateCampaignDto } from './campaign.dto';
import { launchReadiness } from './launch-readiness';

/** A service template's Google Ads campaigns (docs/campaigns.md#google-ads-templates) and the structure check (docs/campaigns.md#campaign-dialogs). */
export class CampaignService {
  constructor(private readonly sources: CampaignSources) {}

  async listForTemplate(actor: Actor, templateId: number): Promise<TemplateCampaigns> {
    assertAdmin(actor);
    // The template first: a template that does not exist (or templates being down) needs no query here.
    const { name: serviceName } = await this.sources.templates.template(templateId, actor.requestId);
    const [rows, proposals] = await Promise.all([this.sources.campaigns.listByTemplate(templateId), pendingProposals(this.sources.dataSource, templateId)]);
    return { templateId, serviceName, campaigns: rows.map(toTemplateCampaignDto), proposals };
  }

  async remove(actor: Actor, templateId: number, campaignId: number): Promise<{ id: number }> {
    assertAdmin(actor);
    return auditedTransaction(this.sources.dataSource, actor, async (manager) => {
      const before = await this.sources.campaigns.findByIdForWrite(campaignId, manager, 'delete');
      // A campaign of another template is not this template's to delete.
      if (!before || before.templateId !== templateId || !(await this.sources.campaigns.delete(campaignId, manager))) {
        throw notFound(Messages.campaignNotFound(campaignId));
      }
      return {
        result: { id: campaignId },
        audit: { action: 'delete', entity: 'ad_campaign_template', entityId: campaignId, changes: { before: toTemplateCampaignDto(before) }, names: { campaign: before.name } },
      };
    });
  }

  /** Each template with campaigns: how many, and whether an active one passes the structure check (the list's Ready mark). */
  async summaries(actor: Actor): Promise<TemplateCampaignSummary[]> {
    assertAdmin(actor);
    const rows = await this.sources.campaigns.listAll();
    const byTemplate = new Map<number, TemplateCampaignSummary>();
    for (const row of rows) {
      const summary = byTemplate.get(row.templateId) ?? { templateId: row.templateId, campaigns: 0, ready: false };
      summary.campaigns += 1;
      if (!summary.ready && row.isActive) summary.ready = validateCampaignStructure(toTemplateCampaignDto(row)).allValid;
      byTemplate.set(row.templateId, summary);
    }
    return [...byTemplate.values()].sort((a, b) => a.templateId - b.templateId);
  }

  /** The structure check; with a clinic, also what its launch would still need (only then 'ready for launch'). */
  async validate(actor: Actor, body: { template: CampaignStructure; clientId?: number }): Promise<ValidateStructureResult> {
    assertAdmin(actor);
    const readiness = body.clientId === undefined ? null : await launchReadiness(await this.sources.tenant.clinic(body.clientId, actor.requestId), this.sources.access, this.sources.platformOrigin);
    return { ...withLaunchReadiness(validateCampaignStructure(body.template), readiness), readiness };
  }
}
