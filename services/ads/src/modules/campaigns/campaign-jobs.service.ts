import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, Messages, type CampaignJob, type CampaignProposal, type TemplateCampaign, type GenerateCampaignsInput, type OptimizationGoal } from '@hap/contracts';
import { AppError, assertAdmin, conflict, notFound, recordAudit, type Actor, type AuditNames, type JobQueue } from '@hap/service-kit';
import type { TemplatesClient } from '../../clients/templates.client';
import type { CampaignJobEntity } from './campaign-job.entity';
import { CampaignJobStore } from './campaign-job.repository';
import { toTemplateCampaignDto } from './campaign.dto';

export { CampaignJobStore } from './campaign-job.repository';
export { toStoredCampaign } from './campaign.dto';

/** Why Keep or Discard cannot be done. */
export const PROPOSAL_MESSAGES = {
  notOptimize: 'Only an optimize request has changes to keep or discard.',
  notReady: 'The AI has not finished this proposal yet.',
  decided: (decision: 'kept' | 'discarded') => `These changes were already ${decision}.`,
  stale: 'The campaign changed after these changes were proposed. Discard them and optimize again.',
} as const;

export const toCampaignJobDto = (row: CampaignJobEntity): CampaignJob => ({
  id: row.id,
  kind: row.kind,
  templateId: row.templateId,
  campaignId: row.campaignId,
  goal: row.goal,
  status: row.status,
  error: row.error,
  campaignIds: row.campaignIds,
  proposal: row.proposal ?? null,
  decision: row.decision ?? null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export interface CampaignQueues {
  generate: JobQueue<'ads.generate'>;
  optimize: JobQueue<'ads.optimize'>;
}

/**
 * Generate and Optimize (docs/campaigns.md#google-ads-templates): the request is stored, then its
 * job queued once the row is committed (a worker must find it); a job that
 * cannot be queued leaves the request failed with the reason and answers 503.
 * Without a model (no OPENAI_API_KEY) the API says AI is not configured.
 */
export class CampaignJobService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly templates: TemplatesClient,
    private readonly queues: CampaignQueues | null,
  ) {
    this.store = new CampaignJobStore(dataSource);
  }

  private readonly store: CampaignJobStore;

  private configured(): CampaignQueues {
    if (!this.queues) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.adsAiNotConfigured);
    return this.queues;
  }

  async generate(actor: Actor, templateId: number, input: GenerateCampaignsInput): Promise<CampaignJob> {
    assertAdmin(actor);
    const queues = this.configured();
    const template = await this.templates.template(templateId, actor.requestId);
    const row = await this.create(actor, { kind: 'generate', templateId, brief: (input.serviceDescription ?? '').trim() }, { service: template.name });
    return this.enqueue(row, () => queues.generate.add({ requestId: row.id, templateId }));
  }

  async optimize(actor: Actor, templateId: number, campaignId: number, goal: OptimizationGoal): Promise<CampaignJob> {
    assertAdmin(actor);
    const queues = this.configured();
    const campaign = await this.store.campaignOf(templateId, campaignId);
    if (!campaign) throw notFound(Messages.campaignNotFound(campaignId));
    const row = await this.create(actor, { kind: 'optimize', templateId, campaignId, goal }, { campaign: campaign.name });
    return this.enqueue(row, () => queues.optimize.add({ requestId: row.id, templateId, campaignId, goal }));
  }

  async get(actor: Actor, id: string): Promise<CampaignJob> {
    assertAdmin(actor);
    const row = await this.store.task(id);
    if (!row) throw notFound(Messages.campaignJobNotFound(id));
    return toCampaignJobDto(row);
  }

  /**
   * Keep changes: the proposal replaces the campaign's content (name and
   * status stay) in one transaction with the request marked kept and the
   * audit entry; a campaign changed since the request was made is not
   * overwritten with a rewrite of an older version.
   */
  async keep(actor: Actor, id: string): Promise<TemplateCampaign> {
    assertAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.decidable(manager, id);
      const campaign = await this.store.lockedCampaign(row.campaignId!, manager);
      if (!campaign) throw notFound(Messages.campaignNotFound(row.campaignId!));
      if (campaign.updatedAt.getTime() > row.createdAt.getTime()) throw conflict(PROPOSAL_MESSAGES.stale);
      const before = toTemplateCampaignDto(campaign);
      const proposal = row.proposal!;
      Object.assign(campaign, { description: proposal.description, keywordTheme: proposal.keywordTheme, targetAudience: proposal.targetAudience, adGroups: proposal.adGroups, extensions: proposal.extensions });
      const saved = await this.store.saveCampaign(campaign, manager);
      await this.store.decide(id, 'kept', new Date(), manager);
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'ad_campaign_template',
        entityId: campaign.id,
        changes: { before: contentOf(before), after: { ...proposal, optimizeRequest: id, goal: row.goal } },
      });
      return toTemplateCampaignDto(saved);
    });
  }

  /** Discard: the proposal is dropped; the campaign stays as it is. */
  async discard(actor: Actor, id: string): Promise<CampaignJob> {
    assertAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.decidable(manager, id);
      const decidedAt = new Date();
      await this.store.decide(id, 'discarded', decidedAt, manager);
      await recordAudit(manager, actor, { action: 'update', entity: 'ad_campaign_job', entityId: id, changes: { before: { decision: null }, after: { decision: 'discarded', campaignId: row.campaignId } } });
      return toCampaignJobDto({ ...row, decision: 'discarded', decidedAt });
    });
  }

  /** The request, locked, when it holds a proposal nobody has kept or discarded yet. */
  private async decidable(manager: EntityManager, id: string): Promise<CampaignJobEntity> {
    const row = await this.store.lockedTask(id, manager);
    if (!row) throw notFound(Messages.campaignJobNotFound(id));
    if (row.kind !== 'optimize' || row.campaignId === null) throw conflict(PROPOSAL_MESSAGES.notOptimize);
    if (row.decision) throw conflict(PROPOSAL_MESSAGES.decided(row.decision));
    if (row.status !== 'succeeded' || !row.proposal) throw conflict(PROPOSAL_MESSAGES.notReady);
    return row;
  }

  private create(actor: Actor, fields: Partial<CampaignJobEntity> & Pick<CampaignJobEntity, 'kind' | 'templateId'>, names: AuditNames): Promise<CampaignJobEntity> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.store.insertTask({ id: randomUUID(), requestedBy: actor.identity.userId ?? null, ...fields }, manager);
      await recordAudit(manager, actor, { action: 'create', entity: 'ad_campaign_job', entityId: row.id, changes: { after: { ...fields } }, names });
      return row;
    });
  }

  private async enqueue(row: CampaignJobEntity, add: () => Promise<unknown>): Promise<CampaignJob> {
    try {
      await add();
    } catch (err) {
      await this.store.failed(row.id, `The job could not be queued: ${(err as Error).message}`, true);
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('AI campaign generation'));
    }
    return toCampaignJobDto(row);
  }
}

const contentOf = (c: CampaignProposal): CampaignProposal => ({
  description: c.description,
  keywordTheme: c.keywordTheme,
  targetAudience: c.targetAudience,
  adGroups: c.adGroups,
  extensions: c.extensions,
});

/** A template's optimize proposals waiting for Keep or Discard, newest first. */
export async function pendingProposals(dataSource: DataSource, templateId: number): Promise<CampaignJob[]> {
  return (await new CampaignJobStore(dataSource).pendingProposals(templateId)).map(toCampaignJobDto);
}
