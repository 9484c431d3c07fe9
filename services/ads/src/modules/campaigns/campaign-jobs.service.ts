import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, Messages, type CampaignJob, type GenerateCampaignsInput, type OptimizationGoal, type WrittenCampaign } from '@hap/contracts';
import { AppError, assertAdmin, notFound, recordAudit, type Actor, type AuditNames, type JobQueue } from '@hap/service-kit';
import type { TemplatesClient } from '../../clients/templates.client';
import { CampaignJobEntity } from './campaign-job.entity';
import { AdCampaignTemplateEntity } from './campaign.entity';

export const toCampaignJobDto = (row: CampaignJobEntity): CampaignJob => ({
  id: row.id,
  kind: row.kind,
  templateId: row.templateId,
  campaignId: row.campaignId,
  goal: row.goal,
  status: row.status,
  error: row.error,
  campaignIds: row.campaignIds,
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

  /** Replaces the campaign's content with the rewrite (its name and status stay) and marks the request done. */
  async saveOptimized(id: string, campaignId: number, written: WrittenCampaign): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { name: _name, ...content } = toStoredCampaign(written);
      const result = await manager.getRepository(AdCampaignTemplateEntity).update({ id: campaignId }, content);
      if (!result.affected) throw new Error(Messages.campaignNotFound(campaignId));
      await this.finish(manager, id, [campaignId]);
    });
  }

  private async finish(manager: EntityManager, id: string, campaignIds: number[]): Promise<void> {
    await manager.getRepository(CampaignJobEntity).update({ id }, { status: 'succeeded', error: null, campaignIds, finishedAt: new Date() });
  }
}
