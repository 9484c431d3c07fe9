import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, Messages, type CampaignJob, type CampaignProposal, type TemplateCampaign, type GenerateCampaignsInput, type OptimizationGoal, type WrittenCampaign } from '@hap/contracts';
import { AppError, assertAdmin, conflict, notFound, recordAudit, type Actor, type AuditNames, type JobQueue } from '@hap/service-kit';
import type { TemplatesClient } from '../../clients/templates.client';
import { CampaignJobEntity } from './campaign-job.entity';
import { AdCampaignTemplateEntity } from './campaign.entity';
import { toTemplateCampaignDto } from './campaign.dto';

/** Why Keep or Discard cannot be done (issue 24 item 4). */
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
 * Generate and Optimize (admin spec §2.13): the request is stored, then its
 * job queued once the row is committed (a worker must find it); a job that
 * cannot be queued leaves the request failed with the reason and answers 503.
 * Without a model (no OPENAI_API_KEY) the API says AI is not configured.
 */
export class CampaignJobService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly templates: TemplatesClient,
    private readonly queues: CampaignQueues | null,
  ) {}

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
    const campaign = await this.dataSource.getRepository(AdCampaignTemplateEntity).findOneBy({ id: campaignId, templateId });
    if (!campaign) throw notFound(Messages.campaignNotFound(campaignId));
    const row = await this.create(actor, { kind: 'optimize', templateId, campaignId, goal }, { campaign: campaign.name });
    return this.enqueue(row, () => queues.optimize.add({ requestId: row.id, templateId, campaignId, goal }));
  }

  async get(actor: Actor, id: string): Promise<CampaignJob> {
    assertAdmin(actor);
    const row = await this.dataSource.getRepository(CampaignJobEntity).findOneBy({ id });
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
      const repo = manager.getRepository(AdCampaignTemplateEntity);
      const campaign = await repo.findOne({ where: { id: row.campaignId! }, lock: { mode: 'pessimistic_write' } });
      if (!campaign) throw notFound(Messages.campaignNotFound(row.campaignId!));
      if (campaign.updatedAt.getTime() > row.createdAt.getTime()) throw conflict(PROPOSAL_MESSAGES.stale);
      const before = toTemplateCampaignDto(campaign);
      const proposal = row.proposal!;
      Object.assign(campaign, { description: proposal.description, keywordTheme: proposal.keywordTheme, targetAudience: proposal.targetAudience, adGroups: proposal.adGroups, extensions: proposal.extensions });
      const saved = await repo.save(campaign);
      await manager.getRepository(CampaignJobEntity).update({ id }, { decision: 'kept', decidedAt: new Date() });
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
      await manager.getRepository(CampaignJobEntity).update({ id }, { decision: 'discarded', decidedAt });
      await recordAudit(manager, actor, { action: 'update', entity: 'ad_campaign_job', entityId: id, changes: { before: { decision: null }, after: { decision: 'discarded', campaignId: row.campaignId } } });
      return toCampaignJobDto({ ...row, decision: 'discarded', decidedAt });
    });
  }

  /** The request, locked, when it holds a proposal nobody has kept or discarded yet. */
  private async decidable(manager: EntityManager, id: string): Promise<CampaignJobEntity> {
    const row = await manager.getRepository(CampaignJobEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw notFound(Messages.campaignJobNotFound(id));
    if (row.kind !== 'optimize' || row.campaignId === null) throw conflict(PROPOSAL_MESSAGES.notOptimize);
    if (row.decision) throw conflict(PROPOSAL_MESSAGES.decided(row.decision));
    if (row.status !== 'succeeded' || !row.proposal) throw conflict(PROPOSAL_MESSAGES.notReady);
    return row;
  }

  private create(actor: Actor, fields: Partial<CampaignJobEntity> & Pick<CampaignJobEntity, 'kind' | 'templateId'>, names: AuditNames): Promise<CampaignJobEntity> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(CampaignJobEntity);
      const row = await repo.save(repo.create({ id: randomUUID(), requestedBy: actor.identity.userId ?? null, ...fields }));
      await recordAudit(manager, actor, { action: 'create', entity: 'ad_campaign_job', entityId: row.id, changes: { after: { ...fields } }, names });
      return row;
    });
  }

  private async enqueue(row: CampaignJobEntity, add: () => Promise<unknown>): Promise<CampaignJob> {
    try {
      await add();
    } catch (err) {
      await new CampaignJobStore(this.dataSource).failed(row.id, `The job could not be queued: ${(err as Error).message}`, true);
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
  const rows = await dataSource
    .getRepository(CampaignJobEntity)
    .createQueryBuilder('job')
    .where('job.templateId = :templateId', { templateId })
    .andWhere("job.kind = 'optimize' AND job.status = 'succeeded' AND job.decision IS NULL AND job.proposal IS NOT NULL")
    .orderBy('job.createdAt', 'DESC')
    .getMany();
  return rows.map(toCampaignJobDto);
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

/** The worker's reads and writes of one request. */
export class CampaignJobStore {
  constructor(private readonly dataSource: DataSource) {}

  task(id: string): Promise<CampaignJobEntity | null> {
    return this.dataSource.getRepository(CampaignJobEntity).findOneBy({ id });
  }

  campaign(id: number): Promise<AdCampaignTemplateEntity | null> {
    return this.dataSource.getRepository(AdCampaignTemplateEntity).findOneBy({ id });
  }

  async running(id: string): Promise<void> {
    await this.dataSource.getRepository(CampaignJobEntity).update({ id }, { status: 'running', error: null });
  }

  /** `final`: no retry follows, the request failed; otherwise it stays running with the last error shown. */
  async failed(id: string, error: string, final: boolean): Promise<void> {
    await this.dataSource
      .getRepository(CampaignJobEntity)
      .update({ id }, final ? { status: 'failed', error, finishedAt: new Date() } : { status: 'running', error });
  }

  /**
   * Stores generated campaigns and marks the request done, in one
   * transaction; a job that runs again after its campaigns were stored finds
   * them by the request's id instead of writing them twice.
   */
  async saveGenerated(id: string, templateId: number, campaigns: readonly WrittenCampaign[]): Promise<number[]> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(AdCampaignTemplateEntity);
      const existing = await repo.find({ where: { generationId: id }, order: { id: 'ASC' } });
      const saved = existing.length ? existing : await repo.save(campaigns.map((c) => repo.create({ ...toStoredCampaign(c), templateId, generationId: id })));
      const ids = saved.map((c) => c.id);
      await this.finish(manager, id, ids);
      return ids;
    });
  }

  /**
   * Stores the rewrite on the request as its proposal (the campaign itself is
   * not touched: it stays what launches use until the admin keeps the
   * proposal) and marks the request done.
   */
  async saveProposal(id: string, campaignId: number, written: WrittenCampaign): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { name: _name, ...content } = toStoredCampaign(written);
      await this.finish(manager, id, [campaignId], content);
    });
  }

  private async finish(manager: EntityManager, id: string, campaignIds: number[], proposal: CampaignProposal | null = null): Promise<void> {
    await manager.getRepository(CampaignJobEntity).update({ id }, { status: 'succeeded', error: null, campaignIds, proposal, finishedAt: new Date() });
  }
}
